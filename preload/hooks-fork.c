/* preload/hooks-fork.c — fork() in a controlled thread. Hook path. The parent's fork is a
 * scheduling point that never blocks; the child holds one thread of an execution whose
 * other threads it does not have, so it runs uncontrolled: scheduler off, every hook and
 * operation passes through, nothing is written to the shared area. */
#include <errno.h>

#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#pragma GCC visibility push(default)

pid_t fork(void)
{
	if (!real_fork)
		lp_preload_resolve();
	if (!lp_rt_controlled())
		return real_fork();
	int saved = errno;
	lp_rt_point(LP_PT_SYNC, (uintptr_t)__builtin_return_address(0));
	errno = saved;
	pid_t pid = real_fork();
	if (pid == 0) {
		lp_g.active = 0;
		lp_rt.on = 0;
		lp_g.turn = NULL; /* not in its worker's line: the execution is the parent */
	}
	return pid;
}
