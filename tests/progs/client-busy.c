/* client-busy.c — thread 0.1 posts, then spins on a flag nobody sets without any
 * scheduling point: each execution burns a CPU until the watchdog (or a kill) ends it. */
#include <pthread.h>
#include "semw.h"

static struct semw *s;
static volatile int never_set;

static void *spinner(void *arg)
{
	semw_post(s);
	while (!never_set)
		;
	return NULL;
}

int main(void)
{
	pthread_t a;

	s = semw_new(0);
	pthread_create(&a, NULL, spinner, NULL);
	pthread_join(a, NULL);
	return 0;
}
