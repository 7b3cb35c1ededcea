/* spin-polite.c — a counter behind a "polite" flag lock: a thread raises its flag, and
 * while the other's is up lowers it and tries again. Its waiter keeps writing its own flag
 * without getting anywhere while the holder is preempted: a livelock (a spin with writes),
 * which --max-steps must still report as a stuck history at -g memory. SPIN_POLITE_ATOMIC:
 * an atomic in the critical section, where -g atomic may preempt the holder: the waiter's
 * loop stores, so its loads are not made scheduling points (the watchdog's error stands). */
#include <stdlib.h>
#include "spin.h"

struct spinctr {
	volatile int want[2];
	int slots;
	long n;
};

static __thread int me = -1;

struct spinctr *spinctr_new(void) { return calloc(1, sizeof(struct spinctr)); }

static __attribute__((noinline)) void polite_lock(struct spinctr *c)
{
	for (;;) {
		c->want[me] = 1;
		if (!c->want[1 - me])
			return;
		c->want[me] = 0; /* after you */
	}
}

long spinctr_inc(struct spinctr *c)
{
	if (me < 0)
		me = __atomic_fetch_add(&c->slots, 1, __ATOMIC_RELAXED) & 1;
	polite_lock(c);
#ifdef SPIN_POLITE_ATOMIC
	long v = __atomic_fetch_add(&c->n, 1, __ATOMIC_RELAXED);
#else
	long v = c->n++;
#endif
	c->want[me] = 0;
	return v;
}
