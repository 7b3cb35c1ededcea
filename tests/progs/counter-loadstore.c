/* counter-loadstore.c — the increment is an atomic load then a separate atomic store. Each is
 * atomic, the pair is not: two increments that both load before either stores return the same
 * value, which no serial order explains. The seq_cst store compiles to xchg (a scheduling
 * point); the load is a plain mov, so the preemption happens between load and store. */
#include <stdlib.h>
#include "counter.h"

struct counter {
	long n;
};

struct counter *counter_new(void) { return calloc(1, sizeof(struct counter)); }

long counter_inc(struct counter *c)
{
	long v = __atomic_load_n(&c->n, __ATOMIC_SEQ_CST);

	__atomic_store_n(&c->n, v + 1, __ATOMIC_SEQ_CST);
	return v;
}
