/* preload/runtime-futex-queue.c — the futex waiter queue (rules in
 * runtime-futex-queue.h). Linear scans: at most LP_MAX_THREADS waiters. */
#include "runtime-futex-queue.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

void lp_futex_enqueue(struct lp_futex_queue *q, unsigned slot, uintptr_t addr, uint32_t bitset)
{
	q->w[slot].addr = addr;
	q->w[slot].bitset = bitset;
	q->w[slot].seq = ++q->seq;
}

int lp_futex_dequeue(struct lp_futex_queue *q, unsigned slot)
{
	int was = q->w[slot].addr != 0;
	q->w[slot].addr = 0;
	return was;
}

unsigned lp_futex_wake(struct lp_futex_queue *q, uintptr_t addr, uint32_t bitset, uint64_t max,
		       unsigned *woken)
{
	unsigned n = 0;
	while (n < max) {
		struct lp_futex_waiter *first = NULL;
		unsigned slot = 0;
		for (unsigned i = 0; i < LP_MAX_THREADS; i++) {
			struct lp_futex_waiter *w = &q->w[i];
			if (w->addr == addr && (w->bitset & bitset) &&
			    (!first || w->seq < first->seq)) {
				first = w;
				slot = i;
			}
		}
		if (!first)
			break;
		first->addr = 0;
		woken[n++] = slot;
	}
	return n;
}
