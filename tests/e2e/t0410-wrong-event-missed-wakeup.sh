#!/bin/sh
# t0410-wrong-event-missed-wakeup.sh — a set() that misses a waiter leaves a stuck history no serial run explains.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libevent-nolock.so client-event

lp_run --target "$P/libevent-nolock.so" -- "$P/client-event"
expect_violation_report
expect_out 'stuck' "the report says stuck"
expect_out 'event_wait' "the report names the pending event_wait"
done_testing
