/* client-peterson.c — threads 0.1 and 0.2 increment the Peterson-locked counter once each,
 * as lock sides 0 and 1. */
#include <pthread.h>
#include "peterson.h"

static struct pc *c;

static void *inc(void *arg)
{
	pc_inc(c, (int)(long)arg);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	c = pc_new();
	pthread_create(&a, NULL, inc, (void *)0L);
	pthread_create(&b, NULL, inc, (void *)1L);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
