/* scheduler/explore-points.c — the explorer's use of the state cache (state-cache.h): which
 * points an earlier execution explored (explore.h, "Explored points"). */
#include "explore-points.h"
#include "explore-log.h"
#include "sched-pick.h"

/* The key form of a point reached by any thread; no thread has this id. */
#define ANY_THREAD (LP_TID_NONE - 1)

bool lp_points_first_covered(const struct lp_state_cache *cache, const struct lp_state_key *first,
			     lp_tid_t tid, unsigned cost, uint64_t sleep)
{
	struct lp_state_key kf = lp_state_point(first, LP_TID_NONE),
			    kr = lp_state_point(first, tid), ka = lp_state_point(first, ANY_THREAD);
	return lp_state_cache_covered(cache, &kf, cost, sleep) ||
	       lp_state_cache_covered(cache, &kr, cost, sleep) ||
	       (cost > 0 && lp_state_cache_covered(cache, &ka, cost - 1, sleep));
}

/* Whether the point of decision e (trace name given; more than one candidate) was
 * explored before; else records it. A free point (state-cache.h) covers the others of its
 * state at no lower cost; a point of that state reached by any thread covers them at one
 * preemption less, if it is no yield: from there each continuation costs at most one more
 * (only its first choice may differ in being a preemption), and every thread that can run
 * is a candidate there (a yield point leaves out the thread yielding).
 * A visit's sleepers say which continuations other subtrees cover, but a yield point
 * prunes none of them (explore.h): there only a visit without sleepers covers it. Else
 * a free point whose sleeper was pruned, relying on a subtree through this yield point,
 * would in turn cut that subtree short at the yield point: neither would run the
 * continuation. Its visit is recorded with its sleepers all the same (the subtree below
 * prunes with them). */
bool lp_points_seen(struct lp_state_cache *cache, const struct lp_explore_decision *e,
		    const struct lp_state_key *trace, unsigned cost, uint64_t mask)
{
	bool yield = lp_log_is_yield_point(e);
	bool free_pt = !yield && !lp_sched_is_candidate(e->candidates, e->n_candidates, e->running);
	uint64_t claim = yield ? 0 : mask;
	struct lp_state_key kf = lp_state_point(trace, LP_TID_NONE),
			    ka = lp_state_point(trace, ANY_THREAD);
	/* A point asked again after a flush has free choices where the same point reached by
	 * its thread's step has not: its own key (no thread is a buffer) */
	lp_tid_t who = e->flags & LP_DEC_FLUSHED ? lp_tid_buffer(e->running) : e->running;
	if (!free_pt && lp_state_cache_covered(cache, &kf, cost, claim))
		return true;
	if (cost > 0 && lp_state_cache_covered(cache, &ka, cost - 1, claim))
		return true;
	struct lp_state_key own = free_pt ? kf : lp_state_point(trace, who);
	if (yield) {
		if (lp_state_cache_covered(cache, &own, cost, 0))
			return true;
		lp_state_cache_visit(cache, &own, cost, mask); /* recorded (or dominated) */
		return false;
	}
	if (lp_state_cache_visit(cache, &own, cost, mask))
		return true;
	/* Where its thread is the sole thread candidate (a store buffer makes it a choice
	 * under --memory-model tso), not every thread that can run is a candidate */
	unsigned threads = 0;
	for (uint32_t i = 0; i < e->n_candidates; i++)
		threads += !lp_tid_is_buffer(e->candidates[i]);
	if (threads > 1)
		lp_state_cache_visit(cache, &ka, cost, mask); /* recorded (or covered) */
	return false;
}
