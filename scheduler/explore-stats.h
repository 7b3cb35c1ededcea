/* scheduler/explore-stats.h — what the reduction's executions amount to (explore.c keeps one
 * when a reduction is on; the cli prints it with -v): how many distinct Mazurkiewicz traces
 * the executions of each cost ran (named as the state cache names the state at a point,
 * state-cache.h, over the whole log), and how many executions ended, for their children,
 * at a thread asleep (explore.h, "Sleep sets": a *blocked* execution, all of whose steps
 * after its override were only the cost of reaching its own children) or at a point
 * explored before (state-cache.h). An execution whose trace an earlier one ran was
 * redundant: the sum of traces against the executions is what a reduction still wastes.
 * Why each was not pruned: LINEUP_DEBUG_POR_LOG (cli/run/por-dump.h) and tests/tools/por-why
 * (issue 34: on the bundled 3x3 queues nearly all came from the main thread's pthread_join
 * at a worker's exit, where the cheaper equivalent postpones the join, which sleep sets,
 * moving only the earlier sibling first, do not express: explore.h's join-return rule
 * leaves those out, the joiner chosen there or not). */
#ifndef LINEUP_EXPLORE_STATS_H
#define LINEUP_EXPLORE_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "explore.h"
#include "state-cache.h"

struct lp_explore_stats;

enum lp_walk_end {
	LP_WALK_FULL,	 /* the walk reached the log's end */
	LP_WALK_ASLEEP,	 /* at a node whose chosen thread sleeps */
	LP_WALK_COVERED, /* at a point explored before */
};

struct lp_explore_stats *lp_explore_stats_new(void);
void lp_explore_stats_free(struct lp_explore_stats *st);
/* One execution of this cost, its log d (n decisions) under mode's dependence; keys: the
 * log's trace names when the caller has them already (lp_state_keys), else NULL. */
void lp_explore_stats_trace(struct lp_explore_stats *st, unsigned cost,
			    const struct lp_explore_decision *d, size_t n, enum lp_reduction mode,
			    const struct lp_state_key *keys);
void lp_explore_stats_end(struct lp_explore_stats *st, unsigned cost, enum lp_walk_end why);

/* The executions of this cost whose trace no execution (of any cost) ran before; those
 * that ended for `why`. */
uint64_t lp_explore_stats_new_traces(const struct lp_explore_stats *st, unsigned cost);
uint64_t lp_explore_stats_ended(const struct lp_explore_stats *st, unsigned cost,
				enum lp_walk_end why);

#endif
