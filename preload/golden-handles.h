/* preload/golden-handles.h — pairing the golden model's handles with the history's
 * (protocol.h, struct lp_golden): pure, for preload/golden.c and its unit test. */
#ifndef LP_PRELOAD_GOLDEN_HANDLES_H
#define LP_PRELOAD_GOLDEN_HANDLES_H

#include <stdint.h>

#include "lineup/protocol.h"

struct lp_handles {
	uint64_t hist[LP_GOLDEN_MAX_CALLS], model[LP_GOLDEN_MAX_CALLS];
	unsigned n;
};

static inline int lp_handle_find(const uint64_t *v, unsigned n, uint64_t x)
{
	for (unsigned i = 0; i < n; i++)
		if (v[i] == x)
			return (int)i;
	return -1;
}

/* A pointer argument in the history's values, as the model knows it (one no call
 * returned, the client's own memory for instance, passes as it is). */
static inline uint64_t lp_handle_to_model(const struct lp_handles *m, uint64_t h)
{
	int i = lp_handle_find(m->hist, m->n, h);
	return i < 0 ? h : m->model[i];
}

/* A pointer result of the model in the history's values: one seen before maps back; a
 * fresh one pairs with the history's result of the call when that is fresh too (a
 * renaming, one to one); otherwise it stays as it is and will not match. NULL is NULL. */
static inline uint64_t lp_handle_to_history(struct lp_handles *m, uint64_t g, int has_ret,
					    uint64_t hist_ret)
{
	if (!g)
		return 0;
	int i = lp_handle_find(m->model, m->n, g);
	if (i >= 0)
		return m->hist[i];
	if (has_ret && hist_ret && lp_handle_find(m->hist, m->n, hist_ret) < 0 &&
	    m->n < LP_GOLDEN_MAX_CALLS) {
		m->hist[m->n] = hist_ret;
		m->model[m->n++] = g;
		return hist_ret;
	}
	return g;
}

#endif
