/* client-queue-c11.c — a queue client written with C11 threads: thrd_create and
 * thrd_join (with the threads' int results), thrd_exit, thrd_yield, call_once and a tss_t
 * with a destructor. It aborts if any of them misbehaves under the tool. */
#include <stdio.h>
#include <stdlib.h>
#include <threads.h>
#include "queue.h"

static struct queue *q;
static once_flag once = ONCE_FLAG_INIT;
static int inits, dtors;
static tss_t key;

static void init_once(void) { inits++; }

static void dtor(void *p)
{
	(void)p;
	dtors++;
}

static int worker(void *arg)
{
	int id = (int)(long)arg;
	call_once(&once, init_once);
	tss_set(key, arg);
	queue_add(q, id);
	int v = queue_trytake(q);
	thrd_yield();
	if (id == 2)
		thrd_exit(1000 + v);
	return 1000 + v;
}

int main(void)
{
	thrd_t t[2];
	int res[2];
	q = queue_new();
	if (tss_create(&key, dtor) != thrd_success)
		abort();
	for (long i = 0; i < 2; i++)
		if (thrd_create(&t[i], worker, (void *)(i + 1)) != thrd_success)
			abort();
	for (int i = 0; i < 2; i++)
		if (thrd_join(t[i], &res[i]) != thrd_success)
			abort();
	/* each result is 1000 + a value taken (1 or 2) or 1000 - 1 for "empty" */
	for (int i = 0; i < 2; i++)
		if (res[i] != 999 && res[i] != 1001 && res[i] != 1002)
			abort();
	if (inits != 1 || dtors != 2)
		abort();
	printf("%d %d\n", res[0], res[1]);
	return 0;
}
