/* preload/hooks-cancel.c — the interposed cancellation functions. The runtime keeps what
 * glibc keeps per thread (a request pending, cancellation disabled, asynchronous) as far
 * as these calls show it, so that the modelled cancellation points behave like glibc's
 * (runtime-cancel.c). Hook path. */
#include <errno.h>

#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#pragma GCC visibility push(default)

#define SITE ((uintptr_t)__builtin_return_address(0))

int pthread_cancel(pthread_t th)
{
	if (!lp_rt_controlled())
		return REAL(pthread_cancel)(th);
	int saved = errno, r = lp_rt_cancel(th, SITE);
	errno = saved;
	return r;
}

/* A library's own cancellation point inside an operation. */
void pthread_testcancel(void)
{
	if (lp_rt_controlled())
		lp_rt_testcancel();
	REAL(pthread_testcancel)();
}

int pthread_setcancelstate(int state, int *old)
{
	int r = REAL(pthread_setcancelstate)(state, old);
	if (r == 0 && lp_rt_controlled())
		lp_self->cancel_off = state == PTHREAD_CANCEL_DISABLE;
	return r;
}

int pthread_setcanceltype(int type, int *old)
{
	struct lp_thread *self = lp_rt_controlled() ? lp_self : NULL;
	if (self && type == PTHREAD_CANCEL_ASYNCHRONOUS && self->cancel_pending &&
	    !self->cancel_off) {
		lp_rt_testcancel(); /* glibc acts on the pending request at once */
		return REAL(pthread_setcanceltype)(type, old);
	}
	int r = REAL(pthread_setcanceltype)(type, old);
	if (r == 0 && self)
		self->cancel_async = type == PTHREAD_CANCEL_ASYNCHRONOUS;
	return r;
}
