/* preload/hooks-atomic.c — libatomic's out-of-line helpers (__atomic_load, __atomic_*_N,
 * ...) are LP_PT_ATOMIC scheduling points for every controlled thread after the fork point,
 * whoever calls them (the preload itself never does). The stubs are in
 * hooks-atomic-x86_64.S; the real helpers are found with dlsym(RTLD_NEXT). Hook path. */
#include <errno.h>
#include <stddef.h>

#include "preload.h"
#include "text.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

static const char *const names[] = {
#define LP_ATOMIC(name) #name,
#include "atomic-names.def"
#undef LP_ATOMIC
};
#define N_ATOMIC (sizeof names / sizeof *names)
static void *real[N_ATOMIC];

uintptr_t lp_atomic_enter(uint32_t idx, uintptr_t ret) LP_HIDDEN;

/* constructor-only: libatomic is normally a DT_NEEDED of the target, mapped by now. */
void lp_atomic_resolve(void)
{
	for (size_t i = 0; i < N_ATOMIC; i++)
		if (!real[i])
			real[i] = real_dlsym(RTLD_NEXT, names[i]);
}

uintptr_t lp_atomic_enter(uint32_t idx, uintptr_t ret)
{
	int saved = errno;
	if (!real[idx]) {
		if (!real_dlsym)
			lp_preload_resolve();
		real[idx] = real_dlsym(RTLD_NEXT, names[idx]); /* libatomic came with a dlopen */
	}
	if (!real[idx]) {
		struct lp_text t;
		char buf[200];
		lp_text_init(&t, buf, sizeof buf);
		lp_text_str(&t, "'");
		lp_text_str(&t, names[idx]);
		lp_text_str(
		    &t,
		    "' was called but libatomic.so.1 is not loaded: link the caller with -latomic");
		lp_fatal(LP_OUT_FATAL, ret, buf);
	}
	if (lp_g.active && lp_rt_controlled() && lp_g.shm->outcome == LP_OUT_RUNNING)
		lp_rt_point(LP_PT_ATOMIC, ret);
	errno = saved;
	return (uintptr_t)real[idx];
}
