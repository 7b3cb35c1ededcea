/* preload/hooks-pthread.c — the interposed pthread, semaphore, yield and exit functions.
 * Hook path: each saves errno, and goes to the real function unless the scheduler controls
 * the calling thread (before the fork point, inert mode, after the end). */
#include <errno.h>

#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#pragma GCC visibility push(default)

#define SITE ((uintptr_t)__builtin_return_address(0))

/* Return the model's result with the caller's errno intact. */
#define MODEL(expr)                                                                                \
	do {                                                                                       \
		int saved_ = errno;                                                                \
		int r_ = (expr);                                                                   \
		errno = saved_;                                                                    \
		return r_;                                                                         \
	} while (0)

/* The hooks whose whole body is "the real function, or the model" come from the table:
 * LP_MODEL keeps errno; LP_SEM (sem_* report errors through errno) only on success. The
 * LP_FN entries are written by hand, below and in the other hooks files. */
#define LP_FN(ret, name, params)
#define LP_MODEL(name, params, args, model)                                                        \
	int name params                                                                            \
	{                                                                                          \
		if (!lp_rt_controlled())                                                           \
			return REAL(name) args;                                                    \
		MODEL(model);                                                                      \
	}
#define LP_SEM(name, params, args, model)                                                          \
	int name params                                                                            \
	{                                                                                          \
		if (!lp_rt_controlled())                                                           \
			return REAL(name) args;                                                    \
		int saved = errno, r = (model);                                                    \
		if (r == 0)                                                                        \
			errno = saved;                                                             \
		return r;                                                                          \
	}
#include "interposed.def"
#undef LP_FN
#undef LP_MODEL
#undef LP_SEM

/* Shared with thrd_create (hooks-c11.c), which glibc routes past the pthread_create
 * symbol. */
int lp_hook_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg,
		   uintptr_t site)
{
	if (!lp_g.active)
		return REAL(pthread_create)(th, attr, fn, arg);
	int saved = errno;
	/* The driver's set-up calls stay set-up when a library starts a thread in them. */
	if (!lp_rt.on && lp_g.shm->outcome == LP_OUT_RUNNING && lp_self == &lp_rt.th[0] &&
	    (!lp_g.fork_in_main || lp_in_main_program(site)))
		lp_forksrv_start(site);
	if (!lp_rt_controlled()) {
		errno = saved;
		return real_pthread_create(th, attr, fn, arg);
	}
	int r = lp_rt_create(th, attr, fn, arg, site);
	errno = saved;
	return r;
}

int pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
	return lp_hook_create(th, attr, fn, arg, SITE);
}

/* Keys are created for real; the runtime only remembers their destructors (runtime-tsd.c). */
int pthread_key_create(pthread_key_t *key, void (*dtor)(void *))
{
	return lp_hook_key_create(key, dtor);
}

int lp_hook_key_create(pthread_key_t *key, void (*dtor)(void *))
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

void lp_hook_exit(void *ret, uintptr_t site)
{
	lp_op_unhook(lp_self);
	if (lp_rt_controlled() && lp_self == &lp_rt.th[0])
		lp_rt_main_exit(site);
	REAL(pthread_exit)(ret);
	__builtin_unreachable();
}

void pthread_exit(void *ret) { lp_hook_exit(ret, SITE); }

int sem_getvalue(sem_t *s, int *v)
{
	if (lp_rt_controlled()) {
		int saved = errno;
		lp_rt_sync_point(s, SITE);
		errno = saved;
	}
	return REAL(sem_getvalue)(s, v);
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

/* ---- yields: never really sleep under the scheduler ---- */
static void yield_point(uintptr_t site)
{
	int saved = errno;
	lp_rt_point(LP_PT_YIELD, site);
	errno = saved;
}

/* The sleeps and polls are cancellation points too. */
static void sleep_point(uintptr_t site)
{
	yield_point(site);
	lp_rt_testcancel();
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
	sleep_point(SITE);
	return 0;
}

int usleep(useconds_t us)
{
	if (!lp_rt_controlled())
		return REAL(usleep)(us);
	sleep_point(SITE);
	return 0;
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	if (!lp_rt_controlled())
		return REAL(nanosleep)(req, rem);
	sleep_point(SITE);
	if (rem)
		rem->tv_sec = rem->tv_nsec = 0;
	return 0;
}

int clock_nanosleep(clockid_t c, int flags, const struct timespec *req, struct timespec *rem)
{
	if (!lp_rt_controlled())
		return REAL(clock_nanosleep)(c, flags, req, rem);
	sleep_point(SITE);
	if (rem)
		rem->tv_sec = rem->tv_nsec = 0;
	return 0;
}

int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	if (n != 0 || !lp_rt_controlled())
		return REAL(poll)(fds, n, timeout);
	sleep_point(SITE);
	return 0;
}

int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *t, const sigset_t *mask)
{
	if (n != 0 || !lp_rt_controlled())
		return REAL(ppoll)(fds, n, t, mask);
	sleep_point(SITE);
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
