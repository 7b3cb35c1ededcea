/* client-queue-ticket.c — the threads take their values from a client-side counter
 * between operations, so which thread adds which value depends on the order of the
 * client's own code, not only on the order of the operations (phase 1's exact serial
 * enumeration does not see it; the confirmation with every switch point does). */
#include <pthread.h>
#include "queue.h"

static struct queue *q;
static int next_value = 10;

static void *adder(void *arg)
{
	(void)arg;
	int v = next_value++; /* client code: one thread runs at a time under the tool */
	queue_add(q, v);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	q = queue_new();
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, adder, NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	queue_trytake(q);
	return 0;
}
