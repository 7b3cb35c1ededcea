/* peterson.c — a counter guarded by Peterson's lock as written for sequential consistency:
 * plain (volatile) flags and turn, no fence. Under x86-TSO the stores of flag and turn can
 * wait in the store buffer while the other thread's flag is read: both threads enter and
 * two increments return the same value. -DPETERSON_FENCE puts an mfence after the turn
 * store (the fix), -DPETERSON_FLAG_FENCE one after the flag store (peterson.h). -DPETERSON_YIELD
 * waits with sched_yield (a yield call drains the store buffer: short waits, quick checks). */
#include <sched.h>
#include <stdlib.h>
#include "peterson.h"

struct pc {
	volatile int flag[2];
	volatile int turn;
	volatile long n;
};

struct pc *pc_new(void) { return calloc(1, sizeof(struct pc)); }

long pc_inc(struct pc *c, int me)
{
	int other = 1 - me;
	c->flag[me] = 1, PETERSON_AFTER_FLAG();
	c->turn = other;
#ifdef PETERSON_FENCE
	__asm__ volatile("mfence" ::: "memory");
#endif
	while (c->flag[other] && c->turn == other)
#ifdef PETERSON_YIELD
		sched_yield();
#else
		__asm__ volatile("pause" ::: "memory");
#endif
	long v = c->n;
	c->n = v + 1;
	c->flag[me] = 0;
	return v;
}
