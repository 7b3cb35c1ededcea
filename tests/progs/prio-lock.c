/* prio-lock.c — the Peterson counter's interface (peterson.h) over a two-thread priority lock
 * written for sequential consistency: side 0 raises its flag and waits for side 1's to fall;
 * side 1 raises its flag and lowers it again while side 0's is up. Each side is code of its
 * own, so under x86-TSO each side's flag store can wait in its store buffer past its load of
 * the other flag, and one fence does not stop the other side's reordering: both enter and
 * two increments return the same value unless both stores are fenced. -DPRIO_LOW_FENCE
 * puts an mfence after side 1's store: side 0's is then the one missing. */
#include <sched.h>
#include <stdlib.h>
#include "peterson.h"

struct pc {
	volatile int flag[2];
	volatile long n;
};

struct pc *pc_new(void) { return calloc(1, sizeof(struct pc)); }

static long enter_count_leave(struct pc *c, int me)
{
	long v = c->n;
	c->n = v + 1;
	c->flag[me] = 0;
	return v;
}

static __attribute__((noinline)) long high_side(struct pc *c)
{
	c->flag[0] = 1;
	while (c->flag[1])
		sched_yield();
	return enter_count_leave(c, 0);
}

static __attribute__((noinline)) long low_side(struct pc *c)
{
	for (;;) {
		c->flag[1] = 1;
#ifdef PRIO_LOW_FENCE
		__asm__ volatile("mfence" ::: "memory");
#endif
		if (!c->flag[0])
			break;
		c->flag[1] = 0;
		while (c->flag[0])
			sched_yield();
	}
	return enter_count_leave(c, 1);
}

long pc_inc(struct pc *c, int me) { return me ? low_side(c) : high_side(c); }
