/* client-forks.c — three threads ask the fork count twice each (forks.c). */
#include <pthread.h>
#include "forks.h"

static void *asker(void *arg)
{
	forks_seen();
	forks_seen();
	return arg;
}

int main(void)
{
	pthread_t t[3];
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, asker, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
