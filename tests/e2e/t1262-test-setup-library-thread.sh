#!/bin/sh
# t1262-test-setup-library-thread.sh — a description whose init call starts a library thread
# (an idle worker, like liburcu's call_rcu thread): the init stays set-up, not an operation,
# the driver's threads are still 0.1 and 0.2, the run says every execution re-executes the
# client, and phase 1 runs as many serial orders as without the worker.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-worker.so

cat > "$T/plain.lineup" <<DESC
target $P/libqueue-worker.so
init   q = queue_new()
thread queue_add(q, 200); queue_trytake(q)
thread queue_add(q, 300); queue_trytake(q)
DESC
sed 's/queue_new()/queue_new_worker()/' "$T/plain.lineup" > "$T/worker.lineup"

lp_run --test "$T/plain.lineup"
expect_status 0 "without the worker: exit 0"
plain=$(sed -n 's/^phase 1: \([0-9]*\) serial executions.*/\1/p' "$OUT")

lp_run --test "$T/worker.lineup"
expect_status 0 "with the library's worker thread: exit 0"
expect_verdict "no violation found"
worker=$(sed -n 's/^phase 1: \([0-9]*\) serial executions.*/\1/p' "$OUT")
[ -n "$plain" ] && [ "$plain" = "$worker" ]
ok $? "phase 1 ran the same serial orders with and without the worker ($plain, $worker)"
[ "$worker" = 6 ]
ok $? "those are the 6 orders of the 4 test operations, the init not one (got $worker)"
expect_out "re-executes the client" "the run says the worker makes it re-execute the client"
expect_out "already multithreaded at its first pthread_create: the threads started before it are not" \
	"the run says the worker is not controlled"

lp_run --replay c: --test "$T/worker.lineup"
expect_status 0 "replay of the first execution: exit 0"
expect_out '^0\.1 call queue_add\(0x[0-9a-f]+, 200\)$' "the first test thread is 0.1"
expect_out '^0\.2 call queue_add\(0x[0-9a-f]+, 300\)$' "the second test thread is 0.2"
expect_out '^0 call queue_new_worker\(\)$' "the init call is main's set-up call"
done_testing
