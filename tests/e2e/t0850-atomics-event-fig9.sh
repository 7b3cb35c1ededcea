#!/bin/sh
# t0850-atomics-event-fig9.sh — Line-Up's Figure 9 bug in a CAS+futex manual-reset event (state read twice per update) erases a waiter, set() wakes nobody: a stuck-history violation.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libevent-cas-fig9.so client-event-cas-fig9

lp_run --target "$P/libevent-cas-fig9.so" -- "$P/client-event-cas-fig9"
expect_violation_report
expect_out 'stuck' "the report says stuck"
expect_out 'event_wait' "the report names the pending event_wait"
expect_no_out 'uncontrolled blocking' "the futex wait is modelled, not an uncontrolled blocking call"
run_replay
[ "$REPLAY_RC" = 1 ]
ok $? "the replay command reproduces the violation (exit 1, got $REPLAY_RC)"
done_testing
