/* spinsem.c — a counting semaphore (semw.h) whose wait spins a while before it sleeps, as
 * musl's does: up to SPINSEM_SPINS rounds of PAUSE while the count is zero and nobody
 * sleeps, then it counts itself among the waiters and sleeps on a futex. The spin-loop
 * folding (preload/runtime-spin.h) makes the number of rounds irrelevant to the schedules
 * explored (built with 100 and with 20). With -DSPINSEM_LOST_WAKE, post reads the waiters
 * before it raises the count: a waiter that registers in between sleeps on a count of one,
 * never woken (a stuck wait; reachable with one preemption once the spin is one step). */
#include <linux/futex.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "semw.h"

#ifndef SPINSEM_SPINS
#define SPINSEM_SPINS 100
#endif

struct semw {
	volatile int count, waiters;
};

struct semw *semw_new(unsigned initial)
{
	struct semw *s = calloc(1, sizeof *s);
	s->count = (int)initial;
	return s;
}

int semw_trywait(struct semw *s)
{
	int c = s->count;
	while (c > 0) {
		if (__sync_bool_compare_and_swap(&s->count, c, c - 1))
			return 0;
		c = s->count;
	}
	return -1;
}

void semw_wait(struct semw *s)
{
	if (!semw_trywait(s))
		return;
	for (int spins = SPINSEM_SPINS; spins > 0 && s->count <= 0 && !s->waiters; spins--)
		__builtin_ia32_pause();
	while (semw_trywait(s)) {
		__sync_fetch_and_add(&s->waiters, 1);
		syscall(SYS_futex, &s->count, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
		__sync_fetch_and_sub(&s->waiters, 1);
	}
}

void semw_post(struct semw *s)
{
#ifdef SPINSEM_LOST_WAKE
	int sleepers = s->waiters;
	__sync_fetch_and_add(&s->count, 1);
#else
	__sync_fetch_and_add(&s->count, 1);
	int sleepers = s->waiters;
#endif
	if (sleepers)
		syscall(SYS_futex, &s->count, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
