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
int lp_in_main_program(uintptr_t addr)
{
	Dl_info info;
	struct link_map *lm = NULL;
	if (!dladdr1((void *)addr, &info, (void **)&lm, RTLD_DL_LINKMAP) || !lm)
		return 0;
	return lm->l_name == NULL || lm->l_name[0] == 0;
}

/* The preload's own object as a dlsym handle: a lookup in it finds our definitions first.
 * A preloaded object has no search list of its own until a dlopen gives it one (RTLD_NOLOAD:
 * it is loaded already); made once, kept for the process. */
static void *own_object(void)
{
	static void *self;
	Dl_info info;
	struct link_map *lm;
	if (!self && dladdr1((void *)own_object, &info, (void **)&lm, RTLD_DL_LINKMAP) &&
	    info.dli_fname)
		self = real_dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
	return self;
}

void *dlsym(void *handle, const char *name)
{
	uintptr_t caller = (uintptr_t)__builtin_return_address(0);
	if (!real_dlsym)
		lp_preload_resolve();
	void *p;
	/* RTLD_NEXT is relative to the caller; from here it would skip our own definitions,
	 * which come right after the main program in the search order. A main program that
	 * defines the name itself (its own malloc, wrapping the next one) is first in that
	 * order: the next definition is then ours, looked up in our own object. */
	if (handle == RTLD_NEXT && lp_preload_is_interposed(name) && lp_in_main_program(caller)) {
		p = real_dlsym(RTLD_DEFAULT, name);
		if (p && lp_in_main_program((uintptr_t)p)) {
			void *self = own_object(); /* else past us, but never the caller itself */
			p = real_dlsym(self ? self : RTLD_NEXT, name);
		}
	} else
		p = real_dlsym(handle, name);
	if (p && lp_g.active) {
		int f = lp_got_func_of(name, (uintptr_t)p);
		if (f >= 0)
			p = (void *)(lp_g.tramps + 16 + 16 * (uintptr_t)f);
	}
	return p;
}
