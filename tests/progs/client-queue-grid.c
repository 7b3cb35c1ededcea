/* client-queue-grid.c — a THREADS x OPS queue test: thread i alternates queue_add(100*i+k)
 * and queue_trytake, starting with an add when i is even, so every serial order of the
 * operations gives its own history. THREADS and OPS come from the build (tests/local.mk)
 * or from the arguments N M (bench/por.sh). */
#include <pthread.h>
#include <stdlib.h>
#include "queue.h"

#ifndef THREADS
#define THREADS 4
#endif
#ifndef OPS
#define OPS 1
#endif
#define MAX_THREADS 16

static struct queue *q;
static int n_ops = OPS;

static void *worker(void *arg)
{
	int i = (int)(long)arg;
	for (int k = 0; k < n_ops; k++) {
		if ((i + k) % 2 == 0)
			queue_add(q, 100 * i + k);
		else
			queue_trytake(q);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : THREADS;
	pthread_t t[MAX_THREADS];
	if (argc > 2)
		n_ops = atoi(argv[2]);
	if (n < 1 || n > MAX_THREADS)
		n = THREADS;
	q = queue_new();
	for (long i = 0; i < n; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}
