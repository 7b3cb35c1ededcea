/* preload/hooks-dl.c — dlopen (a target may arrive late: find it, redirect references)
 * and dlsym (a pointer to a target function is its trampoline, so calls through it are
 * operations too). Hook path, but never from a signal handler. */
#include <errno.h>
#include <link.h>

#include "preload.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#pragma GCC visibility push(default)

void *dlopen(const char *file, int flags)
{
	if (!real_dlopen)
		lp_preload_resolve();
	void *h = real_dlopen(file, flags);
	if (h && lp_g.active) {
		int saved = errno;
		lp_guard_stop(); /* patching rewrites the targets' protections */
		lp_got_rescan();
		lp_patch_scan();
		errno = saved;
	}
	return h;
}

/* Whether addr lies in the main program (the first object of the search list). */
static int in_main_program(uintptr_t addr)
{
	Dl_info info;
	struct link_map *lm = NULL;
	if (!dladdr1((void *)addr, &info, (void **)&lm, RTLD_DL_LINKMAP) || !lm)
		return 0;
	return lm->l_name == NULL || lm->l_name[0] == 0;
}

void *dlsym(void *handle, const char *name)
{
	uintptr_t caller = (uintptr_t)__builtin_return_address(0);
	if (!real_dlsym)
		lp_preload_resolve();
	void *p;
	/* RTLD_NEXT is relative to the caller; from here it would skip our own definitions,
	 * which come right after the main program in the search order. */
	if (handle == RTLD_NEXT && lp_preload_is_interposed(name) && in_main_program(caller))
		p = real_dlsym(RTLD_DEFAULT, name);
	else
		p = real_dlsym(handle, name);
	if (p && lp_g.active) {
		int f = lp_got_func_of(name, (uintptr_t)p);
		if (f >= 0)
			p = (void *)(lp_g.tramps + 16 + 16 * (uintptr_t)f);
	}
	return p;
}
