#!/bin/sh
# t0400-wrong-queue-trylock.sh — the Line-Up paper's Figure 1 queue (trytake fails on a busy lock) is reported.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-trylock.so client-queue-trylock

lp_run --target "$P/libqueue-trylock.so" -- "$P/client-queue-trylock"
expect_violation_report
expect_out 'queue_trytake' "the report names queue_trytake"
expect_out "^ +[0-9]+ +-> -1$" "the timeline shows the failing trytake's result, -1"
expect_out "0\.2's queue_trytake\(0x[0-9a-f]+\) returns -1 at this point" "the report says that trytake's -1 is what no serial execution gives"
expect_out 'queue_add' "the report shows the overlapping queue_add"
expect_no_out '^[[:space:]]*stuck[[:space:]]*$' "not a stuck history"

# No preemption, no overlap: the bug needs the adder preempted while holding the lock.
lp_run -p 0 --target "$P/libqueue-trylock.so" -- "$P/client-queue-trylock"
expect_status 0 "-p 0: exit status 0 (the bug needs a preemption)"
expect_verdict "no violation found"

lp_run -p 1 --target "$P/libqueue-trylock.so" -- "$P/client-queue-trylock"
expect_status 1 "-p 1: exit status 1 (one preemption suffices)"
done_testing
