/* queue-c11.c — the mutex queue written with C11 <threads.h> (mtx_t): linearizable, or,
 * with -DQUEUE_C11_TRYLOCK_BUG, the trylock bug of queue-trylock.c (trytake says "empty"
 * when the lock is busy). glibc implements mtx_* past the pthread symbols. */
#include <stdlib.h>
#include <threads.h>
#include "queue.h"

#define CAP 64

struct queue {
	mtx_t lock;
	int head, tail;
	int items[CAP];
};

struct queue *queue_new(void)
{
	struct queue *q = calloc(1, sizeof *q);
	mtx_init(&q->lock, mtx_plain);
	return q;
}

void queue_add(struct queue *q, int v)
{
	mtx_lock(&q->lock);
	if (q->tail - q->head < CAP)
		q->items[q->tail++ % CAP] = v;
	mtx_unlock(&q->lock);
}

int queue_trytake(struct queue *q)
{
	int v = -1;
#ifdef QUEUE_C11_TRYLOCK_BUG
	if (mtx_trylock(&q->lock) != thrd_success)
		return -1;
#else
	mtx_lock(&q->lock);
#endif
	if (q->head < q->tail)
		v = q->items[q->head++ % CAP];
	mtx_unlock(&q->lock);
	return v;
}
