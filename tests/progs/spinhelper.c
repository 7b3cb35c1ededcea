/* spinhelper.c — see spinhelper.h: an exchange loop with pause, released by a store. */
#include "spinhelper.h"

void spin_lock(int *l)
{
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
		__builtin_ia32_pause();
}

void spin_unlock(int *l) { __atomic_store_n(l, 0, __ATOMIC_RELEASE); }
