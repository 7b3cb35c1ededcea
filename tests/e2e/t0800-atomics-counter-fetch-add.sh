#!/bin/sh
# t0800-atomics-counter-fetch-add.sh — a counter incremented with one __atomic_fetch_add (lock xadd) is linearizable: exit 0.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libcounter-atomic.so client-counter-atomic

lp_run --target "$P/libcounter-atomic.so" -- "$P/client-counter-atomic"
expect_status 0
expect_verdict "no violation found"
expect_all_sites_trapped
done_testing
