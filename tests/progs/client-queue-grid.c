/* client-queue-grid.c — N threads x M operations on one queue (arguments N M, default 4 1):
 * thread i adds 100*i+j on even steps j and takes on odd ones, odd threads start with a
 * take. The benchmark of the partial-order reduction (bench/por.sh). */
#include <pthread.h>
#include <stdlib.h>
#include "queue.h"

static struct queue *q;
static int n_ops = 1;

static void *worker(void *arg)
{
	int i = (int)(long)arg;
	for (int j = 0; j < n_ops; j++) {
		if ((i + j) % 2 == 0)
			queue_add(q, 100 * i + j);
		else
			queue_trytake(q);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4;
	pthread_t th[16];
	if (argc > 2)
		n_ops = atoi(argv[2]);
	if (n < 1 || n > 16)
		n = 4;
	q = queue_new();
	for (int i = 0; i < n; i++)
		pthread_create(&th[i], NULL, worker, (void *)(long)i);
	for (int i = 0; i < n; i++)
		pthread_join(th[i], NULL);
	return 0;
}
