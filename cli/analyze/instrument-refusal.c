/* cli/analyze/instrument-refusal.c — the objects whose instructions are never trapped: glibc
 * (libc and the loader) and the preload itself. */
#include "instrument-refusal.h"

#include <string.h>

const char *lp_instrument_refusal(const char *name)
{
	const char *base = strrchr(name, '/');
	base = base ? base + 1 : name;
	if (!strncmp(base, "libc.so", 7) || !strncmp(base, "libc-2.", 7))
		return "glibc has branches into the middle of lock-prefixed instructions, which an "
		       "int3 patch would break";
	if (!strncmp(base, "ld-linux", 8) || !strncmp(base, "ld-2.", 5) ||
	    !strncmp(base, "ld.so", 5))
		return "the loader is glibc's and runs before the preload could patch it";
	if (!strncmp(base, "liblineup-preload", 17))
		return "it is lineup-preload's own library, which runs the scheduler";
	return NULL;
}
