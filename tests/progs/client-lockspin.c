/* client-lockspin.c — N threads (argument, default 2) each make one call to the request
 * box (lockspin.c), whose server thread spins on the box's mutex before it sleeps. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "lockspin.h"

static void *caller(void *arg)
{
	lockspin_call((int)(intptr_t)arg);
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2;
	pthread_t t[8];

	if (n < 1 || n > 8)
		return 2;
	for (int i = 0; i < n; i++)
		pthread_create(&t[i], NULL, caller, (void *)(intptr_t)(i + 1));
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}
