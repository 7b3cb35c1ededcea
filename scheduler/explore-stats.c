/* scheduler/explore-stats.c — distinct traces and how walks ended (explore-stats.h). */
#include "explore-stats.h"
#include "state-cache.h"

#include <stdlib.h>
#include <string.h>

#define SLOTS 16 /* costs counted; higher ones add to the last */

struct lp_explore_stats {
	struct lp_state_cache *traces;
	uint64_t fresh[SLOTS], ended[3][SLOTS];
};

static void *xcalloc(size_t n)
{
	void *p = calloc(1, n);
	if (!p)
		abort(); /* no I/O here, as explore.c */
	return p;
}

static unsigned slot(unsigned cost) { return cost < SLOTS ? cost : SLOTS - 1; }

struct lp_explore_stats *lp_explore_stats_new(void)
{
	struct lp_explore_stats *st = xcalloc(sizeof *st);
	st->traces = lp_state_cache_new();
	return st;
}

void lp_explore_stats_free(struct lp_explore_stats *st)
{
	if (!st)
		return;
	lp_state_cache_free(st->traces);
	free(st);
}

/* The trace of the whole log: the state before its last step, and that step (whose
 * footprint the log does not give: dependent on every step, so it comes last). */
void lp_explore_stats_trace(struct lp_explore_stats *st, unsigned cost,
			    const struct lp_explore_decision *d, size_t n, enum lp_reduction mode,
			    const struct lp_state_key *keys)
{
	if (!n)
		return;
	struct lp_state_key *own = NULL;
	if (!keys) {
		own = xcalloc(n * sizeof *own);
		lp_state_keys(d, n, mode, own, NULL, 0);
		keys = own;
	}
	struct lp_state_key t = lp_state_point(&keys[n - 1], d[n - 1].chosen);
	free(own);
	if (!lp_state_cache_visit(st->traces, &t, 0, 0))
		st->fresh[slot(cost)]++;
}

void lp_explore_stats_end(struct lp_explore_stats *st, unsigned cost, enum lp_walk_end why)
{
	if (st)
		st->ended[why][slot(cost)]++;
}

uint64_t lp_explore_stats_new_traces(const struct lp_explore_stats *st, unsigned cost)
{
	return st && cost < SLOTS ? st->fresh[cost] : 0;
}

uint64_t lp_explore_stats_ended(const struct lp_explore_stats *st, unsigned cost,
				enum lp_walk_end why)
{
	return st && cost < SLOTS ? st->ended[why][cost] : 0;
}
