/* bgcount.c — see bgcount.h. The bump is a static function reached only through the
 * helper's pointer: code of the target run by a thread the target did not start itself. */
#include <pthread.h>

#include "bgcount.h"
#include "bghelper.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;
static struct bghelper bg;

static void bump(void *arg)
{
	(void)arg;
#ifdef BGCOUNT_RACE
	long seen = *(volatile long *)&counter;
	bghelper_tick();
	*(volatile long *)&counter = seen + 1;
#else
	pthread_mutex_lock(&lock);
	counter++;
	pthread_mutex_unlock(&lock);
#endif
}

void bg_start(void) { bghelper_start(&bg, bump, NULL); }

void bg_wait(void) { bghelper_join(&bg); }

void bg_inc(void)
{
	pthread_mutex_lock(&lock);
	counter++;
	pthread_mutex_unlock(&lock);
}

long bg_get(void)
{
	pthread_mutex_lock(&lock);
	long v = counter;
	pthread_mutex_unlock(&lock);
	return v;
}
