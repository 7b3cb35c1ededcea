/* slotq.c — slotq.h with a lock; built with -DSLOTQ_DUP, pop reads the head item under the
 * lock but advances the head in a second critical section, so two overlapping pops can
 * both return SLOTQ_OK with the same item: only the out-parameter shows the bug. */
#include <pthread.h>
#include <stdlib.h>

#include "slotq.h"

#define CAP 64

struct slotq {
	pthread_mutex_t lock;
	int head, tail;
	slotq_item items[CAP];
	int attached[8];
};

static __thread int my_slot = -1;

slotq_t *slotq_new(void)
{
	slotq_t *q = calloc(1, sizeof *q);
	pthread_mutex_init(&q->lock, NULL);
	return q;
}

void slotq_attach(slotq_t *q, int thread)
{
	if (thread < 0 || thread >= 8)
		return;
	pthread_mutex_lock(&q->lock);
	q->attached[thread] = 1;
	pthread_mutex_unlock(&q->lock);
	my_slot = thread;
}

void slotq_detach(slotq_t *q)
{
	pthread_mutex_lock(&q->lock);
	if (my_slot >= 0)
		q->attached[my_slot] = 0;
	pthread_mutex_unlock(&q->lock);
	my_slot = -1;
}

slotq_status slotq_push(slotq_t *q, slotq_item v)
{
	if (my_slot < 0)
		return SLOTQ_DETACHED;
	pthread_mutex_lock(&q->lock);
	if (q->tail - q->head < CAP)
		q->items[q->tail++ % CAP] = v;
	pthread_mutex_unlock(&q->lock);
	return SLOTQ_OK;
}

slotq_status slotq_pop(slotq_t *q, slotq_item *out)
{
	if (my_slot < 0)
		return SLOTQ_DETACHED;
	pthread_mutex_lock(&q->lock);
	if (q->head == q->tail) {
		pthread_mutex_unlock(&q->lock);
		return SLOTQ_EMPTY;
	}
	*out = q->items[q->head % CAP];
#ifdef SLOTQ_DUP
	int seen = q->head;
	pthread_mutex_unlock(&q->lock);
	pthread_mutex_lock(&q->lock);
	if (q->head == seen) /* a pop in between took it too: it advanced past it once */
		q->head++;
#else
	q->head++;
#endif
	pthread_mutex_unlock(&q->lock);
	return SLOTQ_OK;
}

int slotq_map(slotq_t *q, slotq_item (*f)(slotq_item))
{
	pthread_mutex_lock(&q->lock);
	int n = q->tail - q->head;
	for (int i = q->head; i < q->tail; i++)
		q->items[i % CAP] = f(q->items[i % CAP]);
	pthread_mutex_unlock(&q->lock);
	return n;
}

int slotq_zeros(const void *buf, int n)
{
	int z = 0;
	for (int i = 0; i < n; i++)
		z += ((const unsigned char *)buf)[i] == 0;
	return z;
}
