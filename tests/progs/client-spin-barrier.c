/* client-spin-barrier.c — two threads meet at a home-made barrier (a counter they spin
 * on) before each adds to the queue. Natively both get through; under the scheduler only
 * one thread runs at a time, so the first to arrive spins forever on plain memory.
 * With the argument "yield" the loop calls sched_yield(), a scheduling point: it works. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include "queue.h"

static atomic_int arrived;
static int yield;
static struct queue *q;

static void *worker(void *arg)
{
	atomic_fetch_add(&arrived, 1);
	while (atomic_load(&arrived) < 2) /* the spin */
		if (yield)
			sched_yield();
	queue_add(q, (int)(long)arg);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[2];
	yield = argc > 1 && !strcmp(argv[1], "yield");
	q = queue_new();
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	return queue_trytake(q) > 0 ? 0 : 1;
}
