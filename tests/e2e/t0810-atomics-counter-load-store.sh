#!/bin/sh
# t0810-atomics-counter-load-store.sh — an increment made of an atomic load and a separate atomic store (xchg) loses an update under one preemption: violation, with DWARF and stripped.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libcounter-loadstore.so client-counter-loadstore \
	libcounter-loadstore-nodw.so client-counter-loadstore-nodw

lp_run --target "$P/libcounter-loadstore.so" -- "$P/client-counter-loadstore"
expect_violation_report
expect_out 'counter_inc' "the report names counter_inc"
expect_no_out 'stuck' "the violation is not a stuck history"
run_replay
[ "$REPLAY_RC" = 1 ]
ok $? "the replay command reproduces the violation (exit 1, got $REPLAY_RC)"

# The stripped library: sites come from .dynsym alone, types from the client's DWARF.
lp_run --target "$P/libcounter-loadstore-nodw.so" -- "$P/client-counter-loadstore-nodw"
expect_violation_report
expect_out 'counter_inc' "stripped: the report names counter_inc"
done_testing
