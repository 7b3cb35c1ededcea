/* preload/runtime-futex.h — the futex model behind the interposed syscall(): which
 * system calls it takes over and the model itself (runtime-futex.c). */
#ifndef LP_SCHED_RUNTIME_FUTEX_H
#define LP_SCHED_RUNTIME_FUTEX_H

#include <stdint.h>

#include "runtime.h"

/* True for the futex system calls: SYS_futex (modelled) and the futex2 calls
 * futex_waitv, futex_wake, futex_wait, futex_requeue (not modelled: end the execution). */
int lp_rt_is_futex_syscall(long nr) LP_RT_HIDDEN;

/* Runs one futex system call under the scheduler (only while lp_rt_controlled()): the
 * arguments as the kernel receives them; returns the kernel's result, or -errno.
 * FUTEX_WAIT and FUTEX_WAIT_BITSET: a LP_PT_SYNC point, then, atomically with it,
 * -EAGAIN if *uaddr != val, else the thread blocks (LP_PT_BLOCK) until a wake-up on
 * uaddr chooses it (0) or, for a timed wait, until nothing else can run (-ETIMEDOUT).
 * FUTEX_WAKE and FUTEX_WAKE_BITSET: a LP_PT_SYNC point, then up to val waiters with a
 * matching bitset are enabled, longest waiting first; returns how many. Any other
 * operation records an LP_REC_WARN and ends the execution with LP_OUT_FATAL. */
long lp_rt_futex(long nr, long a1, long a2, long a3, long a4, long a5, long a6,
		 uintptr_t site) LP_RT_HIDDEN;

#endif
