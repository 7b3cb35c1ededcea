/* cli/analyze/demangle.c — __cxa_demangle from libstdc++, loaded on demand: a C program needs no
 * C++ runtime to run, and reports on C++ targets still read "Queue::push(int)". */
#include "demangle.h"

#include <dlfcn.h>
#include <stddef.h>

typedef char *(*demangle_fn)(const char *, char *, size_t *, int *);

char *lp_demangle(const char *name)
{
	static demangle_fn fn;
	static int tried;
	if (!name || name[0] != '_' || name[1] != 'Z')
		return NULL;
	if (!tried) {
		tried = 1;
		void *h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
		if (h)
			fn = (demangle_fn)dlsym(h, "__cxa_demangle");
	}
	if (!fn)
		return NULL;
	int status = -1;
	char *s = fn(name, NULL, NULL, &status);
	return status == 0 ? s : NULL;
}
