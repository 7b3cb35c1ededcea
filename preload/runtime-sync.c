/* preload/runtime-sync.c — the blocking models of the pthread and semaphore API (policy
 * in runtime.h). Hook path: called by preload/hooks-pthread.c only while the scheduler
 * controls the running thread. A model never blocks for real: it tries the real primitive
 * without blocking and, when that fails, blocks the thread in the scheduler. */
#include <errno.h>
#include <string.h>

#include "preload.h"
#include "lineup/stringify.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

static int self_owns(pthread_mutex_t *m) { return m->__data.__owner == lp_self->ktid; }

/* Retries trylock until it succeeds; returns its result, EDEADLK or ETIMEDOUT. */
static int mutex_acquire(pthread_mutex_t *m, int mode, uintptr_t site)
{
	for (;;) {
		lp_rt_touch(m);
		int r = real_pthread_mutex_trylock(m);
		if (r == 0)
			lp_rt_held_add(m);
		if (r != EBUSY || mode == LP_W_TRY)
			return r;
		if (self_owns(m) && (m->__data.__kind & 3) == PTHREAD_MUTEX_ERRORCHECK)
			return EDEADLK;
		/* a normal mutex locked twice by its owner blocks for ever: a deadlock */
		if (lp_rt_block(m, mode == LP_W_TIMED, site))
			return ETIMEDOUT;
	}
}

int lp_rt_mutex_lock(pthread_mutex_t *m, int mode, uintptr_t site)
{
	if (mode == LP_W_BLOCK) {
		lp_self->lock_wait = m; /* not a candidate while another thread holds m */
		lp_self->lock_frame = (uintptr_t)__builtin_frame_address(0);
	}
	lp_rt_sync_point(m, site);
	lp_self->lock_wait = NULL;
	return mutex_acquire(m, mode, site);
}

static int mutex_release(pthread_mutex_t *m)
{
	lp_rt_touch(m);
	int r = real_pthread_mutex_unlock(m);
	if (r == 0 && !self_owns(m)) /* a recursive mutex stays held until its last unlock */
		lp_rt_held_drop(m);
	if (r == 0)
		lp_rt_wake(m, 1);
	return r;
}

int lp_rt_mutex_unlock(pthread_mutex_t *m, uintptr_t site)
{
	lp_rt_sync_point(m, site);
	return mutex_release(m);
}

/* Condition variables: FIFO wake-ups; the mutex is released and re-acquired through the
 * mutex model. The real condition variable is never touched. No spurious wake-ups unless
 * asked for: then, in phase 2, an untimed wait is taken as timed and its time-out (when no
 * other thread can run) as a spurious wake-up, once per operation so that a correct retry
 * loop ends up blocked (stuck) rather than spinning. */
int lp_rt_cond_wait(pthread_cond_t *c, pthread_mutex_t *m, int timed, uintptr_t site)
{
	lp_rt_sync_point(c, site);
	lp_rt_testcancel();
	int kind = m->__data.__kind & 3;
	if (kind != PTHREAD_MUTEX_NORMAL && !self_owns(m))
		return EPERM;
	int r = mutex_release(m);
	if (r)
		return r;
	int spurious = !timed && lp_rt.spurious && !lp_self->spurious_used;
	lp_self->cancel_point = 1;
	int to = lp_rt_block(c, timed || spurious, site);
	lp_self->cancel_point = 0;
	if (to && spurious) {
		lp_self->spurious_used = 1;
		to = 0;
	}
	r = mutex_acquire(m, LP_W_BLOCK, site);
	lp_rt_testcancel(); /* with the mutex held again, as glibc does */
	return r ? r : to ? ETIMEDOUT : 0;
}

int lp_rt_cond_wake(pthread_cond_t *c, int all, uintptr_t site)
{
	lp_rt_sync_point(c, site);
	lp_rt_wake(c, all);
	return 0;
}

int lp_rt_rwlock_lock(pthread_rwlock_t *l, int write, int mode, uintptr_t site)
{
	lp_rt_sync_point(l, site);
	for (;;) {
		int r = write ? real_pthread_rwlock_trywrlock(l) : real_pthread_rwlock_tryrdlock(l);
		if (r != EBUSY || mode == LP_W_TRY)
			return r;
		if (l->__data.__cur_writer == lp_self->ktid)
			return EDEADLK; /* what glibc's blocking calls answer */
		if (lp_rt_block(l, mode == LP_W_TIMED, site))
			return ETIMEDOUT;
	}
}

int lp_rt_rwlock_unlock(pthread_rwlock_t *l, uintptr_t site)
{
	lp_rt_sync_point(l, site);
	int r = real_pthread_rwlock_unlock(l);
	if (r == 0)
		lp_rt_wake(l, 1);
	return r;
}

int lp_rt_sem_wait(sem_t *s, int mode, uintptr_t site)
{
	lp_rt_sync_point(s, site);
	for (;;) {
		if (real_sem_trywait(s) == 0)
			return 0;
		if (errno != EAGAIN || mode == LP_W_TRY)
			return -1;
		lp_rt_testcancel(); /* sem_wait is a cancellation point, sem_trywait not */
		lp_self->cancel_point = 1;
		int to = lp_rt_block(s, mode == LP_W_TIMED, site);
		lp_self->cancel_point = 0;
		lp_rt_testcancel();
		if (to) {
			errno = ETIMEDOUT;
			return -1;
		}
	}
}

int lp_rt_sem_post(sem_t *s, uintptr_t site)
{
	lp_rt_sync_point(s, site);
	int r = real_sem_post(s);
	if (r == 0)
		lp_rt_wake(s, 1);
	return r;
}

int lp_rt_spin_lock(pthread_spinlock_t *l, int mode, uintptr_t site)
{
	lp_rt_sync_point((const void *)l, site);
	for (;;) {
		int r = real_pthread_spin_trylock(l);
		if (r != EBUSY || mode == LP_W_TRY)
			return r;
		lp_rt_block((const void *)l, 0, site);
	}
}

int lp_rt_spin_unlock(pthread_spinlock_t *l, uintptr_t site)
{
	lp_rt_sync_point((const void *)l, site);
	int r = real_pthread_spin_unlock(l);
	lp_rt_wake((const void *)l, 1);
	return r;
}

/* Barriers are modelled entirely: the count is taken at pthread_barrier_init (also before
 * the fork point; the table is inherited by every execution). */
#define LP_MAX_BARRIERS 256
static struct barrier {
	pthread_barrier_t *addr;
	unsigned count, arrived;
	uint64_t generation;
} barriers[LP_MAX_BARRIERS];

static struct barrier *find_barrier(pthread_barrier_t *b)
{
	for (unsigned i = 0; i < LP_MAX_BARRIERS; i++)
		if (barriers[i].addr == b)
			return &barriers[i];
	return NULL;
}

void lp_rt_barrier_init(pthread_barrier_t *b, unsigned count)
{
	struct barrier *e = find_barrier(b);
	if (!e)
		e = find_barrier(NULL);
	if (!e)
		lp_fatal(LP_OUT_LIMIT, 0, "more than " LP_STR(LP_MAX_BARRIERS) " barriers alive");
	e->addr = b;
	e->count = count;
	e->arrived = 0;
}

void lp_rt_barrier_forget(pthread_barrier_t *b)
{
	struct barrier *e = find_barrier(b);
	if (e)
		e->addr = NULL;
}

int lp_rt_barrier_wait(pthread_barrier_t *b, uintptr_t site)
{
	struct barrier *e = find_barrier(b);
	if (!e)
		return -2; /* not initialised through us */
	lp_rt_sync_point(e, site);
	if (++e->arrived >= e->count) {
		e->arrived = 0;
		e->generation++;
		lp_rt_wake(e, 1);
		return PTHREAD_BARRIER_SERIAL_THREAD;
	}
	uint64_t gen = e->generation;
	while (e->generation == gen)
		lp_rt_block(e, 0, site);
	return 0;
}

/* pthread_once: a thread calling it while another runs the routine waits in the model
 * instead of on glibc's futex. */
int lp_rt_once(pthread_once_t *o, void (*fn)(void), uintptr_t site)
{
	lp_rt_sync_point(o, site);
	for (;;) {
		int busy = 0;
		for (unsigned i = 0; i < lp_rt.n; i++)
			if (lp_rt.th[i].state != LP_T_FREE && lp_rt.th[i].once_running == o)
				busy = 1;
		if (!busy)
			break;
		lp_rt_block(o, 0, site);
	}
	const void *prev = lp_self->once_running;
	lp_self->once_running = o;
	int r = real_pthread_once(o, fn);
	lp_self->once_running = prev;
	lp_rt_wake(o, 1);
	return r;
}
