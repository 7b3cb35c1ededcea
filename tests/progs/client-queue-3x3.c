/* client-queue-3x3.c — a larger queue test for time budgets and estimates: three threads
 * of three operations (add, trytake, add) on the Michael-Scott queue; with an argument
 * N (1..3), only the first N operations of each thread. */
#include <pthread.h>
#include <stdlib.h>
#include "queue.h"

static struct queue *q;
static int ops = 3;

static void *mixed(void *arg)
{
	int v = (int)(long)arg;
	queue_add(q, v);
	if (ops > 1)
		queue_trytake(q);
	if (ops > 2)
		queue_add(q, v + 1);
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		ops = atoi(argv[1]);
	pthread_t t[3];
	q = queue_new();
	for (long i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, mixed, (void *)(100 * (i + 1)));
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
