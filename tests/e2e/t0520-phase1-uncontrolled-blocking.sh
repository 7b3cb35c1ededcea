#!/bin/sh
# t0520-phase1-uncontrolled-blocking.sh — a thread that keeps the baton without reaching a
# scheduling point is found by the watchdog and reported with where it is, never a hang:
# an operation blocked in a call the scheduler cannot see (read(2) on a pipe), and one
# busy-waiting on a plain load (no atomic instruction, no pause, no call).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libchan-pipe.so client-chan libflag-spin.so client-flag

LP_TEST_TIMEOUT=40
lp_run --watchdog 2 --target "$P/libchan-pipe.so" -- "$P/client-chan"
[ "$RC" != 124 ] && [ "$RC" != 137 ]
ok $? "read: finishes before the test's time limit"
expect_error 'did not reach a scheduling point within 2 s'
grep -Eq 'blocked in read\(\) at read\+0x[0-9a-f]+' "$ERR"
ok $? "read: names the call and its pc as function+offset"
grep -Eq 'called from chan_recv\+0x[0-9a-f]+ \(chan-pipe\.c:[0-9]+\)' "$ERR"
ok $? "read: names the library's caller with file:line from DWARF"
expect_no_out 'verdict: no violation found' "read: no clean verdict"

lp_run --watchdog 2 --target "$P/libflag-spin.so" -- "$P/client-flag"
[ "$RC" != 124 ] && [ "$RC" != 137 ]
ok $? "spin: finishes before the test's time limit"
expect_error 'keeps running without a synchronisation call'
grep -Eq 'at flag_wait\+0x[0-9a-f]+ \(flag-spin\.c:[0-9]+\)' "$ERR"
ok $? "spin: names the loop as function+offset and file:line"
done_testing
