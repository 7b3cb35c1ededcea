#!/bin/sh
# t0821-atomics-plain-memory-granularity.sh — with --granularity memory the plain load and store of the increment are scheduling points: the lost update is found.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libcounter-plain.so client-counter-plain

lp_run --granularity memory --target "$P/libcounter-plain.so" -- "$P/client-counter-plain"
expect_violation_report
expect_out 'counter_inc' "the report names counter_inc"
run_replay
[ "$REPLAY_RC" = 1 ]
ok $? "the replay command reproduces the violation (exit 1, got $REPLAY_RC)"
done_testing
