/* spin-ticket.c — a counter behind a ticket lock whose waiters spin on an acquire load
 * without pause (a plain mov: a scheduling point only at -g memory). Correct: at
 * -g memory a waiter re-reads the counter until the holder's release store, which the
 * scheduler must wait for instead of calling the spin a livelock. SPIN_TICKET_ATOMIC: an
 * atomic inside the critical section, where -g atomic may preempt the holder (the waiter's
 * loop then needs its load as a scheduling point: --spin-site); SPIN_TICKET_LOST: also,
 * but the counter is read before the lock (a lost update). */
#include <stdlib.h>
#include "spin.h"

struct spinctr {
	unsigned next, serving;
	long n;
};

struct spinctr *spinctr_new(void) { return calloc(1, sizeof(struct spinctr)); }

long spinctr_inc(struct spinctr *c)
{
#ifdef SPIN_TICKET_LOST
	long v = __atomic_load_n(&c->n, __ATOMIC_RELAXED); /* bug: read before the lock */
#endif
	unsigned t = __atomic_fetch_add(&c->next, 1, __ATOMIC_RELAXED);
	while (__atomic_load_n(&c->serving, __ATOMIC_ACQUIRE) != t)
		;
#if defined SPIN_TICKET_LOST
	__atomic_exchange_n(&c->n, v + 1, __ATOMIC_RELAXED);
#elif defined SPIN_TICKET_ATOMIC
	long v = __atomic_fetch_add(&c->n, 1, __ATOMIC_RELAXED);
#else
	long v = c->n++;
#endif
	__atomic_store_n(&c->serving, t + 1, __ATOMIC_RELEASE);
	return v;
}
