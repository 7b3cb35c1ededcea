/* tests/unit/test-checker-util.h — feeds history text through the parser into a checker,
 * for the checker's unit tests (no files, no processes). */
#ifndef TEST_CHECKER_UTIL_H
#define TEST_CHECKER_UTIL_H

#include "checker/checker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TV_ERROR 2

struct tc {
	struct lp_intern *strs;
	struct lp_checker *c;
	struct lp_buf report;
	char err[1100];
	int nviol, nnondet, nok;
};

static inline void tc_init(struct tc *t, enum lp_criterion crit)
{
	memset(t, 0, sizeof(*t));
	t->strs = lp_intern_new();
	t->c = lp_checker_new(t->strs, crit);
}

static inline void tc_fini(struct tc *t)
{
	lp_checker_free(t->c);
	lp_intern_free(t->strs);
	lp_buf_free(&t->report);
}

static inline int tc_quasi(struct tc *t, const char *spec)
{
	const char *why;
	return lp_checker_add_quasi(t->c, spec, &why);
}

/* Feeds text; returns the worst verdict (NONDET > ERROR > VIOLATION > OK). */
static inline int tc_feed(struct tc *t, const char *text)
{
	struct lp_hist_parser *p = lp_hist_parser_new(t->strs, "test");
	int worst = LP_VERDICT_OK;
	bool continue_feed = false;
	const char *s = text;
	while (*s) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);
		enum lp_hp_status st = lp_hist_parse_line(p, s, len);
		if (st == LP_HP_DONE) {
			int v = lp_checker_feed(t->c, lp_hist_parser_history(p), &t->report);
			if (v == LP_VERDICT_VIOLATION)
				t->nviol++;
			else if (v == LP_VERDICT_NONDET)
				t->nnondet++;
			else if (v == LP_VERDICT_ERROR) {
				snprintf(t->err, sizeof(t->err), "%s", lp_buf_str(&t->report));
				if (worst != LP_VERDICT_NONDET)
					worst = TV_ERROR;
				continue_feed = true;
			} else
				t->nok++;
			if (!continue_feed &&
			    (v == LP_VERDICT_NONDET ||
			     (v == LP_VERDICT_VIOLATION && worst == LP_VERDICT_OK)))
				worst = v;
			continue_feed = false;
		} else if (st == LP_HP_ERROR) {
			snprintf(t->err, sizeof(t->err), "%s", lp_hist_parser_error(p));
			if (worst != LP_VERDICT_NONDET)
				worst = TV_ERROR;
		}
		s += len;
		if (*s == '\n')
			s++;
	}
	if (lp_hist_parse_eof(p) == LP_HP_ERROR) {
		snprintf(t->err, sizeof(t->err), "%s", lp_hist_parser_error(p));
		if (worst != LP_VERDICT_NONDET)
			worst = TV_ERROR;
	}
	lp_hist_parser_free(p);
	return worst;
}

static inline const char *tc_report(const struct tc *t) { return lp_buf_str(&t->report); }

#endif
