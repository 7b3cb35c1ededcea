/* event-nolock.c — an event whose set() changes the flag without the mutex: a waiter that
 * has seen the flag clear but not yet slept misses the broadcast and sleeps forever. No
 * serial order gets stuck that way (set-then-wait returns), so the stuck history is a bug. */
#include <pthread.h>
#include <stdlib.h>
#include "event.h"

struct event {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int flag;
};

struct event *event_new(void)
{
	struct event *e = calloc(1, sizeof *e);
	pthread_mutex_init(&e->lock, NULL);
	pthread_cond_init(&e->cond, NULL);
	return e;
}

void event_set(struct event *e)
{
	e->flag = 1; /* the bug: without e->lock */
	pthread_cond_broadcast(&e->cond);
}

void event_reset(struct event *e)
{
	pthread_mutex_lock(&e->lock);
	e->flag = 0;
	pthread_mutex_unlock(&e->lock);
}

void event_wait(struct event *e)
{
	pthread_mutex_lock(&e->lock);
	while (!e->flag)
		pthread_cond_wait(&e->cond, &e->lock);
	pthread_mutex_unlock(&e->lock);
}
