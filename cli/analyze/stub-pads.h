/* cli/analyze/stub-pads.h — where the jump to a short site's stub can go. A site of 5 bytes
 * or more is patched with a jump to its stub in place; a shorter one (xchg, lock inc, a
 * 32-bit cmpxchg without displacement, pause) only fits a 2-byte short jump, so that jump
 * must land on a 5-byte jump written into dead alignment padding within -128..127 bytes.
 *
 * Dead padding: a run of nops or int3 that directly follows an unconditional control
 * transfer (ret, jmp, ud2, hlt) in the linear sweep, cut short at the first direct branch
 * target inside it. Compilers emit such runs to align the next function or label and never
 * execute them; an indirect jump into one (hand-written assembly) is not seen, as for the
 * middle of a site (atomics-scan.h). Pure, unit tested. */
#ifndef LINEUP_CLI_STUB_PADS_H
#define LINEUP_CLI_STUB_PADS_H

#include <stddef.h>
#include <stdint.h>

#include "atomics-scan.h"

#define LP_STUB_JMP 5 /* bytes of the jump to a stub */

struct lp_pad_run {
	uint64_t start, len; /* file addresses, like site offsets */
};

/* Cuts runs (sorted by start) at the first of the sorted direct branch targets inside each
 * and drops those shorter than a jump; returns the runs kept (in place). */
size_t lp_stub_pads_trim(struct lp_pad_run *runs, size_t n, const uint64_t *targets,
			 size_t n_targets);

/* Gives each site shorter than LP_STUB_JMP (sites sorted by offset) a pad: the start of
 * LP_STUB_JMP unused bytes of a run (sorted, disjoint) that a short jump at the site reaches,
 * the nearest first; 0 when none is left in reach. Each byte of padding is given once.
 * Returns the number of sites given one. */
size_t lp_stub_pads_assign(struct lp_site *sites, size_t n, const struct lp_pad_run *runs,
			   size_t n_runs);

#endif
