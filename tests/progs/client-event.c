/* client-event.c — thread 0.1 waits for the event, thread 0.2 sets it. */
#include <pthread.h>
#include "event.h"

static struct event *e;

static void *waiter(void *arg)
{
	event_wait(e);
	return NULL;
}

static void *setter(void *arg)
{
	event_set(e);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	e = event_new();
	pthread_create(&a, NULL, waiter, NULL);
	pthread_create(&b, NULL, setter, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
