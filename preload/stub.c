/* preload/stub.c — the sites patched with a jump to a stub (patch.c writes the stubs,
 * stub-x86_64.S is their common entry): a stub costs a few saved registers where int3
 * costs a signal. Stub path: no vector registers (see stub-x86_64.S). */
#include <errno.h>

#include "lineup/protocol.h"
#include "preload.h"
#include "sites.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

int lp_stubs_off;

/* Never moved once written: a stub's index stays valid for the life of the process. */
static struct lp_trap_site stubs[LP_MAX_SITES];
static uint32_t n_stubs;

int lp_stub_add(const struct lp_trap_site *s)
{
	if (n_stubs >= LP_MAX_SITES)
		return -1;
	stubs[n_stubs] = *s;
	return (int)n_stubs++;
}

void lp_stub_point(uint32_t idx, const uint64_t regs[16])
{
	int saved = errno;
	if (idx < n_stubs)
		lp_trap_point(&stubs[idx], regs);
	errno = saved;
}
