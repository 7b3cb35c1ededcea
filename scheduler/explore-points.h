/* scheduler/explore-points.h — the explorer's use of the state cache (state-cache.h): which
 * points an earlier execution explored (explore.h, "Explored points"). Internal to the
 * explorer (explore.c). */
#ifndef LINEUP_EXPLORE_POINTS_H
#define LINEUP_EXPLORE_POINTS_H

#include "explore.h"
#include "state-cache.h"

/* Whether the point a pending schedule's override reaches (its trace first; tid chosen by
 * the override, at that cost, with those sleepers there) was explored: as a free point, or
 * reached by the same thread, or by any thread at one preemption less. */
bool lp_points_first_covered(const struct lp_state_cache *cache, const struct lp_state_key *first,
			     lp_tid_t tid, unsigned cost, uint64_t sleep);
/* Whether the point of decision e (trace name given; more than one candidate) was explored
 * before; else records it. */
bool lp_points_seen(struct lp_state_cache *cache, const struct lp_explore_decision *e,
		    const struct lp_state_key *trace, unsigned cost, uint64_t mask);

#endif
