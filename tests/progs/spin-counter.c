/* spin-counter.c — a counter behind a test-and-set spin lock (xchg in a loop). Built twice:
 * with -DSPIN_PAUSE the loop executes PAUSE, which the scheduler takes as a yield (another
 * thread runs, the holder finishes, the spinner gets the lock): linearizable. Without it
 * the loop never yields: a schedule that keeps running the spinner while the holder is
 * preempted never ends, and --max-steps reports it as a livelock (a stuck history) at
 * spin_acquire. No serial run spins, so that stuck history is a violation. The release is
 * a seq_cst store (xchg), so the holder has a scheduling point inside its critical section
 * (a release store is a plain mov, invisible at atomic granularity). */
#include <stdlib.h>
#include "spin.h"

struct spinctr {
	int lock;
	long n;
};

struct spinctr *spinctr_new(void) { return calloc(1, sizeof(struct spinctr)); }

static __attribute__((noinline)) void spin_acquire(int *lock)
{
	while (__atomic_exchange_n(lock, 1, __ATOMIC_ACQUIRE)) {
#ifdef SPIN_PAUSE
		__builtin_ia32_pause();
#endif
	}
}

static __attribute__((noinline)) void spin_release(int *lock)
{
	__atomic_store_n(lock, 0, __ATOMIC_SEQ_CST);
}

long spinctr_inc(struct spinctr *c)
{
	long v;

	spin_acquire(&c->lock);
	v = c->n++;
	spin_release(&c->lock);
	return v;
}
