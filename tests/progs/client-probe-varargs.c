/* client-probe-varargs.c — two threads call a variadic function of the target, one that
 * fills a buffer (char *: its bytes at the call are the caller's leftovers) and one that
 * reads a string (const char *). */
#include <pthread.h>
#include <stdio.h>
#include "probe.h"

static void *worker(void *arg)
{
	long i = (long)arg;
	char buf[16];
	probe_sum(2, 10 * i, 1L);
	snprintf(buf, sizeof buf, "leftover%ld", i);
	probe_fill(buf, 3);
	probe_len(buf);
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
