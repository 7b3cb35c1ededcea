/* scheduler/strategy.h — the randomized strategies (--strategy random|pct): stateless,
 * seeded choices shared by the runtime (hook path: no libc, no allocation) and the cli.
 *
 * Why in the runtime: a random choice needs the candidates of a point, which only the
 * execution knows. The cli writes a per-execution seed (and, for PCT, the change points)
 * into the shared area; every point without an override then chooses:
 *   random: cand[mix(seed, step) % n], uniform among the candidates;
 *   pct:    the candidate of highest priority (Burckhardt, Kothari, Musuvathi, Nagarakatte,
 *           ASPLOS 2010). A thread's initial priority is a hash of (seed, tid): random,
 *           distinct with overwhelming probability (ties go to the lower tid) and above
 *           2^32; at the i-th change point (1-based) the running thread's priority drops
 *           to i, below every initial priority. With d-1 change points drawn uniformly
 *           among the k steps of an execution, one run finds a bug of depth d with
 *           probability at least 1/(n * k^(d-1)) for n threads.
 * Replay: the decision log records every choice; lp_strategy_derive turns it into the
 * ordinary override list (the choices that differ from the default one), which replays
 * the same execution without any randomness.
 */
#ifndef LINEUP_STRATEGY_H
#define LINEUP_STRATEGY_H

#include <stddef.h>
#include <stdint.h>

#include "lineup/hash.h"
#include "lineup/protocol.h"

/* splitmix64 of a combined with b: a well-mixed 64-bit hash. */
static inline uint64_t lp_strategy_mix(uint64_t a, uint64_t b)
{
	return lp_hash_mix64(a + LP_HASH_GOLDEN * (b + 1));
}

/* random: the candidate chosen at step (nc >= 1). */
static inline lp_tid_t lp_strategy_random_pick(uint64_t seed, uint64_t step, const lp_tid_t *cand,
					       unsigned nc)
{
	return cand[lp_strategy_mix(seed, step) % nc];
}

/* pct: a thread's initial priority, above every lowered one (1..LP_MAX_PCT_CHANGES). */
static inline uint64_t lp_strategy_pct_priority(uint64_t seed, lp_tid_t tid)
{
	return lp_strategy_mix(seed ^ 0x5043545052494full, tid) | (1ull << 63);
}

/* pct: the candidate of highest priority (prio[i] belongs to cand[i]; ties: lower tid). */
static inline lp_tid_t lp_strategy_pct_pick(const lp_tid_t *cand, const uint64_t *prio, unsigned nc)
{
	unsigned best = 0;
	for (unsigned i = 1; i < nc; i++)
		if (prio[i] > prio[best])
			best = i;
	return cand[best];
}

/* The cli's side (libexplore.a). */
struct lp_explore_decision;
struct lp_schedule;

/* The seed of sample number i of a run seeded with seed. */
uint64_t lp_strategy_sample_seed(uint64_t seed, uint64_t sample);
/* pct: min(depth-1, k, LP_MAX_PCT_CHANGES) distinct steps in [0, k), sorted, into out;
 * returns how many. */
unsigned lp_strategy_pct_points(uint64_t sample_seed, unsigned depth, uint64_t k, uint64_t *out);
/* The override list that replays an execution's decisions: one override per point whose
 * choice differs from the default. cost = the preemptions among them. Returns 0, or -1
 * when more than LP_MAX_OVERRIDES would be needed (out is then empty). */
int lp_strategy_derive(uint32_t phase, const struct lp_explore_decision *d, size_t n,
		       struct lp_schedule *out);

#endif
