/* queue-worker.c — the locked queue of queue-lock.c whose constructor queue_new_worker
 * also starts a library thread, the way liburcu's call_rcu or a resize worker does: it idles
 * on a condition no test call signals, so it never touches the queue. */
#include <pthread.h>

#include "queue-lock.c"

struct queue *queue_new_worker(void);

static pthread_mutex_t idle_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t idle_wake = PTHREAD_COND_INITIALIZER;

static void *idle_worker(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&idle_lock);
	for (;;) /* nothing signals it: the process ends with it waiting */
		pthread_cond_wait(&idle_wake, &idle_lock);
	return NULL;
}

struct queue *queue_new_worker(void)
{
	pthread_t t;
	if (pthread_create(&t, NULL, idle_worker, NULL) == 0)
		pthread_detach(t);
	return queue_new();
}
