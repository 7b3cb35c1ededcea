/* client-mpcall.c — thread 0.1 sends (mpc_send), 0.2 receives (mpc_recv); with an argument
 * "pl", they run pl_inc(0) and pl_inc(1) instead. */
#include <pthread.h>
#include <string.h>
#include "mpcall.h"

static void *left(void *arg)
{
	if (arg)
		pl_inc(0);
	else
		mpc_send();
	return NULL;
}

static void *right(void *arg)
{
	if (arg)
		pl_inc(1);
	else
		mpc_recv();
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t a, b;
	void *pl = argc > 1 && strcmp(argv[1], "pl") == 0 ? (void *)1 : NULL;
	pthread_create(&a, NULL, left, pl);
	pthread_create(&b, NULL, right, pl);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
