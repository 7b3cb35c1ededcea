/* preload/hooks-futex.c — the interposed syscall(): futex calls go to the futex model
 * (preload/runtime-futex.c) while the scheduler controls the calling thread; every other
 * call, and every call before the fork point, goes to libc's syscall() unchanged. */
#include <errno.h>
#include <stdarg.h>

#include "preload.h"
#include "runtime.h"
#include "runtime-futex.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#pragma GCC visibility push(default)

/* Hook path. x86-64 passes the six arguments in registers whatever their number, so
 * reading six longs is what libc's own syscall() does. */
long syscall(long nr, ...)
{
	va_list ap;
	va_start(ap, nr);
	long a1 = va_arg(ap, long), a2 = va_arg(ap, long), a3 = va_arg(ap, long);
	long a4 = va_arg(ap, long), a5 = va_arg(ap, long), a6 = va_arg(ap, long);
	va_end(ap);
	if (!lp_rt_is_futex_syscall(nr) || !lp_rt_controlled()) {
		if (lp_self) /* no point: a span taken to end here does not (runtime-span.c) */
			lp_self->span_void = 1;
		return REAL(syscall)(nr, a1, a2, a3, a4, a5, a6);
	}
	int saved = errno;
	/* where the caller's return address is: a span may start or end at this call
	 * (runtime-span.c); the frame address makes the compiler keep a frame pointer */
	uintptr_t ret = (uintptr_t)__builtin_return_address(0);
	uintptr_t slot = (uintptr_t)__builtin_frame_address(0) + sizeof(uintptr_t);
	lp_self->span_slot = *(const uintptr_t *)slot == ret ? slot : 0;
	lp_self->futex_calls++;
	long r = lp_rt_futex(nr, a1, a2, a3, a4, a5, a6, ret);
	lp_self->span_slot = 0;
	if (r < 0) {
		errno = (int)-r;
		return -1;
	}
	errno = saved;
	return r;
}
