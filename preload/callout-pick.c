/* preload/callout-pick.c — which GOT slots get a drain stub (callout-pick.h). Pure. */
#include "callout-pick.h"

#include <elf.h>

#include "no-libc.h" /* last: poisons malloc and stdio from here on */

enum lp_callout_pick lp_callout_pick(uint32_t type, unsigned char st_info, uint16_t st_shndx,
				     uint32_t st_name, enum lp_callout_dest dest)
{
	unsigned char st_type = ELF64_ST_TYPE(st_info);
	if (type == R_X86_64_GLOB_DAT && st_type != STT_FUNC && st_type != STT_GNU_IFUNC)
		return LP_CALLOUT_KEEP; /* a data object's address */
	if (type != R_X86_64_JUMP_SLOT && type != R_X86_64_GLOB_DAT)
		return LP_CALLOUT_KEEP;
	if (!st_name)
		return LP_CALLOUT_KEEP;
	switch (dest) {
	case LP_CALLOUT_OUTSIDE: /* also a function it defines that another object interposes */
		return LP_CALLOUT_WRAP;
	case LP_CALLOUT_OWN_OBJECT: /* its own function, or an import not bound yet */
		return st_shndx == SHN_UNDEF ? LP_CALLOUT_LAZY : LP_CALLOUT_KEEP;
	default:
		return LP_CALLOUT_KEEP;
	}
}
