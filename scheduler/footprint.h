/* scheduler/footprint.h — what the footprints of two steps (protocol.h, struct
 * lp_footprint) share: one definition for the explorer's reduction (explore.c) and the
 * runtime's own bookkeeping (preload/runtime.h, preload/runtime-spin.c). Header only: the
 * runtime uses it on every scheduling point. */
#ifndef LINEUP_FOOTPRINT_H
#define LINEUP_FOOTPRINT_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup/protocol.h"

/* Adds obj unless fp has it; false when fp is full (what that means is the caller's). */
static inline bool lp_footprint_add(struct lp_footprint *fp, uint64_t obj)
{
	for (uint32_t i = 0; i < fp->n; i++)
		if (fp->obj[i] == obj)
			return true;
	if (fp->n >= LP_FP_MAX)
		return false;
	fp->obj[fp->n++] = obj;
	return true;
}

/* Whether steps a and b may touch the same memory: either is unknown, both ran target code
 * (whose plain accesses nobody tracks) unless target_tracked, or they share an object. */
static inline bool lp_footprint_overlap(const struct lp_footprint *a, const struct lp_footprint *b,
					bool target_tracked)
{
	if ((a->flags | b->flags) & LP_FP_UNKNOWN)
		return true;
	if (!target_tracked && (a->flags & b->flags & LP_FP_TARGET))
		return true;
	for (uint32_t i = 0; i < a->n && i < LP_FP_MAX; i++)
		for (uint32_t j = 0; j < b->n && j < LP_FP_MAX; j++)
			if (a->obj[i] == b->obj[j])
				return true;
	return false;
}

#endif
