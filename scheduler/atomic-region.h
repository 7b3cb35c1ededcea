/* scheduler/atomic-region.h — code regions executed as one step: the scheduler does not
 * preempt a thread between its access at a region's start and its access at the region's
 * end. Root-causing (cli/report/root-cause.h) checks candidate repairs with them; the
 * runtime applies them (preload) and the cli replays the same rule over recorded logs to
 * count the executions a repair forbids. Pure, shared by both ends.
 *
 * A region is a pair of code addresses (protocol.h struct lp_atomic_region): the trapped
 * instruction where it starts and the one where it ends, in program order (end may lie
 * below start: a loop). A thread enters the region when it is chosen to run from a point
 * at `start` (it executes that instruction next); while inside, at each of its points it is
 * the only candidate if it can run; when chosen from a point at `end` it leaves at its
 * next point. It also leaves at the end of its operation or of the thread, so a path that
 * never reaches `end` does not hold the others back for long. A thread that blocks inside
 * a region lets the others run (as a lock would). */
#ifndef LP_ATOMIC_REGION_H
#define LP_ATOMIC_REGION_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup/protocol.h"

struct lp_region_state {
	uint32_t region;  /* 1 + index into the regions; 0 outside (all zero: outside) */
	uint32_t leaving; /* chosen at the region's end: outside from its next point */
};

/* The thread reached a point of kind `point` (enum lp_point). */
void lp_region_arrive(struct lp_region_state *st, uint32_t point);

/* True when the thread, inside a region at a point of kind `point`, must be the sole
 * candidate if it can run. A yield inside a region still lets the others run: a spin-wait
 * made atomic would never end. */
static inline bool lp_region_locked(const struct lp_region_state *st, uint32_t point)
{
	return st->region && !st->leaving && point != LP_PT_YIELD;
}

/* The thread was chosen to run on from its point at code address site. */
void lp_region_chosen(struct lp_region_state *st, const struct lp_atomic_region *r, unsigned n,
		      uint64_t site);

#endif
