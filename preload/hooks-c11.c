/* preload/hooks-c11.c — the C11 <threads.h> functions. glibc implements them on its
 * internal pthread entry points, past our pthread hooks, so each gets the same model here,
 * with C11's result codes. Hook path: errno is kept, as in hooks-pthread.c. */
#include <errno.h>
#include <stdint.h>

#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#pragma GCC visibility push(default)

#define SITE ((uintptr_t)__builtin_return_address(0))

/* A pthread result as a C11 one. */
static int c11_result(int r)
{
	switch (r) {
	case 0:
		return thrd_success;
	case EBUSY:
		return thrd_busy;
	case ETIMEDOUT:
		return thrd_timedout;
	case ENOMEM:
	case EAGAIN:
		return thrd_nomem;
	default:
		return thrd_error;
	}
}

/* The model's pthread-style result, as C11's, with errno kept. */
#define C11_MODEL(expr)                                                                            \
	do {                                                                                       \
		int saved_ = errno, r_ = c11_result(expr);                                         \
		errno = saved_;                                                                    \
		return r_;                                                                         \
	} while (0)

/* glibc itself starts a C11 thread through this cast: an int result in %eax is read back
 * by thrd_join as the low half of the pointer. */
int thrd_create(thrd_t *th, thrd_start_t fn, void *arg)
{
	return c11_result(lp_hook_create((pthread_t *)th, NULL,
					 (void *(*)(void *))(void (*)(void))fn, arg, SITE));
}

int thrd_join(thrd_t th, int *res)
{
	if (!lp_rt_controlled())
		return REAL(thrd_join)(th, res);
	void *ret = NULL;
	int saved = errno, r = lp_rt_join((pthread_t)th, &ret, SITE);
	errno = saved;
	if (r == 0 && res)
		*res = (int)(intptr_t)ret;
	return c11_result(r);
}

int thrd_detach(thrd_t th)
{
	if (!lp_rt_controlled())
		return REAL(thrd_detach)(th);
	C11_MODEL(lp_rt_detach((pthread_t)th, SITE));
}

void thrd_exit(int res) { lp_hook_exit((void *)(intptr_t)res, SITE); }

void thrd_yield(void)
{
	if (!lp_rt_controlled()) {
		REAL(thrd_yield)();
		return;
	}
	int saved = errno;
	lp_rt_point(LP_PT_YIELD, SITE);
	errno = saved;
}

/* As nanosleep: a yield point that never really sleeps under the scheduler. */
int thrd_sleep(const struct timespec *d, struct timespec *rem)
{
	if (!lp_rt_controlled())
		return REAL(thrd_sleep)(d, rem);
	int saved = errno;
	lp_rt_point(LP_PT_YIELD, SITE);
	errno = saved;
	if (rem)
		rem->tv_sec = rem->tv_nsec = 0;
	return 0;
}

/* mtx_t and cnd_t are glibc's pthread_mutex_t and pthread_cond_t under another name
 * (mtx_init calls pthread_mutex_init on the same bytes). */
int mtx_lock(mtx_t *m)
{
	if (!lp_rt_controlled())
		return REAL(mtx_lock)(m);
	C11_MODEL(lp_rt_mutex_lock((pthread_mutex_t *)m, LP_W_BLOCK, SITE));
}

int mtx_trylock(mtx_t *m)
{
	if (!lp_rt_controlled())
		return REAL(mtx_trylock)(m);
	C11_MODEL(lp_rt_mutex_lock((pthread_mutex_t *)m, LP_W_TRY, SITE));
}

int mtx_timedlock(mtx_t *__restrict m, const struct timespec *__restrict t)
{
	if (!lp_rt_controlled())
		return REAL(mtx_timedlock)(m, t);
	C11_MODEL(lp_rt_mutex_lock((pthread_mutex_t *)m, LP_W_TIMED, SITE));
}

int mtx_unlock(mtx_t *m)
{
	if (!lp_rt_controlled())
		return REAL(mtx_unlock)(m);
	C11_MODEL(lp_rt_mutex_unlock((pthread_mutex_t *)m, SITE));
}

int cnd_wait(cnd_t *c, mtx_t *m)
{
	if (!lp_rt_controlled())
		return REAL(cnd_wait)(c, m);
	C11_MODEL(lp_rt_cond_wait((pthread_cond_t *)c, (pthread_mutex_t *)m, 0, SITE));
}

int cnd_timedwait(cnd_t *__restrict c, mtx_t *__restrict m, const struct timespec *__restrict t)
{
	if (!lp_rt_controlled())
		return REAL(cnd_timedwait)(c, m, t);
	C11_MODEL(lp_rt_cond_wait((pthread_cond_t *)c, (pthread_mutex_t *)m, 1, SITE));
}

int cnd_signal(cnd_t *c)
{
	if (!lp_rt_controlled())
		return REAL(cnd_signal)(c);
	C11_MODEL(lp_rt_cond_wake((pthread_cond_t *)c, 0, SITE));
}

int cnd_broadcast(cnd_t *c)
{
	if (!lp_rt_controlled())
		return REAL(cnd_broadcast)(c);
	C11_MODEL(lp_rt_cond_wake((pthread_cond_t *)c, 1, SITE));
}

/* once_flag is glibc's pthread_once_t. */
void call_once(once_flag *flag, void (*fn)(void))
{
	if (!lp_rt_controlled()) {
		REAL(call_once)(flag, fn);
		return;
	}
	int saved = errno;
	lp_rt_once((pthread_once_t *)flag, fn, SITE);
	errno = saved;
}

/* tss_t is a pthread key: its destructor runs while the finishing thread is scheduled. */
int tss_create(tss_t *key, tss_dtor_t dtor)
{
	return c11_result(lp_hook_key_create((pthread_key_t *)key, dtor));
}

void tss_delete(tss_t key)
{
	lp_rt_key_deleted((pthread_key_t)key);
	REAL(tss_delete)(key);
}
