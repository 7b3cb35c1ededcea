/* preload/runtime-futex-queue.h — the futex waiter queue of the futex model: who waits
 * on which address with which bitset, in arrival order. Pure (no threads, no I/O), so the
 * wake rules are unit tested; runtime-futex.c turns its answers into scheduler wake-ups. */
#ifndef LP_SCHED_RUNTIME_FUTEX_QUEUE_H
#define LP_SCHED_RUNTIME_FUTEX_QUEUE_H

#include <stdint.h>

#include "lineup/protocol.h"

/* One entry per thread slot (a thread waits on at most one futex at a time). */
struct lp_futex_waiter {
	uintptr_t addr;	 /* 0: the slot is not waiting */
	uint32_t bitset; /* FUTEX_WAIT waits with all bits set */
	uint64_t seq;	 /* arrival order */
};

struct lp_futex_queue {
	uint64_t seq;
	struct lp_futex_waiter w[LP_MAX_THREADS];
};

/* Queues slot (< LP_MAX_THREADS) as a waiter on addr (non-zero) behind every earlier one. */
void lp_futex_enqueue(struct lp_futex_queue *q, unsigned slot, uintptr_t addr, uint32_t bitset);

/* Takes slot out of the queue (a timed-out waiter); returns 1 if it was queued. */
int lp_futex_dequeue(struct lp_futex_queue *q, unsigned slot);

/* Removes up to max waiters on addr whose bitset shares a bit with bitset, longest waiting
 * first, writing their slots to woken (room for LP_MAX_THREADS) in that order; returns
 * how many. */
unsigned lp_futex_wake(struct lp_futex_queue *q, uintptr_t addr, uint32_t bitset, uint64_t max,
		       unsigned *woken);

/* The kernel's reading of FUTEX_WAKE's count: an int, and it wakes one waiter before
 * comparing, so 0 and negative counts wake at most one. */
static inline uint64_t lp_futex_wake_max(uint32_t val) { return (int32_t)val <= 0 ? 1 : val; }

#endif
