/* scheduler/footprint.h — what the footprints of two steps (protocol.h, struct
 * lp_footprint) share: one definition for the explorer's reduction (explore.c) and the
 * runtime's own bookkeeping (preload/runtime.h, preload/runtime-spin.c). Header only: the
 * runtime uses it on every scheduling point. */
#ifndef LINEUP_FOOTPRINT_H
#define LINEUP_FOOTPRINT_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup/protocol.h"

/* Whether two objects name the same line or thread, read or written. */
static inline bool lp_footprint_same(uint64_t a, uint64_t b)
{
	return (a | LP_FP_OBJ_READ) == (b | LP_FP_OBJ_READ);
}

/* Whether two accesses to objects conflict: the same object, and not both only read. */
static inline bool lp_footprint_conflict(uint64_t a, uint64_t b)
{
	return lp_footprint_same(a, b) && !(a & b & LP_FP_OBJ_READ);
}

/* Adds obj unless fp has it (a read and a write of one object make a write); false when
 * fp is full (what that means is the caller's). */
static inline bool lp_footprint_add(struct lp_footprint *fp, uint64_t obj)
{
	for (uint32_t i = 0; i < fp->n; i++)
		if (lp_footprint_same(fp->obj[i], obj)) {
			fp->obj[i] &= obj; /* keeps LP_FP_OBJ_READ only when both read */
			return true;
		}
	if (fp->n >= LP_FP_MAX)
		return false;
	fp->obj[fp->n++] = obj;
	return true;
}

/* Whether steps a and b may touch the same memory: either is unknown, both ran target code
 * (whose plain accesses nobody tracks) or one did and the other wrote memory without code
 * (a flush: LP_FP_MEMORY), unless target_tracked, or they share an object that one of them
 * writes (two reads of one line commute). */
static inline bool lp_footprint_overlap(const struct lp_footprint *a, const struct lp_footprint *b,
					bool target_tracked)
{
	if ((a->flags | b->flags) & LP_FP_UNKNOWN)
		return true;
	if (!target_tracked &&
	    (((a->flags & LP_FP_TARGET) && (b->flags & (LP_FP_TARGET | LP_FP_MEMORY))) ||
	     ((a->flags & LP_FP_MEMORY) && (b->flags & LP_FP_TARGET))))
		return true;
	for (uint32_t i = 0; i < a->n && i < LP_FP_MAX; i++)
		for (uint32_t j = 0; j < b->n && j < LP_FP_MAX; j++)
			if (lp_footprint_conflict(a->obj[i], b->obj[j]))
				return true;
	return false;
}

#endif
