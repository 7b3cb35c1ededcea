/* client.c — an ordinary test program for the queue: lineup-preload runs it under every
 * serial and (preemption-bounded) concurrent schedule and compares the results. */
#include <pthread.h>
#include "queue.h"

static struct queue *q;

static void *producer(void *arg)
{
	queue_add(q, 200);
	return NULL;
}

static void *consumer(void *arg)
{
	queue_trytake(q);
	queue_trytake(q);
	return NULL;
}

int main(void)
{
	pthread_t p, c;

	q = queue_new();
	queue_add(q, 10);
	pthread_create(&p, NULL, producer, NULL);
	pthread_create(&c, NULL, consumer, NULL);
	pthread_join(p, NULL);
	pthread_join(c, NULL);
	return 0;
}
