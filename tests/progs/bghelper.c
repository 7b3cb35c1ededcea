/* bghelper.c — see bghelper.h. */
#include "bghelper.h"

static pthread_mutex_t helper_lock = PTHREAD_MUTEX_INITIALIZER;
static long ticks;

void bghelper_tick(void)
{
	pthread_mutex_lock(&helper_lock);
	ticks++;
	pthread_mutex_unlock(&helper_lock);
}

static void *run(void *p)
{
	struct bghelper *b = p;
	for (int i = 0; i < 3; i++)
		bghelper_tick();
	b->cb(b->arg);
	bghelper_tick();
	return NULL;
}

int bghelper_start(struct bghelper *b, void (*cb)(void *), void *arg)
{
	b->cb = cb;
	b->arg = arg;
	return pthread_create(&b->th, NULL, run, b);
}

void bghelper_join(struct bghelper *b) { pthread_join(b->th, NULL); }
