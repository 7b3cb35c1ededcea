/* queue-trylock.c — the Line-Up paper's Figure 1 bug: trytake says "empty" (-1) when the
 * lock is merely busy, so a take overlapping an add can fail although the queue is not
 * empty before or after — no serial order explains it. */
#include <pthread.h>
#include <stdlib.h>
#include "queue.h"

#define CAP 64

struct queue {
	pthread_mutex_t lock;
	int head, tail;
	int items[CAP];
};

struct queue *queue_new(void)
{
	struct queue *q = calloc(1, sizeof *q);
	pthread_mutex_init(&q->lock, NULL);
	return q;
}

void queue_add(struct queue *q, int v)
{
	pthread_mutex_lock(&q->lock);
	if (q->tail - q->head < CAP)
		q->items[q->tail++ % CAP] = v;
	pthread_mutex_unlock(&q->lock);
}

int queue_trytake(struct queue *q)
{
	int v = -1;
	if (pthread_mutex_trylock(&q->lock) != 0)
		return -1; /* the bug: busy is not empty */
	if (q->head < q->tail)
		v = q->items[q->head++ % CAP];
	pthread_mutex_unlock(&q->lock);
	return v;
}
