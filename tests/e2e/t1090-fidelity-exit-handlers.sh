#!/bin/sh
# t1090-fidelity-exit-handlers.sh — an execution's process ends once it has recorded its
# end: without -v the exit handlers the client registered before its first pthread_create
# do not run in executions (their output goes nowhere, and they cannot change a history);
# with -v they run in every execution, so what they print shows. A handler registered by
# one of the execution's own threads runs either way (it comes first), and the verdict and
# the counts are the same with and without -v.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd cc gcc
lp_require_cmd jq jq
lp_require_prog libqueue-lock.so

cat > "$T/client-marks.c" <<'C'
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "queue.h"

static struct queue *q;

static void mark(const char *file, const char *line)
{
	int fd = open(file, O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (fd >= 0) {
		write(fd, line, strlen(line));
		close(fd);
	}
}

static void before_threads(void)
{
	mark("before.marks", "x\n");
	write(2, "exit handler ran\n", 17);
}

static void in_thread(void) { mark("thread.marks", "x\n"); }

static void *adder(void *arg)
{
	atexit(in_thread);
	queue_add(q, 200);
	return NULL;
}

static void *taker(void *arg)
{
	queue_trytake(q);
	queue_trytake(q);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	atexit(before_threads);
	q = queue_new();
	queue_add(q, 10);
	pthread_create(&a, NULL, adder, NULL);
	pthread_create(&b, NULL, taker, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
C
cc -O1 -I"$top_srcdir/tests/progs" -o "$T/client-marks" "$T/client-marks.c" "$P/libqueue-lock.so" \
	-Wl,-rpath,"$P" -pthread 2>"$T/cc.err"
ok $? "the client builds" || cat "$T/cc.err"

lines() { if [ -f "$T/$1" ]; then grep -c . "$T/$1"; else echo 0; fi; }
execs() { jq -r '.phase1.executions + .phase2.executions' "$T/$1"; }

lp_run -q --json quiet.json --target "$P/libqueue-lock.so" -- ./client-marks
expect_status 0 "the queue passes without -v"
expect_verdict "no violation found"
quiet=$(execs quiet.json)
[ "$quiet" -gt 1 ] && [ "$(lines before.marks)" = 0 ]
ok $? "without -v no execution ran the handler registered before the threads ($quiet executions, $(lines before.marks) marks)"
[ "$(lines thread.marks)" -ge "$quiet" ]
ok $? "a handler a thread registered ran in every execution ($(lines thread.marks) marks)"
! grep -q 'exit handler ran' "$ERR"
ok $? "nothing of the handler on stderr"

rm -f "$T/before.marks" "$T/thread.marks"
lp_run -v --json verbose.json --target "$P/libqueue-lock.so" -- ./client-marks
expect_status 0 "the queue passes with -v"
expect_verdict "no violation found"
[ "$(execs verbose.json)" = "$quiet" ]
ok $? "the same executions with -v ($(execs verbose.json))"
[ "$(lines before.marks)" -ge "$quiet" ]
ok $? "with -v every execution ran the handler ($(lines before.marks) marks)"
grep -q 'exit handler ran' "$ERR"
ok $? "what it writes to stderr shows"
done_testing
