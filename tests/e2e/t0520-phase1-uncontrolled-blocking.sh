#!/bin/sh
# t0520-phase1-uncontrolled-blocking.sh — an operation blocked in a call the scheduler cannot
# see (read(2) on a pipe) is detected by the watchdog and reported, never a hang.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libchan-pipe.so client-chan

LP_TEST_TIMEOUT=40
lp_run --watchdog 2 --target "$P/libchan-pipe.so" -- "$P/client-chan"
[ "$RC" != 124 ] && [ "$RC" != 137 ]
ok $? "finishes before the test's time limit"
expect_error 'block|watchdog|progress|read'
expect_no_out 'verdict: no violation found' "no clean verdict"
done_testing
