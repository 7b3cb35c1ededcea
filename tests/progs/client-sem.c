/* client-sem.c — thread 0.1 waits on an empty semaphore, thread 0.2 posts it: every run
 * completes, whatever the order. */
#include <pthread.h>
#include "semw.h"

static struct semw *s;

static void *waiter(void *arg)
{
	semw_wait(s);
	return NULL;
}

static void *poster(void *arg)
{
	semw_post(s);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	s = semw_new(0);
	pthread_create(&a, NULL, waiter, NULL);
	pthread_create(&b, NULL, poster, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
