/* cli/report/report-fence.c — fence candidates under --memory-model tso and their words
 * (report-fence.h). */
#include "report-fence.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>

#include "json.h"

/* The sites one stale load names, each once: the other thread's store, then the stores of
 * its own buffer it passed, newest first (the last store before the load, where the
 * textbook puts the fence, ahead on ties). */
static size_t named_by(const struct lp_rec_tso *t, uint64_t *out)
{
	size_t n = 0, kept = t->n_passed < LP_TSO_PASSED ? t->n_passed : LP_TSO_PASSED;
	out[n++] = t->store_site;
	for (size_t k = kept; k-- > 0;) {
		size_t j = 0;
		while (j < n && out[j] != t->passed_site[k])
			j++;
		if (j == n)
			out[n++] = t->passed_site[k];
	}
	return n;
}

size_t lp_fence_sites(const struct lp_rec_tso *t, size_t n, uint64_t *out, size_t max)
{
	uint64_t site[LP_TSO_NOTES * (1 + LP_TSO_PASSED)];
	size_t count[LP_TSO_NOTES * (1 + LP_TSO_PASSED)], m = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t named[1 + LP_TSO_PASSED];
		size_t n_named = named_by(&t[i], named);
		for (size_t j = 0; j < n_named; j++) {
			size_t k = 0;
			while (k < m && site[k] != named[j])
				k++;
			if (k == m) {
				if (m == sizeof site / sizeof *site)
					continue;
				site[m] = named[j];
				count[m++] = 0;
			}
			count[k]++;
		}
	}
	/* most named first; a stable insertion sort keeps the first named ahead on ties */
	for (size_t i = 1; i < m; i++)
		for (size_t k = i; k > 0 && count[k] > count[k - 1]; k--) {
			uint64_t s = site[k];
			size_t c = count[k];
			site[k] = site[k - 1], count[k] = count[k - 1];
			site[k - 1] = s, count[k - 1] = c;
		}
	size_t r = m < max ? m : max;
	for (size_t i = 0; i < r; i++)
		out[i] = site[i];
	return r;
}

size_t lp_fence_union(uint64_t *set, size_t n, const uint64_t *add, size_t n_add, size_t max)
{
	for (size_t i = 0; i < n_add && n < max; i++) {
		size_t k = 0;
		while (k < n && set[k] != add[i])
			k++;
		if (k == n)
			set[n++] = add[i];
	}
	return n;
}

void lp_fence_heading(struct lp_buf *b, unsigned bound)
{
	lp_buf_printf(b,
		      "fences (the schedules explored again at %u preemption%s with an mfence "
		      "right after a store the stale loads name):\n",
		      bound, bound == 1 ? "" : "s");
}

void lp_fence_what(struct lp_buf *b, const uint64_t *sites, size_t n, lp_symbolize_fn sym,
		   void *arg)
{
	lp_buf_puts(b, n == 1 ? "an mfence after " : "mfences after ");
	for (size_t i = 0; i < n; i++) {
		char *s = sym(arg, sites[i]);
		lp_buf_printf(b, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", s);
		free(s);
	}
}

void lp_fence_line(struct lp_buf *b, const struct lp_fence_result *r, lp_symbolize_fn sym,
		   void *arg)
{
	bool one = r->n == 1;
	lp_buf_puts(b, "  ");
	lp_fence_what(b, r->sites, r->n, sym, arg);
	if (r->removes == 1)
		lp_buf_printf(b, "%s (%" PRIu64 " executions, bound %u)\n",
			      one ? " removes it" : " together remove it", r->executions, r->bound);
	else if (r->removes == 0)
		lp_buf_printf(b, "%s: still a violation after %" PRIu64 " executions\n",
			      one ? " does not remove it" : " together do not remove it",
			      r->executions);
	else
		lp_buf_printf(
		    b, "%s: not decided, stopped after %.1f s and %" PRIu64 " executions (%s)\n",
		    one ? "" : " together", r->seconds, r->executions,
		    r->why ? r->why : "cut short");
}

void lp_fence_json(struct lp_buf *b, const struct lp_fence_result *r, lp_symbolize_fn sym,
		   void *arg)
{
	lp_buf_puts(b, "{\"site\": ");
	struct lp_buf list = {0};
	for (size_t i = 0; i < r->n; i++) {
		char *s = sym(arg, r->sites[i]);
		if (i)
			lp_buf_puts(&list, ", ");
		lp_json_string(&list, s);
		if (r->n == 1)
			lp_json_string(b, s);
		free(s);
	}
	if (r->n != 1)
		lp_buf_puts(b, "null");
	lp_buf_printf(b, ", \"sites\": [%s], \"removes\": %s, \"executions\": %" PRIu64,
		      list.s ? list.s : "",
		      r->removes == 1	? "true"
		      : r->removes == 0 ? "false"
					: "null",
		      r->executions);
	lp_buf_printf(b, ", \"bound\": %u, \"seconds\": %.3f, \"stopped_by\": ", r->bound,
		      r->seconds);
	if (r->removes < 0)
		lp_json_string(b, r->why_json ? r->why_json : "other");
	else
		lp_buf_puts(b, "null");
	lp_buf_puts(b, "}");
	lp_buf_free(&list);
}
