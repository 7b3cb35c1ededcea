/* event-cas.c — a manual-reset event on one state word (bit 0: set; the rest: number of
 * registered waiters), updated with CAS; waiters sleep with syscall(SYS_futex, FUTEX_WAIT)
 * on the word and set() wakes them when it saw waiters. Built twice: correct, and with
 * -DEVENT_FIG9_BUG, the bug of Line-Up's Figure 9 (ManualResetEventSlim): the state is read
 * twice, so the new value and the CAS's expected value come from different reads. A waiter
 * that registers between the two reads is erased from the count, set() then wakes nobody
 * and the waiter sleeps forever: a stuck history no serial order has.
 * State reads use the full-fence idiom CAS(0, 0) (lock cmpxchg), as Windows code does with
 * InterlockedCompareExchange(&x, 0, 0): each read is then a scheduling point. */
#include <limits.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "event.h"

#define SET 1
#define WAITER 2

struct event {
	int state;
};

static int read_state(struct event *e) { return __sync_val_compare_and_swap(&e->state, 0, 0); }

static int cas(struct event *e, int old, int new)
{
	return __sync_bool_compare_and_swap(&e->state, old, new);
}

/* Replaces the bits of mask with bits; returns the new state. */
static int update(struct event *e, int bits, int mask)
{
	for (;;) {
#ifdef EVENT_FIG9_BUG
		int new = (read_state(e) & ~mask) | bits;
		int old = read_state(e); /* the bug: a second read, not the one new came from */
#else
		int old = read_state(e);
		int new = (old & ~mask) | bits;
#endif
		if (cas(e, old, new))
			return new;
	}
}

struct event *event_new(void) { return calloc(1, sizeof(struct event)); }

void event_set(struct event *e)
{
	if (update(e, SET, SET) >= WAITER)
		syscall(SYS_futex, &e->state, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

void event_reset(struct event *e) { update(e, 0, SET); }

void event_wait(struct event *e)
{
	int s;

	for (;;) { /* register as a waiter unless already set */
		s = read_state(e);
		if (s & SET)
			return;
		if (cas(e, s, s + WAITER))
			break;
	}
	for (;;) {
		s = read_state(e);
		if (s & SET)
			break;
		/* returns at once if the word is no longer s: no wake-up is lost */
		syscall(SYS_futex, &e->state, FUTEX_WAIT, s, NULL, NULL, 0);
	}
	__atomic_fetch_sub(&e->state, WAITER, __ATOMIC_SEQ_CST);
}
