/* client-quasiq.c — main enqueues 1, 2, 3; two threads dequeue once each; main dequeues
 * the last one after joining them. */
#include <pthread.h>
#include "quasiq.h"

static struct quasiq *q;

static void *taker(void *arg)
{
	qq_deq(q);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	q = qq_new();
	for (int v = 1; v <= 3; v++)
		qq_enq(q, v);
	pthread_create(&a, NULL, taker, NULL);
	pthread_create(&b, NULL, taker, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	qq_deq(q);
	return 0;
}
