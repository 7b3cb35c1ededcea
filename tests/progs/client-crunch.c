/* client-crunch.c — two threads each call crunch() once; argv[1] is its rounds (default
 * 300: half a minute or more a call), so that a check is computing when it is signalled;
 * with 0, only phase 2's overlapping calls compute long (crunch.c). */
#include <pthread.h>
#include <stdlib.h>
#include "crunch.h"

static unsigned long rounds = 300;

static void *worker(void *arg)
{
	crunch((unsigned long)arg, rounds);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t a, b;

	if (argc > 1)
		rounds = strtoul(argv[1], NULL, 10);
	pthread_create(&a, NULL, worker, (void *)1ul);
	pthread_create(&b, NULL, worker, (void *)2ul);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
