#!/bin/sh
# t0851-atomics-event-fixed.sh — the same CAS+futex event with one read per update is linearizable: futex waits and wakes are modelled, exit 0.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libevent-cas.so client-event-cas

lp_run --target "$P/libevent-cas.so" -- "$P/client-event-cas"
expect_status 0
expect_verdict "no violation found"
expect_all_sites_trapped
done_testing
