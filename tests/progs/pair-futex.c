/* pair-futex.c — pair.h with GLib's kind of mutex inside the library: a cmpxchg on the fast
 * path, an xchg to 2 and a futex wait on the slow one, an xchg to 0 (and a futex wake when
 * someone waits) to unlock; lock and unlock are functions of this object the operations
 * call directly (no PLT, no pthread call). The code from an operation's entry to the
 * cmpxchg and from the unlock's xchg to the return touches only the stack, which the
 * analysis proves through the calls (cli/analyze/pure-regions.h, "Spans").
 * -DPAIR_FUTEX_RACE: the bump raises a and b in two critical sections, and a reader that
 * locks between them sees the bump half done.
 * -DPAIR_FUTEX_ABBA: a second lock guards b; the bump takes them in one order, the reader
 * in the other, so a bump and a read can deadlock (each holds the lock the other waits for).
 * -DPAIR_FUTEX_COUNTED: a correct lock whose word also counts the acquisitions (bit 0 held,
 * the rest a count), whose swap expects the value it read: no lock to name with --lock
 * (its swap can fail with the lock free), which must then cost executions, never a verdict. */
#include <linux/futex.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "pair.h"

struct pair {
	int lock; /* 0 free, 1 held, 2 held with waiters */
	int a, b;
	int lock_b; /* PAIR_FUTEX_ABBA: the second lock */
};

struct pair *pair_new(void) { return calloc(1, sizeof(struct pair)); }

#ifdef PAIR_FUTEX_COUNTED
static __attribute__((noinline)) void mutex_lock(int *m)
{
	for (;;) {
		int v = __atomic_load_n(m, __ATOMIC_RELAXED);
		if (v & 1)
			syscall(SYS_futex, m, FUTEX_WAIT_PRIVATE, v, NULL, NULL, 0);
		else if (__atomic_compare_exchange_n(m, &v, v + 3, 0, __ATOMIC_ACQUIRE,
						     __ATOMIC_RELAXED))
			return;
	}
}

static __attribute__((noinline)) void mutex_unlock(int *m)
{
	__atomic_fetch_sub(m, 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, m, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#else
static __attribute__((noinline)) void mutex_lock(int *m)
{
	int z = 0;
	if (__atomic_compare_exchange_n(m, &z, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return;
	while (__atomic_exchange_n(m, 2, __ATOMIC_ACQUIRE) != 0)
		syscall(SYS_futex, m, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
}

static __attribute__((noinline)) void mutex_unlock(int *m)
{
	if (__atomic_exchange_n(m, 0, __ATOMIC_RELEASE) != 1)
		syscall(SYS_futex, m, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif

#ifdef PAIR_FUTEX_ABBA
void pair_bump(struct pair *p)
{
	mutex_lock(&p->lock);
	mutex_lock(&p->lock_b);
	p->a++;
	p->b++;
	mutex_unlock(&p->lock_b);
	mutex_unlock(&p->lock);
}

int pair_diff(struct pair *p)
{
	mutex_lock(&p->lock_b); /* the bug: the other order */
	mutex_lock(&p->lock);
	int d = p->a - p->b;
	mutex_unlock(&p->lock);
	mutex_unlock(&p->lock_b);
	return d;
}
#else
void pair_bump(struct pair *p)
{
	mutex_lock(&p->lock);
	p->a++;
#ifdef PAIR_FUTEX_RACE
	mutex_unlock(&p->lock); /* the bug: the pair is visible half done */
	mutex_lock(&p->lock);
#endif
	p->b++;
	mutex_unlock(&p->lock);
}

int pair_diff(struct pair *p)
{
	mutex_lock(&p->lock);
	int d = p->a - p->b;
	mutex_unlock(&p->lock);
	return d;
}
#endif
