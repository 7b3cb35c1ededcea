/* tests/preload/client-next.c — a client with a malloc of its own that wraps the next one,
 * found with dlsym(RTLD_NEXT) as malloc wrappers do; prints the object where
 * dlsym(RTLD_NEXT, name) lands for each name in argv ("self" for this program). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern void *__libc_malloc(size_t);
static void *(*next_malloc)(size_t);

void *malloc(size_t n) { return next_malloc ? next_malloc(n) : __libc_malloc(n); }

static const char *where(void *p)
{
	Dl_info info;
	if (!p)
		return "none";
	if (p == (void *)malloc)
		return "self";
	if (!dladdr(p, &info) || !info.dli_fname)
		return "?";
	const char *s = strrchr(info.dli_fname, '/');
	return s ? s + 1 : info.dli_fname;
}

int main(int argc, char **argv)
{
	next_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	if (next_malloc == malloc)
		next_malloc = NULL; /* it would call itself for ever */
	for (int i = 1; i < argc; i++)
		printf("%s %s\n", argv[i], where(dlsym(RTLD_NEXT, argv[i])));
	free(malloc(10));
	return 0;
}
