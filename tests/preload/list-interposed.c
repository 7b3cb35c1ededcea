/* tests/preload/list-interposed.c — prints every name preload/interposed.def lists, one a
 * line, for tests/preload/imports.sh: the table and the library's exports must agree. */
#include <stdio.h>

static const char *const names[] = {
#define LP_FN(ret, name, params) #name,
#define LP_ALLOC(ret, name, params) #name,
#define LP_ATOMIC(name) #name,
#include "interposed.def"
};

int main(void)
{
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		puts(names[i]);
	return 0;
}
