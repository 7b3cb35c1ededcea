/* preload/runtime-cancel.c — pthread_cancel between controlled threads. glibc's deferred
 * cancellation only marks the target; the target acts on it at its next cancellation
 * point. The modelled cancellation points (condition and semaphore waits, join, the
 * sleeps) never reach glibc's own, so they ask pthread_testcancel themselves, and a
 * target blocked in one is woken by the request, as the kernel would wake it.
 * Before the thread unwinds, its pending operation gets its real return address back
 * (the return trampoline has no unwind information) and ends as <unwound>. Hook path. */
#include <errno.h>

#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

/* A request the running thread is about to act on: unwinding starts in glibc. */
static void prepare_unwinding(struct lp_thread *self)
{
	self->cancel_pending = 0;
	self->cancel_point = 0;
	lp_op_unhook(self);
}

void lp_rt_testcancel(void)
{
	struct lp_thread *self = lp_self;
	if (!self->cancel_pending || self->cancel_off)
		return;
	prepare_unwinding(self);
	REAL(pthread_testcancel)();
}

int lp_rt_cancel(pthread_t th, uintptr_t site)
{
	struct lp_thread *self = lp_self;
	lp_rt_sync_point(lp_rt.th, site); /* the thread table */
	struct lp_thread *t = lp_rt_find_handle(th);
	if (!t || t->state == LP_T_FINISHED)
		return REAL(pthread_cancel)(th);
	lp_rt_touch_thread(t, 1);
	if (t->cancel_async && !t->cancel_off) {
		/* glibc signals the target, which would unwind while another thread runs */
		if (t != self)
			lp_fatal(LP_OUT_FATAL, site,
				 "pthread_cancel of a thread with PTHREAD_CANCEL_ASYNCHRONOUS: "
				 "asynchronous cancellation of another thread cannot be scheduled; "
				 "use deferred cancellation (the default)");
		prepare_unwinding(self); /* it acts at once, inside pthread_cancel */
	}
	t->cancel_pending = 1;
	if (t->state == LP_T_BLOCKED && t->cancel_point && !t->cancel_off) {
		t->state = LP_T_ENABLED;
		t->wait_obj = NULL;
	}
	return REAL(pthread_cancel)(th);
}
