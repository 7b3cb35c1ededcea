/* client-pair.c — one thread bumps the pair, another reads its difference. */
#include <pthread.h>
#include "pair.h"

static struct pair *p;

static void *bumper(void *arg)
{
	(void)arg;
	pair_bump(p);
	return NULL;
}

static void *reader(void *arg)
{
	(void)arg;
	pair_diff(p);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	p = pair_new();
	pthread_create(&a, NULL, bumper, NULL);
	pthread_create(&b, NULL, reader, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
