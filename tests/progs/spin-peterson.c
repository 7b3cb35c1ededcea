/* spin-peterson.c — a counter behind Peterson's lock for two threads: plain (volatile)
 * loads and stores, no atomic instruction but the one that hands out the two slots, no
 * pause. Correct under sequential consistency (the default --memory-model): at -g memory
 * the waiter spins on two loads until the holder's unlock, which the scheduler must wait
 * for instead of calling the spin a livelock. */
#include <stdlib.h>
#include "spin.h"

struct spinctr {
	volatile int want[2];
	volatile int turn;
	int slots;
	long n;
};

static __thread int me = -1; /* this thread's slot, 0 or 1 */

struct spinctr *spinctr_new(void) { return calloc(1, sizeof(struct spinctr)); }

static __attribute__((noinline)) void peterson_lock(struct spinctr *c)
{
	int other = 1 - me;
	c->want[me] = 1;
	c->turn = other;
	while (c->want[other] && c->turn == other)
		; /* no pause: a spin the scheduler sees only at its loads */
}

static __attribute__((noinline)) void peterson_unlock(struct spinctr *c) { c->want[me] = 0; }

long spinctr_inc(struct spinctr *c)
{
	if (me < 0)
		me = __atomic_fetch_add(&c->slots, 1, __ATOMIC_RELAXED) & 1;
	peterson_lock(c);
	long v = c->n++;
	peterson_unlock(c);
	return v;
}
