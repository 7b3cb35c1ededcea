/* preload/hooks-pthread.c — the interposed pthread, semaphore, yield and exit functions.
 * Hook path: each saves errno, and goes to the real function unless the scheduler controls
 * the calling thread (before the fork point, inert mode, after the end). */
#include <errno.h>

#include "preload.h"
#include "scheduler/runtime.h"

#pragma GCC visibility push(default)

#define SITE ((uintptr_t)__builtin_return_address(0))
#define REAL(name) (real_##name ? real_##name : (lp_preload_resolve(), real_##name))

/* Return the model's result with the caller's errno intact. */
#define MODEL(expr) \
	do { \
		int saved_ = errno; \
		int r_ = (expr); \
		errno = saved_; \
		return r_; \
	} while (0)

int pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
	if (!lp_g.active)
		return REAL(pthread_create)(th, attr, fn, arg);
	int saved = errno;
	if (!lp_rt.on && lp_g.shm->outcome == LP_OUT_RUNNING && lp_self == &lp_rt.th[0])
		lp_forksrv_start(SITE);
	if (!lp_rt_controlled()) {
		errno = saved;
		return real_pthread_create(th, attr, fn, arg);
	}
	int r = lp_rt_create(th, attr, fn, arg, SITE);
	errno = saved;
	return r;
}

int pthread_join(pthread_t th, void **ret)
{
	if (!lp_rt_controlled())
		return REAL(pthread_join)(th, ret);
	MODEL(lp_rt_join(th, ret, SITE));
}

/* Keys are created for real; the runtime only remembers their destructors (runtime-tsd.c). */
int pthread_key_create(pthread_key_t *key, void (*dtor)(void *))
{
	int r = REAL(pthread_key_create)(key, dtor);
	if (r == 0)
		lp_rt_key_created(*key, dtor);
	return r;
}

int pthread_key_delete(pthread_key_t key)
{
	lp_rt_key_deleted(key);
	return REAL(pthread_key_delete)(key);
}

int pthread_detach(pthread_t th)
{
	if (!lp_rt_controlled())
		return REAL(pthread_detach)(th);
	MODEL(lp_rt_detach(th, SITE));
}

void pthread_exit(void *ret)
{
	if (lp_rt_controlled() && lp_self == &lp_rt.th[0])
		lp_rt_main_exit(SITE);
	REAL(pthread_exit)(ret);
	__builtin_unreachable();
}

int pthread_mutex_lock(pthread_mutex_t *m)
{
	if (!lp_rt_controlled())
		return REAL(pthread_mutex_lock)(m);
	MODEL(lp_rt_mutex_lock(m, LP_W_BLOCK, SITE));
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
	if (!lp_rt_controlled())
		return REAL(pthread_mutex_trylock)(m);
	MODEL(lp_rt_mutex_lock(m, LP_W_TRY, SITE));
}

int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *t)
{
	if (!lp_rt_controlled())
		return REAL(pthread_mutex_timedlock)(m, t);
	MODEL(lp_rt_mutex_lock(m, LP_W_TIMED, SITE));
}

int pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t c, const struct timespec *t)
{
	if (!lp_rt_controlled())
		return REAL(pthread_mutex_clocklock)(m, c, t);
	MODEL(lp_rt_mutex_lock(m, LP_W_TIMED, SITE));
}

int pthread_mutex_unlock(pthread_mutex_t *m)
{
	if (!lp_rt_controlled())
		return REAL(pthread_mutex_unlock)(m);
	MODEL(lp_rt_mutex_unlock(m, SITE));
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	if (!lp_rt_controlled())
		return REAL(pthread_cond_wait)(c, m);
	MODEL(lp_rt_cond_wait(c, m, 0, SITE));
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t)
{
	if (!lp_rt_controlled())
		return REAL(pthread_cond_timedwait)(c, m, t);
	MODEL(lp_rt_cond_wait(c, m, 1, SITE));
}

int pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t k, const struct timespec *t)
{
	if (!lp_rt_controlled())
		return REAL(pthread_cond_clockwait)(c, m, k, t);
	MODEL(lp_rt_cond_wait(c, m, 1, SITE));
}

int pthread_cond_signal(pthread_cond_t *c)
{
	if (!lp_rt_controlled())
		return REAL(pthread_cond_signal)(c);
	MODEL(lp_rt_cond_wake(c, 0, SITE));
}

int pthread_cond_broadcast(pthread_cond_t *c)
{
	if (!lp_rt_controlled())
		return REAL(pthread_cond_broadcast)(c);
	MODEL(lp_rt_cond_wake(c, 1, SITE));
}

#define RW(name, write, mode, params, args) \
	int name params \
	{ \
		if (!lp_rt_controlled()) \
			return REAL(name) args; \
		MODEL(lp_rt_rwlock_lock(l, write, mode, SITE)); \
	}
RW(pthread_rwlock_rdlock, 0, LP_W_BLOCK, (pthread_rwlock_t *l), (l))
RW(pthread_rwlock_tryrdlock, 0, LP_W_TRY, (pthread_rwlock_t *l), (l))
RW(pthread_rwlock_timedrdlock, 0, LP_W_TIMED, (pthread_rwlock_t *l, const struct timespec *t), (l, t))
RW(pthread_rwlock_clockrdlock, 0, LP_W_TIMED, (pthread_rwlock_t *l, clockid_t c, const struct timespec *t), (l, c, t))
RW(pthread_rwlock_wrlock, 1, LP_W_BLOCK, (pthread_rwlock_t *l), (l))
RW(pthread_rwlock_trywrlock, 1, LP_W_TRY, (pthread_rwlock_t *l), (l))
RW(pthread_rwlock_timedwrlock, 1, LP_W_TIMED, (pthread_rwlock_t *l, const struct timespec *t), (l, t))
RW(pthread_rwlock_clockwrlock, 1, LP_W_TIMED, (pthread_rwlock_t *l, clockid_t c, const struct timespec *t), (l, c, t))

int pthread_rwlock_unlock(pthread_rwlock_t *l)
{
	if (!lp_rt_controlled())
		return REAL(pthread_rwlock_unlock)(l);
	MODEL(lp_rt_rwlock_unlock(l, SITE));
}

/* sem_* report errors through errno: no errno restore on failure. */
int sem_wait(sem_t *s)
{
	if (!lp_rt_controlled())
		return REAL(sem_wait)(s);
	int saved = errno, r = lp_rt_sem_wait(s, LP_W_BLOCK, SITE);
	if (r == 0)
		errno = saved;
	return r;
}

int sem_trywait(sem_t *s)
{
	if (!lp_rt_controlled())
		return REAL(sem_trywait)(s);
	int saved = errno, r = lp_rt_sem_wait(s, LP_W_TRY, SITE);
	if (r == 0)
		errno = saved;
	return r;
}

int sem_timedwait(sem_t *s, const struct timespec *t)
{
	if (!lp_rt_controlled())
		return REAL(sem_timedwait)(s, t);
	int saved = errno, r = lp_rt_sem_wait(s, LP_W_TIMED, SITE);
	if (r == 0)
		errno = saved;
	return r;
}

int sem_clockwait(sem_t *s, clockid_t c, const struct timespec *t)
{
	if (!lp_rt_controlled())
		return REAL(sem_clockwait)(s, c, t);
	int saved = errno, r = lp_rt_sem_wait(s, LP_W_TIMED, SITE);
	if (r == 0)
		errno = saved;
	return r;
}

int sem_post(sem_t *s)
{
	if (!lp_rt_controlled())
		return REAL(sem_post)(s);
	int saved = errno, r = lp_rt_sem_post(s, SITE);
	if (r == 0)
		errno = saved;
	return r;
}

int sem_getvalue(sem_t *s, int *v)
{
	if (lp_rt_controlled()) {
		int saved = errno;
		lp_rt_sync_point(s, SITE);
		errno = saved;
	}
	return REAL(sem_getvalue)(s, v);
}

int pthread_spin_lock(pthread_spinlock_t *l)
{
	if (!lp_rt_controlled())
		return REAL(pthread_spin_lock)(l);
	MODEL(lp_rt_spin_lock(l, LP_W_BLOCK, SITE));
}

int pthread_spin_trylock(pthread_spinlock_t *l)
{
	if (!lp_rt_controlled())
		return REAL(pthread_spin_trylock)(l);
	MODEL(lp_rt_spin_lock(l, LP_W_TRY, SITE));
}

int pthread_spin_unlock(pthread_spinlock_t *l)
{
	if (!lp_rt_controlled())
		return REAL(pthread_spin_unlock)(l);
	MODEL(lp_rt_spin_unlock(l, SITE));
}

int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a, unsigned count)
{
	int r = REAL(pthread_barrier_init)(b, a, count);
	if (r == 0 && lp_g.active)
		lp_rt_barrier_init(b, count);
	return r;
}

int pthread_barrier_destroy(pthread_barrier_t *b)
{
	if (lp_g.active)
		lp_rt_barrier_forget(b);
	return REAL(pthread_barrier_destroy)(b);
}

int pthread_barrier_wait(pthread_barrier_t *b)
{
	if (lp_rt_controlled()) {
		int saved = errno, r = lp_rt_barrier_wait(b, SITE);
		errno = saved;
		if (r != -2)
			return r;
	}
	return REAL(pthread_barrier_wait)(b);
}

int pthread_once(pthread_once_t *o, void (*fn)(void))
{
	if (!lp_rt_controlled())
		return REAL(pthread_once)(o, fn);
	MODEL(lp_rt_once(o, fn, SITE));
}

/* ---- yields: never really sleep under the scheduler ---- */
static void yield_point(uintptr_t site)
{
	int saved = errno;
	lp_rt_point(LP_PT_YIELD, site);
	errno = saved;
}

int sched_yield(void)
{
	if (!lp_rt_controlled())
		return REAL(sched_yield)();
	yield_point(SITE);
	return 0;
}

unsigned sleep(unsigned s)
{
	if (!lp_rt_controlled())
		return REAL(sleep)(s);
	yield_point(SITE);
	return 0;
}

int usleep(useconds_t us)
{
	if (!lp_rt_controlled())
		return REAL(usleep)(us);
	yield_point(SITE);
	return 0;
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	if (!lp_rt_controlled())
		return REAL(nanosleep)(req, rem);
	yield_point(SITE);
	if (rem)
		rem->tv_sec = rem->tv_nsec = 0;
	return 0;
}

int clock_nanosleep(clockid_t c, int flags, const struct timespec *req, struct timespec *rem)
{
	if (!lp_rt_controlled())
		return REAL(clock_nanosleep)(c, flags, req, rem);
	yield_point(SITE);
	if (rem)
		rem->tv_sec = rem->tv_nsec = 0;
	return 0;
}

int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	if (n != 0 || !lp_rt_controlled())
		return REAL(poll)(fds, n, timeout);
	yield_point(SITE);
	return 0;
}

int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *t, const sigset_t *mask)
{
	if (n != 0 || !lp_rt_controlled())
		return REAL(ppoll)(fds, n, t, mask);
	yield_point(SITE);
	return 0;
}

/* ---- process exit ---- */
void _exit(int status)
{
	if (lp_rt_controlled())
		lp_rt_process_exit(SITE);
	REAL(_exit)(status);
	__builtin_unreachable();
}

void _Exit(int status)
{
	if (lp_rt_controlled())
		lp_rt_process_exit(SITE);
	REAL(_Exit)(status);
	__builtin_unreachable();
}
