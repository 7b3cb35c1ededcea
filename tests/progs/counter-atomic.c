/* counter-atomic.c — the increment is one __atomic_fetch_add (lock xadd): linearizable. */
#include <stdlib.h>
#include "counter.h"

struct counter {
	long n;
};

struct counter *counter_new(void) { return calloc(1, sizeof(struct counter)); }

long counter_inc(struct counter *c) { return __atomic_fetch_add(&c->n, 1, __ATOMIC_SEQ_CST); }
