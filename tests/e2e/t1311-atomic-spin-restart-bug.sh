#!/bin/sh
# t1311-atomic-spin-restart-bug.sh — the buggy twin of t1310's ticket lock (the counter read
# before the lock: a lost update) is still found at -g atomic after the restart that makes
# its waiters' load a scheduling point, and the report's replay line (which carries the
# --spin-site) reproduces the violation; without the spin site it does not replay.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libspin-ticket-lost.so client-spin-ticket-lost

lp_run -g atomic --target "$P/libspin-ticket-lost.so" -- "$P/client-spin-ticket-lost"
expect_violation_report
expect_out 'run restarted' "the summary says the run was restarted"
expect_out '^[[:space:]]*replay: .*--spin-site libspin-ticket-lost\.so\+0x[0-9a-f]+ ' \
	"the replay line carries the spin site"
run_replay
[ "$REPLAY_RC" = 1 ] && grep -q '^# verdict: violation' "$T/replay.out"
ok $? "the replay reproduces the violation (exit $REPLAY_RC)"
! grep -q 'run restarted' "$T/replay.err"
ok $? "the replay does not restart"
cmd=$(report_field replay | sed 's/--spin-site [^ ]* //')
(cd "$T" && exec timeout -k 5 "$(lp_time_limit)" sh -c "$cmd") >"$T/bare.out" 2>"$T/bare.err"
[ $? = 2 ] && grep -Eq 'cannot be followed|did not reach a scheduling point' "$T/bare.err"
ok $? "without the spin site the schedule does not replay (exit 2)"
done_testing
