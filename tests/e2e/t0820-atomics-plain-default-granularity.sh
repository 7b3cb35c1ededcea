#!/bin/sh
# t0820-atomics-plain-default-granularity.sh — a plain (non-atomic) increment has no scheduling point inside at the default granularity: each call runs unpreempted, so no violation is found (the race needs --granularity memory, t0821).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libcounter-plain.so client-counter-plain

lp_run --target "$P/libcounter-plain.so" -- "$P/client-counter-plain"
expect_status 0
expect_verdict "no violation found"
expect_out '^note: plain loads and stores are no scheduling points at -g atomic: .*-g memory' \
	"the summary points at -g memory, since nothing in the target could be trapped"

lp_run -g atomic --target "$P/libcounter-plain.so" -- "$P/client-counter-plain"
expect_status 0 "-g atomic: exit status 0"
expect_verdict "no violation found"
expect_all_sites_trapped
done_testing
