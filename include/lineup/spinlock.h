/* include/lineup/spinlock.h — a test-and-set spinlock for a few instructions of work.
 * Header only and free of libc: the preload takes it on hook paths, where a pthread mutex
 * would be one of the client's synchronisations (heap.c's slices, runtime-tsd.c's keys). */
#ifndef LINEUP_SPINLOCK_H
#define LINEUP_SPINLOCK_H

#include <stdint.h>

typedef uint32_t lp_spinlock_t; /* 0: free; zero-initialised storage is unlocked */

static inline void lp_spin_lock(lp_spinlock_t *l)
{
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
		__builtin_ia32_pause();
}

static inline void lp_spin_unlock(lp_spinlock_t *l) { __atomic_store_n(l, 0, __ATOMIC_RELEASE); }

#endif
