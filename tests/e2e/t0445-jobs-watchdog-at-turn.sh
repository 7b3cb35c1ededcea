#!/bin/sh
# t0445-jobs-watchdog-at-turn.sh — an uncontrolled wait that only a concurrent schedule
# reaches (busy-pair.c: a wait spinning on a plain load while a preempted work is half done)
# ends phase 2 with the watchdog's report, never a hang; on two workers the execution that
# hangs first may be one run ahead of its turn, and the check still ends with the report
# of the schedule one worker reaches first (the same words; the instruction the sample
# lands on inside the loop is left out).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libbusy-pair.so client-busy-pair

LP_TEST_TIMEOUT=60
for j in 1 2; do
	lp_run -j "$j" --watchdog 2 --target "$P/libbusy-pair.so" -- "$P/client-busy-pair"
	expect_status 2 "-j $j: a set-up error (exit 2), not a verdict"
	grep -Eq 'at busy_pair_wait\+0x[0-9a-f]+ \(busy-pair\.c:[0-9]+\)' "$ERR"
	ok $? "-j $j: the report names the spinning wait with file:line"
	# where a sample catches the spinning loop varies by an instruction: not compared
	grep -v '^lineup-preload: phase' "$ERR" | sed 's/+0x[0-9a-f]* (/+0x.. (/' >"$T/err$j"
done
cmp -s "$T/err1" "$T/err2"
ok $? "-j 2 reports what -j 1 reports"
diag "$T/err2" "-j 2 stderr"
done_testing
