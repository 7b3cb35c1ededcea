#!/bin/sh
# t0840-atomics-agm-stack.sh — the AGM array stack whose pop reads a slot and clears it in two steps returns one element twice: violation, with DWARF and stripped.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libstack-agm.so client-stack-agm libstack-agm-nodw.so client-stack-agm-nodw

lp_run --target "$P/libstack-agm.so" -- "$P/client-stack-agm"
expect_violation_report
expect_out 'stack_pop' "the report names stack_pop"
expect_no_out 'stuck' "the violation is not a stuck history"
run_replay
[ "$REPLAY_RC" = 1 ]
ok $? "the replay command reproduces the violation (exit 1, got $REPLAY_RC)"

lp_run --target "$P/libstack-agm-nodw.so" -- "$P/client-stack-agm-nodw"
expect_violation_report
expect_out 'stack_pop' "stripped: the report names stack_pop"
done_testing
