/* cli/analyze/stub-pads.c — dead padding for the short jumps to stubs (see stub-pads.h). */
#include "stub-pads.h"

#include <stdlib.h>

#include "lineup/die.h"

size_t lp_stub_pads_trim(struct lp_pad_run *runs, size_t n, const uint64_t *targets,
			 size_t n_targets)
{
	size_t keep = 0, t = 0;
	for (size_t i = 0; i < n; i++) {
		struct lp_pad_run r = runs[i];
		while (t < n_targets && targets[t] < r.start)
			t++;
		if (t < n_targets && targets[t] < r.start + r.len)
			r.len = targets[t] - r.start; /* a label: the bytes from there on run */
		if (r.len >= LP_STUB_JMP)
			runs[keep++] = r;
	}
	return keep;
}

/* The short jump at `at` reaches [at + 2 - 128, at + 2 + 127]; a pad must start there. */
static int reaches(uint64_t at, uint64_t pad)
{
	int64_t rel = (int64_t)pad - (int64_t)(at + 2);
	return rel >= -128 && rel <= 127;
}

size_t lp_stub_pads_assign(struct lp_site *sites, size_t n, const struct lp_pad_run *runs,
			   size_t n_runs)
{
	uint64_t *used = lp_xcalloc(n_runs ? n_runs : 1, sizeof *used); /* bytes given per run */
	size_t given = 0, first = 0;
	for (size_t i = 0; i < n; i++) {
		struct lp_site *s = &sites[i];
		s->pad = 0;
		if (s->len >= LP_STUB_JMP)
			continue;
		uint64_t lo = s->offset + 2 > 128 ? s->offset + 2 - 128 : 0;
		while (first < n_runs && runs[first].start + runs[first].len <= lo)
			first++; /* sites ascend: runs wholly behind this one are behind all later
				  */
		uint64_t best = 0, best_dist = UINT64_MAX;
		size_t best_run = 0;
		for (size_t r = first; r < n_runs && runs[r].start <= s->offset + 2 + 127; r++) {
			if (runs[r].start + used[r] <
			    lo) /* out of reach for this and later sites */
				used[r] = lo - runs[r].start;
			if (used[r] + LP_STUB_JMP > runs[r].len)
				continue;
			uint64_t p = runs[r].start + used[r];
			if (!reaches(s->offset, p))
				continue;
			uint64_t d = p > s->offset ? p - s->offset : s->offset - p;
			if (d < best_dist)
				best = p, best_dist = d, best_run = r;
		}
		if (best) {
			s->pad = best;
			used[best_run] += LP_STUB_JMP;
			given++;
		}
	}
	free(used);
	return given;
}
