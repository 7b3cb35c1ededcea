/* client-sem-stuck.c — thread 0.1 waits on an empty semaphore that nobody posts; thread
 * 0.2 only tries to take it. The wait never returns in any order, serial runs included:
 * a justified stuck history, not a violation. */
#include <pthread.h>
#include "semw.h"

static struct semw *s;

static void *waiter(void *arg)
{
	semw_wait(s);
	return NULL;
}

static void *trier(void *arg)
{
	semw_trywait(s);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	s = semw_new(0);
	pthread_create(&a, NULL, waiter, NULL);
	pthread_create(&b, NULL, trier, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
