/* spin-ticket.c — a counter behind a ticket lock whose waiters spin on an acquire load
 * without pause (a plain mov: a scheduling point only at -g memory). Correct: at
 * -g memory a waiter re-reads the counter until the holder's release store, which the
 * scheduler must wait for instead of calling the spin a livelock. */
#include <stdlib.h>
#include "spin.h"

struct spinctr {
	unsigned next, serving;
	long n;
};

struct spinctr *spinctr_new(void) { return calloc(1, sizeof(struct spinctr)); }

long spinctr_inc(struct spinctr *c)
{
	unsigned t = __atomic_fetch_add(&c->next, 1, __ATOMIC_RELAXED);
	while (__atomic_load_n(&c->serving, __ATOMIC_ACQUIRE) != t)
		;
	long v = c->n++;
	__atomic_store_n(&c->serving, t + 1, __ATOMIC_RELEASE);
	return v;
}
