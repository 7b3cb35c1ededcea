/* preload/interposed.c — whether the preload interposes a name: every entry of
 * interposed.def, the allocator and libatomic's helpers included (hooks-dl.c's dlsym). */
#include <string.h>

#include "preload.h"

#define LP_NO_LIBC_ALLOCATOR /* the table names the allocator: poison only stdio */
#include "no-libc.h"	     /* last: poisons stdio from here on */

static const char *const names[] = {
#define LP_FN(ret, name, params) #name,
#define LP_ALLOC(ret, name, params) #name,
#define LP_ATOMIC(name) #name,
#include "interposed.def"
#undef LP_FN
#undef LP_ALLOC
#undef LP_ATOMIC
};

/* hook path */
int lp_preload_is_interposed(const char *name)
{
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}
