/* scheduler/state-cache.h — scheduling points already explored, named by the trace that
 * reached them (used by explore.c when a reduction is on).
 *
 * The state of a deterministic program after a sequence of steps depends only on its
 * Mazurkiewicz trace: which steps each thread ran, and the order of every pair of dependent
 * steps (lp_footprint_independent: independent steps commute and neither enables nor
 * disables the other; that is the assumption the sleep sets make too). A trace is named by
 * its events: the k-th step of thread t with its vector clock (for every thread u, how many
 * of u's steps happen before it through program order and dependence). Two step sequences
 * with the same multiset of (thread, index, clock) have the same trace, so the name is the
 * sum of a hash of each event: independent of the order the sequence put them in.
 *
 * A scheduling point is that state plus the thread that reached it (which thread runs on
 * for free). Everything reachable from a point depends on nothing else: the candidates,
 * their steps, what each choice costs in preemptions. So once a point was explored with a
 * prefix of cost c and sleepers Z (its subtree: every alternative within the bound, except
 * what Z covers elsewhere), a later visit with cost c' >= c and sleepers Z' ⊇ Z adds
 * nothing: each continuation from it runs the same steps to the same outcome from the first
 * visit at no higher cost. Where the thread that reached the point is no candidate and the
 * point is no yield (it blocked, finished or waits for a lock), the candidates are every
 * thread that can run and none costs a preemption: that *free* point does not depend on
 * who reached it, and it covers every point of the same state (from any other, each
 * continuation costs at least as much and its candidates are no more).
 * Keys are 128 bits (two independent 64-bit sums). */
#ifndef LINEUP_STATE_CACHE_H
#define LINEUP_STATE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "explore.h"

struct lp_state_key {
	uint64_t a, b;
};

/* What-if: the point after decision k had `tid` run a step with footprint *fp there
 * instead (the child schedule that overrides decision k with tid). */
struct lp_state_query {
	size_t k;
	lp_tid_t tid;
	struct lp_footprint fp;
	struct lp_state_key key; /* out */
};

/* keys[k], k in [0, n): the trace name of the state before the step chosen at decision k.
 * A step whose footprint the log does not give (the last one) is dependent on everything.
 * keys must hold n entries. Each query (sorted by k) gets the trace name of the state its
 * step would reach. */
void lp_state_keys(const struct lp_explore_decision *d, size_t n, enum lp_reduction mode,
		   struct lp_state_key *keys, struct lp_state_query *q, size_t nq);

/* Happens-before of a log's steps under mode's dependence: returns the vector clock of the
 * step chosen at each decision k, n rows of *nt columns (malloc'ed), and that step's thread's
 * column in column[k] (room for n). Step j happens before step k (j < k) exactly when
 * clock[k][column[j]] >= clock[j][column[j]]. */
uint32_t *lp_trace_clocks(const struct lp_explore_decision *d, size_t n, enum lp_reduction mode,
			  size_t *nt, size_t *column);

/* The key of a point: the trace name with the thread that reached it, or LP_TID_NONE for
 * a free point. */
struct lp_state_key lp_state_point(const struct lp_state_key *trace, lp_tid_t running);

struct lp_state_cache;
struct lp_state_cache *lp_state_cache_new(void);
void lp_state_cache_free(struct lp_state_cache *c);
/* True when the point was explored before with cost <= cost and a sleep set contained in
 * `sleep` (a bit per thread, explore.c's numbering). Otherwise records this visit (it
 * replaces an earlier one it dominates) and returns false. The table keeps at most
 * LP_STATE_CACHE_MAX points (128 MiB of slots); later points are explored unrecorded. */
#define LP_STATE_CACHE_MAX ((size_t)1 << 21)
bool lp_state_cache_visit(struct lp_state_cache *c, const struct lp_state_key *k, unsigned cost,
			  uint64_t sleep);
/* The same test without recording anything. */
bool lp_state_cache_covered(const struct lp_state_cache *c, const struct lp_state_key *k,
			    unsigned cost, uint64_t sleep);
size_t lp_state_cache_size(const struct lp_state_cache *c);

#endif
