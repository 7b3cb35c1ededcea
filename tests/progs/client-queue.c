/* client-queue.c — Line-Up's queue test: main creates the queue and adds 10, then thread
 * 0.1 adds 200 and thread 0.2 takes twice. Linked against either queue library. */
#include <pthread.h>
#include <stdio.h>
#include "queue.h"

static struct queue *q;

static void *adder(void *arg)
{
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

	q = queue_new();
	queue_add(q, 10);
	pthread_create(&a, NULL, adder, NULL);
	pthread_create(&b, NULL, taker, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
