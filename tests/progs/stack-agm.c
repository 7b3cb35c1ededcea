/* stack-agm.c — the array stack of Afek, Gafni and Morrison (PODC 2006) with a broken pop.
 * push takes a slot with fetch-and-increment (lock xadd) and writes it; pop scans down from
 * the top and must take a slot with one swap. This pop reads the slot and clears it in two
 * separate steps (a load, then a seq_cst store = xchg, a scheduling point): two pops that
 * both read before either clears return the same element. */
#include <stdlib.h>
#include "stack.h"

#define SLOTS 64

struct stack {
	long range;
	long items[SLOTS];
};

struct stack *stack_new(void) { return calloc(1, sizeof(struct stack)); }

void stack_push(struct stack *s, long v)
{
	long i = __atomic_fetch_add(&s->range, 1, __ATOMIC_SEQ_CST);

	if (i >= SLOTS)
		abort(); /* the tests push a handful */
	__atomic_store_n(&s->items[i], v, __ATOMIC_RELEASE);
}

long stack_pop(struct stack *s)
{
	long i = __atomic_load_n(&s->range, __ATOMIC_SEQ_CST) - 1;

	for (; i >= 0; i--) {
		long x = __atomic_load_n(&s->items[i], __ATOMIC_SEQ_CST);

		if (x != 0) {
			/* the bug: should be x = __atomic_exchange_n(&s->items[i], 0, ...) */
			__atomic_store_n(&s->items[i], 0, __ATOMIC_SEQ_CST);
			return x;
		}
	}
	return -1;
}
