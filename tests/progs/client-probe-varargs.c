/* client-probe-varargs.c — two threads call a variadic function of the target. */
#include <pthread.h>
#include "probe.h"

static void *worker(void *arg)
{
	long i = (long)arg;
	probe_sum(2, 10 * i, 1L);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	return 0;
}
