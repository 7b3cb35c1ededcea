/* client-queue-same-late.c — three threads that make the same calls in the first serial
 * execution but not in every one: a thread that finds the queue empty and then finds 7
 * adds 9 if it is the third, 7 otherwise. No order that runs each thread's calls together
 * shows it, only an order that puts another's add between one's two takes, so symmetry is
 * assumed at first and given up later (t0570). */
#include <pthread.h>
#include "queue.h"

static struct queue *q;

static void *worker(void *arg)
{
	int first = queue_trytake(q), second = queue_trytake(q);
	queue_add(q, first < 0 && second == 7 && arg ? 9 : 7);
	return NULL;
}

int main(void)
{
	pthread_t t[3];
	q = queue_new();
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, worker, i == 2 ? q : NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
