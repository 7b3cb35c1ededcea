/* client-endless.c — thread 0.2 waits with sched_yield for a flag nobody ever sets, outside
 * any operation: every yield is a scheduling point, so no watchdog fires; only the
 * per-execution step limit ends it (a client bug, reported as such). */
#include <pthread.h>
#include <sched.h>
#include "semw.h"

static struct semw *s;
static volatile int never_set;

static void *poster(void *arg)
{
	semw_post(s);
	return NULL;
}

static void *spinner(void *arg)
{
	while (!never_set)
		sched_yield();
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	s = semw_new(0);
	pthread_create(&a, NULL, poster, NULL);
	pthread_create(&b, NULL, spinner, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
