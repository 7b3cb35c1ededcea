/* client-ticket.c — thread 0.1 takes two tickets, thread 0.2 one: two serial orders start
 * with the same call, so their differing results are caught in phase 1. */
#include <pthread.h>
#include "ticket.h"

static struct ticket *t;

static void *take2(void *arg)
{
	ticket_take(t);
	ticket_take(t);
	return NULL;
}

static void *take1(void *arg)
{
	ticket_take(t);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	t = ticket_new();
	pthread_create(&a, NULL, take2, NULL);
	pthread_create(&b, NULL, take1, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
