/* client-queue-same.c — three identical threads (the same calls, the same arguments): phase
 * 1 runs one serial order of each class of orders that differ only by swapping them. */
#include <pthread.h>
#include "queue.h"

static struct queue *q;

static void *worker(void *arg)
{
	(void)arg;
	queue_add(q, 5);
	queue_trytake(q);
	queue_add(q, 6);
	return NULL;
}

int main(void)
{
	pthread_t t[3];
	q = queue_new();
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
