/* scheduler/strategy-plan.c — the cli's half of the randomized strategies: per-sample seeds,
 * PCT change points, and the override list that replays a randomized execution. */
#include "strategy.h"

#include <stdlib.h>
#include <string.h>

#include "explore.h"
#include "sched-pick.h"

uint64_t lp_strategy_sample_seed(uint64_t seed, uint64_t sample)
{
	return lp_strategy_mix(seed, sample);
}

unsigned lp_strategy_pct_points(uint64_t sample_seed, unsigned depth, uint64_t k, uint64_t *out)
{
	unsigned want = depth > 1 ? depth - 1 : 0, n = 0;
	if (want > LP_MAX_PCT_CHANGES)
		want = LP_MAX_PCT_CHANGES;
	if (k < want)
		want = (unsigned)k;
	/* Rejection of duplicates terminates: want <= k distinct values exist. */
	for (uint64_t draw = 0; n < want; draw++) {
		uint64_t v = lp_strategy_mix(sample_seed ^ 0x6368616e6765ull, draw) % k;
		unsigned i = 0;
		while (i < n && out[i] < v)
			i++;
		if (i < n && out[i] == v)
			continue;
		memmove(out + i + 1, out + i, (n - i) * sizeof *out);
		out[i] = v;
		n++;
	}
	return n;
}

int lp_strategy_derive(uint32_t phase, const struct lp_explore_decision *d, size_t n,
		       struct lp_schedule *out)
{
	memset(out, 0, sizeof *out);
	out->phase = phase;
	for (size_t i = 0; i < n; i++) {
		lp_tid_t def = lp_sched_default_in(phase, d[i].candidates, d[i].n_candidates,
						   d[i].running, d[i].point);
		if (d[i].chosen == def)
			continue;
		if (out->n == LP_MAX_OVERRIDES) {
			free(out->ov);
			memset(out, 0, sizeof *out);
			out->phase = phase;
			return -1;
		}
		if (!(out->n & (out->n + 1))) { /* grow at 0, 1, 3, 7, ...: doubling */
			out->ov = realloc(out->ov, (2 * out->n + 1) * sizeof *out->ov);
			if (!out->ov)
				abort();
		}
		out->ov[out->n++] = (struct lp_override){.step = d[i].step, .tid = d[i].chosen};
		if (lp_explore_is_preemption(&d[i], d[i].chosen))
			out->cost++;
	}
	return 0;
}
