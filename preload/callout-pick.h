/* preload/callout-pick.h — which of a target's GOT slots get a drain stub under
 * --memory-model tso (callout.c). Pure; unit tested. */
#ifndef LP_PRELOAD_CALLOUT_PICK_H
#define LP_PRELOAD_CALLOUT_PICK_H

#include <stdint.h>

/* Where a GOT slot's current value points. */
enum lp_callout_dest {
	LP_CALLOUT_OUTSIDE,    /* another object: libc, another library, the loader */
	LP_CALLOUT_TARGET,     /* a target's own code (trapped: its stores are buffered) */
	LP_CALLOUT_PRELOAD,    /* a function the preload interposes (its hooks reach points) */
	LP_CALLOUT_OWN_OBJECT, /* the object itself: lazy binding, still at its PLT */
	LP_CALLOUT_STUB,       /* already one of the drain stubs */
};

enum lp_callout_pick {
	LP_CALLOUT_KEEP, /* not a call out of the targets: left alone */
	LP_CALLOUT_WRAP, /* gets a drain stub */
	LP_CALLOUT_LAZY, /* a call out not bound yet: cannot be wrapped (said) */
};

/* A relocation of type `type` (R_X86_64_*) against a symbol of st_info / st_shndx
 * (st_name 0: no symbol), whose slot points at dest. JUMP_SLOT slots are calls; GLOB_DAT
 * ones are calls through the GOT (-fno-plt) only for function symbols. */
enum lp_callout_pick lp_callout_pick(uint32_t type, unsigned char st_info, uint16_t st_shndx,
				     uint32_t st_name, enum lp_callout_dest dest);

#endif
