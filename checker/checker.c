/* checker/checker.c — the library's entry points: options, feeding histories, verdicts. */
#include "checker/checker.h"
#include "lineup/die.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct lp_checker *lp_checker_new(struct lp_intern *strs, enum lp_criterion crit)
{
	struct lp_checker *c = lp_xcalloc(1, sizeof(*c));
	c->strs = strs;
	c->crit = crit;
	lp_trie_init(&c->trie);
	return c;
}

void lp_checker_free(struct lp_checker *c)
{
	if (!c)
		return;
	lp_trie_free(&c->trie);
	lp_quasi_free(c);
	lp_golden_free(c);
	lp_lazy_free(c);
	lp_confirm_free(c);
	free(c->quasi);
	free(c->visit);
	free(c->counts);
	free(c->limit);
	free(c->frames);
	free(c);
}

int lp_checker_add_quasi(struct lp_checker *c, const char *spec, const char **why)
{
	const char *eq = strchr(spec, '=');
	if (!eq || eq == spec) {
		*why = "expected FUNC=K, e.g. queue_trytake=1";
		return -1;
	}
	for (const char *p = spec; p < eq; p++)
		if (*p == '(' || *p == ' ' || *p == '\t') {
			*why = "FUNC is a bare function name, without parentheses or spaces";
			return -1;
		}
	char *end;
	errno = 0;
	unsigned long k = strtoul(eq + 1, &end, 10);
	if (!eq[1] || *end || errno || eq[1] == '-' || k > 1000) {
		*why = "K must be a whole number from 0 to 1000";
		return -1;
	}
	uint32_t f = lp_intern_add(c->strs, spec, (size_t)(eq - spec));
	for (uint32_t i = 0; i < c->nquasi; i++)
		if (c->quasi[i].func == f) {
			c->quasi[i].k = (uint32_t)k; /* the last one wins, as with most options */
			return 0;
		}
	c->quasi = lp_xrealloc(c->quasi, (c->nquasi + 1) * sizeof(*c->quasi));
	c->quasi[c->nquasi].func = f;
	c->quasi[c->nquasi].k = (uint32_t)k;
	c->nquasi++;
	return 0;
}

uint32_t lp_checker_quasi_k(const struct lp_checker *c, uint32_t func)
{
	for (uint32_t i = 0; i < c->nquasi; i++)
		if (c->quasi[i].func == func)
			return c->quasi[i].k;
	return 0;
}

static bool any_quasi(const struct lp_checker *c)
{
	for (uint32_t i = 0; i < c->nquasi; i++)
		if (c->quasi[i].k)
			return true;
	return false;
}

/* Whether h has no witness (target as for lp_linearize); with confirm, only once the
 * observations refuting it were run again and agreed (confirm.c). */
static bool refuted(struct lp_checker *c, const struct lp_hist *h, uint32_t target, bool quasi,
		    struct lp_best *best)
{
	bool ok = quasi ? lp_quasi_linearize(c, h, target, best) : lp_linearize(c, h, target, best);
	if (!ok && !c->aborted && c->confirm && !quasi && !c->golden)
		ok = !lp_confirm_violation(c, h, target, best);
	return !ok && !c->aborted;
}

enum lp_verdict lp_checker_feed(struct lp_checker *c, const struct lp_hist *h,
				struct lp_buf *report)
{
	if (h->serial) {
		struct lp_trie_conflict k;
		if (lp_trie_add(&c->trie, h, &k)) {
			c->nserial++;
			return LP_VERDICT_OK;
		}
		c->nnondet++;
		lp_report_nondet(c, h, &k, report);
		lp_intern_rollback(c->strs, h->intern_mark);
		return LP_VERDICT_NONDET;
	}
	bool quasi = any_quasi(c);
	if (quasi && h->nops > LP_QUASI_MAX_OPS) {
		lp_buf_printf(report,
			      "%s:%u: history has %u operations, more than the %d that --quasi can "
			      "check: use shorter tests or drop --quasi",
			      h->name, h->line, h->nops, LP_QUASI_MAX_OPS);
		lp_intern_rollback(c->strs, h->intern_mark);
		return LP_VERDICT_ERROR;
	}
	c->nconcurrent++;
	if (c->golden)
		lp_golden_begin(c);
	struct lp_best best;
	enum lp_verdict v = LP_VERDICT_OK;
	if (!h->stuck) {
		if (refuted(c, h, LP_NO_EV, quasi, &best)) {
			lp_report_violation(c, h, LP_NO_EV, &best, report);
			v = LP_VERDICT_VIOLATION;
		}
	} else {
		for (uint32_t i = 0; i < h->nops && v == LP_VERDICT_OK && !c->aborted; i++) {
			if (h->ops[i].ret != LP_NO_STR)
				continue;
			if (refuted(c, h, i, quasi, &best)) {
				lp_report_violation(c, h, i, &best, report);
				v = LP_VERDICT_VIOLATION;
			}
		}
	}
	if (c->aborted) { /* lazy: a serial execution run for the search disagreed */
		c->aborted = false;
		lp_buf_reset(report);
		lp_buf_puts(report, lp_buf_str(&c->lazy_report));
		lp_buf_reset(&c->lazy_report);
		v = LP_VERDICT_NONDET;
	} else if (v != LP_VERDICT_OK)
		c->nviolations++;
	if (!c->keep_strings)
		lp_intern_rollback(c->strs, h->intern_mark);
	c->keep_strings = false;
	return v;
}
