#!/bin/sh
# t0420-wrong-crash-under-schedule.sh — a crash under some schedule only is a violation with its signal and replay.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libbox-race.so client-box

lp_run --target "$P/libbox-race.so" -- "$P/client-box"
expect_violation_report
expect_out 'SIGSEGV' "the report names the signal (SIGSEGV)"
expect_out 'box_get' "the report names box_get"

run_replay
grep -Eq '^0\.2 call box_get\(0x[0-9a-f]+\)' "$T/replay.out"
ok $? "the replay command reruns the crashing execution (0.2 calls box_get)"
done_testing
