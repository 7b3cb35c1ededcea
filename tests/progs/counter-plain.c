/* counter-plain.c — a plain non-atomic increment (a load and a store of c->n). Without
 * --granularity memory nothing inside counter_inc is a scheduling point, so each call runs
 * without preemption and the race is invisible; with it, the load and the store are
 * scheduling points and two increments can return the same value. */
#include <stdlib.h>
#include "counter.h"

struct counter {
	long n;
};

struct counter *counter_new(void) { return calloc(1, sizeof(struct counter)); }

long counter_inc(struct counter *c)
{
	/* volatile keeps the load and the store two instructions at any optimisation level */
	volatile long *n = &c->n;
	long v = *n;

	*n = v + 1;
	return v;
}
