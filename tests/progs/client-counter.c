/* client-counter.c — main creates the counter; threads 0.1 and 0.2 increment it once each. */
#include <pthread.h>
#include "counter.h"

static struct counter *c;

static void *inc(void *arg)
{
	counter_inc(c);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	c = counter_new();
	pthread_create(&a, NULL, inc, NULL);
	pthread_create(&b, NULL, inc, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
