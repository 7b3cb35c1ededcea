/* cli/report/report-fence.c — fence candidates under --memory-model tso and their words
 * (report-fence.h). */
#include "report-fence.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

static bool among(uint64_t site, const uint64_t *set, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (set[i] == site)
			return true;
	return false;
}

/* Appends to out[0..n) the kept stores a load passed, newest first (the last store before
 * the load, where the textbook puts the fence, ahead on ties), each once; returns n. */
static size_t add_passed(uint64_t *out, size_t n, const uint64_t *passed_site, uint32_t n_passed)
{
	size_t kept = n_passed < LP_TSO_PASSED ? n_passed : LP_TSO_PASSED;
	for (size_t k = kept; k-- > 0;)
		if (!among(passed_site[k], out, n))
			out[n++] = passed_site[k];
	return n;
}

/* The sites one stale load names, each once: the other thread's store, then the stores of
 * its own buffer it passed. */
static size_t named_by(const struct lp_rec_tso *t, uint64_t *out)
{
	out[0] = t->store_site;
	return add_passed(out, 1, t->passed_site, t->n_passed);
}

/* Sites counted by how many loads name them, in the order first named. */
#define TALLY_MAX (LP_TSO_NOTES * (1 + LP_TSO_PASSED))
struct tally {
	uint64_t site[TALLY_MAX];
	size_t count[TALLY_MAX], m;
};

static void tally_add(struct tally *t, const uint64_t *named, size_t n_named)
{
	for (size_t j = 0; j < n_named; j++) {
		size_t k = 0;
		while (k < t->m && t->site[k] != named[j])
			k++;
		if (k == t->m) {
			if (t->m == TALLY_MAX)
				continue;
			t->site[t->m] = named[j];
			t->count[t->m++] = 0;
		}
		t->count[k]++;
	}
}

/* The most named first (a stable insertion sort keeps the first named ahead on ties),
 * leaving out those in skip[0..n_skip), at most max into out. */
static size_t tally_out(struct tally *t, const uint64_t *skip, size_t n_skip, uint64_t *out,
			size_t max)
{
	for (size_t i = 1; i < t->m; i++)
		for (size_t k = i; k > 0 && t->count[k] > t->count[k - 1]; k--) {
			uint64_t s = t->site[k];
			size_t c = t->count[k];
			t->site[k] = t->site[k - 1], t->count[k] = t->count[k - 1];
			t->site[k - 1] = s, t->count[k - 1] = c;
		}
	size_t r = 0;
	for (size_t i = 0; i < t->m && r < max; i++)
		if (!among(t->site[i], skip, n_skip))
			out[r++] = t->site[i];
	return r;
}

size_t lp_fence_sites(const struct lp_rec_tso *t, size_t n, uint64_t *out, size_t max)
{
	struct tally ty = {.m = 0};
	for (size_t i = 0; i < n; i++) {
		uint64_t named[1 + LP_TSO_PASSED];
		tally_add(&ty, named, named_by(&t[i], named));
	}
	return tally_out(&ty, NULL, 0, out, max);
}

size_t lp_fence_passing_sites(const struct lp_rec_tso_pass *p, size_t n, const uint64_t *skip,
			      size_t n_skip, uint64_t *out, size_t max)
{
	struct tally ty = {.m = 0};
	for (size_t i = 0; i < n; i++) {
		uint64_t named[LP_TSO_PASSED];
		tally_add(&ty, named, add_passed(named, 0, p[i].passed_site, p[i].n_passed));
	}
	return tally_out(&ty, skip, n_skip, out, max);
}

size_t lp_fence_candidates(const struct lp_rec_tso *t, size_t n_tso,
			   const struct lp_rec_tso_pass *p, size_t n_pass, uint64_t *out,
			   size_t *n_stale)
{
	uint64_t stale[LP_MAX_FENCES];
	size_t n_all = lp_fence_sites(t, n_tso, stale, LP_MAX_FENCES);
	*n_stale = n_all < LP_FENCE_SINGLES ? n_all : LP_FENCE_SINGLES;
	memcpy(out, stale, *n_stale * sizeof *out);
	/* a store some stale load names is not a passing load's candidate, tried or not */
	return *n_stale +
	       lp_fence_passing_sites(p, n_pass, stale, n_all, out + *n_stale, LP_FENCE_PASSING);
}

size_t lp_fence_union(uint64_t *set, size_t n, const uint64_t *add, size_t n_add, size_t max)
{
	for (size_t i = 0; i < n_add && n < max; i++)
		if (!among(add[i], set, n))
			set[n++] = add[i];
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
