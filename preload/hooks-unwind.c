/* preload/hooks-unwind.c — C++ exceptions through an operation. While an operation runs,
 * its return address on the stack is the return trampoline, which has no unwind
 * information: an exception unwinding through the operation's frames would stop there
 * (a crash). So the real return address goes back into place whenever an exception is
 * raised or rethrown inside an operation; where it is caught decides what happens next:
 * inside the operation (the library handles its own exception), the trampoline is put
 * back and the operation returns as usual; outside it, the operation ended by unwinding
 * and its return is recorded as <unwound>. Hook path. */
#include <errno.h>
#include <unwind.h>

#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

extern void lp_ret_tramp(void) LP_HIDDEN;
void *__cxa_begin_catch(void *e); /* libstdc++'s, <cxxabi.h> being C++ */

/* The running thread's pending operation, with the trampoline in its return slot. */
static struct lp_thread *hooked_op(void)
{
	struct lp_thread *t = lp_self;
	if (!t || !t->in_op || !t->op_retslot)
		return NULL;
	return *(uintptr_t *)t->op_retslot == (uintptr_t)lp_ret_tramp ? t : NULL;
}

static void unhook_for_unwinding(void)
{
	struct lp_thread *t = hooked_op();
	if (t) {
		*(uintptr_t *)t->op_retslot = t->op_ret;
		t->op_unwinding = 1;
	}
}

#pragma GCC visibility push(default)

_Unwind_Reason_Code _Unwind_RaiseException(struct _Unwind_Exception *e)
{
	unhook_for_unwinding();
	return REAL(_Unwind_RaiseException)(e);
}

_Unwind_Reason_Code _Unwind_Resume_or_Rethrow(struct _Unwind_Exception *e)
{
	unhook_for_unwinding();
	return REAL(_Unwind_Resume_or_Rethrow)(e);
}

/* Called by the handler that caught the exception: our caller's stack pointer at the
 * call (our CFA) is below the operation's return slot when the handler is a frame of
 * the operation, above it when it is the client's. */
void *__cxa_begin_catch(void *e)
{
	struct lp_thread *t = lp_self;
	if (t && t->in_op && t->op_unwinding) {
		t->op_unwinding = 0;
		if ((uintptr_t)__builtin_dwarf_cfa() <= t->op_retslot)
			*(uintptr_t *)t->op_retslot = (uintptr_t)lp_ret_tramp;
		else
			lp_op_left(t);
	}
	return REAL(__cxa_begin_catch)(e);
}
