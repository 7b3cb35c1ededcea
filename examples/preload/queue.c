/* queue.c — a small thread-safe queue with the bug of the Line-Up paper's Figure 1.
 * Build it as a shared library; lineup-preload finds the bug without its source. */
#include <pthread.h>
#include <stdlib.h>
#include "queue.h"

struct queue {
	pthread_mutex_t lock;
	int head, tail;
	int items[16];
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
	q->items[q->tail++ % 16] = v;
	pthread_mutex_unlock(&q->lock);
}

int queue_trytake(struct queue *q)
{
	int v = -1;

	/* Don't wait for a busy lock... but "busy" is not "empty": a take that overlaps an
	 * add can return -1 although the queue holds an element all along. */
	if (pthread_mutex_trylock(&q->lock) != 0)
		return -1;
	if (q->head < q->tail)
		v = q->items[q->head++ % 16];
	pthread_mutex_unlock(&q->lock);
	return v;
}
