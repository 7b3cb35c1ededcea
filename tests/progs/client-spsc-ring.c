/* client-spsc-ring.c — thread 0.1 produces 1 and 2, thread 0.2 consumes twice. */
#include <pthread.h>
#include "peterson.h"

static struct ring *r;

static void *produce(void *arg)
{
	ring_put(r, 1);
	ring_put(r, 2);
	return arg;
}

static void *consume(void *arg)
{
	ring_get(r);
	ring_get(r);
	return arg;
}

int main(void)
{
	pthread_t a, b;

	r = ring_new();
	pthread_create(&a, NULL, produce, NULL);
	pthread_create(&b, NULL, consume, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
