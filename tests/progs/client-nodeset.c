/* client-nodeset.c — two threads insert one node each (the inserts return the nodes),
 * then main asks for the size. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "nodeset.h"

static struct nodeset *s;

static void *worker(void *arg)
{
	void *a = nodeset_insert(s, (int)(long)arg);
	void *b = malloc(24); /* the client's own allocations, between operations */
	free(b);
	(void)a;
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	s = nodeset_new();
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	printf("%d\n", nodeset_size(s));
	return 0;
}
