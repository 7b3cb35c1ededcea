/* client-queue-grid.c — a THREADS x OPS queue test (macros set by tests/local.mk): thread i
 * alternates queue_add(100*i+k) and queue_trytake, starting with an add when i is even, so
 * every serial order of the operations gives its own history. */
#include <pthread.h>
#include "queue.h"

#ifndef THREADS
#define THREADS 3
#endif
#ifndef OPS
#define OPS 3
#endif

static struct queue *q;

static void *worker(void *arg)
{
	int i = (int)(long)arg;
	for (int k = 0; k < OPS; k++) {
		if ((i + k) % 2 == 0)
			queue_add(q, 100 * i + k);
		else
			queue_trytake(q);
	}
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];

	q = queue_new();
	for (long i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	return 0;
}
