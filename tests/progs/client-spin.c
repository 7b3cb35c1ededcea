/* client-spin.c — main creates the spin-locked counter; threads 0.1 and 0.2 increment it. */
#include <pthread.h>
#include "spin.h"

static struct spinctr *c;

static void *inc(void *arg)
{
	spinctr_inc(c);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	c = spinctr_new();
	pthread_create(&a, NULL, inc, NULL);
	pthread_create(&b, NULL, inc, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
