/* spsc-ring.c — Lamport's single-producer single-consumer ring without fences: correct under
 * x86-TSO, which never reorders two stores (the slot before the tail) or two loads. */
#include <stdlib.h>
#include "peterson.h"

#define RING_SLOTS 2

struct ring {
	volatile unsigned head, tail;
	volatile long slot[RING_SLOTS];
};

struct ring *ring_new(void) { return calloc(1, sizeof(struct ring)); }

int ring_put(struct ring *r, long v)
{
	unsigned t = r->tail;
	if (t - r->head == RING_SLOTS)
		return 0;
	r->slot[t % RING_SLOTS] = v;
	r->tail = t + 1;
	return 1;
}

long ring_get(struct ring *r)
{
	unsigned h = r->head;
	if (h == r->tail)
		return -1;
	long v = r->slot[h % RING_SLOTS];
	r->head = h + 1;
	return v;
}
