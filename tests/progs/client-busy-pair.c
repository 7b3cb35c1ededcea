/* client-busy-pair.c — one thread works on the pair, one waits for it (busy-pair.c). */
#include <pthread.h>
#include "busy-pair.h"

static struct busy_pair *p;

static void *worker(void *arg)
{
	busy_pair_work(p);
	return arg;
}

static void *waiter(void *arg)
{
	busy_pair_wait(p);
	return arg;
}

int main(void)
{
	pthread_t a, b;

	p = busy_pair_new();
	pthread_create(&a, NULL, worker, NULL);
	pthread_create(&b, NULL, waiter, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
