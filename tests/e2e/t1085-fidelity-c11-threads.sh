#!/bin/sh
# t1085-fidelity-c11-threads.sh — a client and a library written with C11 <threads.h>:
# glibc implements thrd_create, mtx_lock, call_once... past the pthread symbols, so they
# were not seen (the client was refused for "exiting before creating a thread"). Each is
# modelled now: thread results, thrd_exit, call_once and tss destructors behave as
# natively (the client aborts otherwise), and a trylock bug in an mtx_t queue is found.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog client-queue-c11 client-queue-c11-trylock

lp_run -- "$P/client-queue-c11"
expect_status 0 "correct mtx_t queue, C11 client: exit 0"
expect_verdict "no violation found"
expect_out '^phase 2: [0-9]+ concurrent executions' "phase 2 ran the C11 threads under the scheduler"
expect_no_out 'uncontrolled' "no uncontrolled blocking call"

lp_run -- "$P/client-queue-c11-trylock"
expect_status 1 "mtx_trylock bug: exit 1"
expect_out '^VIOLATION: concurrent history' "the violation is reported"
expect_out 'thread 0\.2 +queue_add\(0x[0-9a-f]+, 2\); queue_trytake' "the C11 threads have creation-path identities"
sched=$(sed -n 's/.*(schedule=\(c:[^)]*\)).*/\1/p' "$OUT" | head -n 1)
[ -n "$sched" ]
ok $? "the report gives a schedule"
lp_run --replay "$sched" -- "$P/client-queue-c11-trylock"
expect_status 1 "--replay of the violating schedule reproduces it"
done_testing
