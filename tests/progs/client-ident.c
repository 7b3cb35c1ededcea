/* client-ident.c — three identical threads calling ident_self twice. */
#include <pthread.h>
#include "ident.h"

static void *worker(void *arg)
{
	(void)arg;
	ident_self();
	ident_self();
	return NULL;
}

int main(void)
{
	pthread_t t[3];
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
