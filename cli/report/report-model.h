/* cli/report/report-model.h — the parts of a report the page (--html) draws, as JSON for
 * the --json report: the closest serial execution and why it diverges (read from the
 * checker's report text), the two serial histories of a nondeterminism, and where in the
 * history each override of the schedule happened. Pure: text and logs in, JSON out. */
#ifndef LINEUP_CLI_REPORT_MODEL_H
#define LINEUP_CLI_REPORT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "lineup/buf.h"

/* Appends {"headline", "observed", "agrees", "prefix": [EVENT], "continuation": [EVENT],
 * "continuation_stuck", "reasons": [TEXT], "warning"} read from the checker's violation
 * text, where EVENT is {"thread", "kind": "call"|"ret", "text"}; null when the text has
 * no "closest" part (a crash). */
void lp_model_closest(struct lp_buf *out, const char *checker_text);
/* Appends {"summary", "earlier": HISTORY, "this": HISTORY} from the checker's
 * nondeterminism text (lineup-history(5) texts); null when text is NULL. */
void lp_model_nondet(struct lp_buf *out, const char *text);

struct lp_explore_decision;
/* How many of the history's n_events were recorded before scheduling step `step`: each
 * operation started after the fork point has an op-start point just before its call and
 * an op-end point just after its return (preload/ops.c), so the events after the step are
 * the calls at or after it and the returns after it. */
size_t lp_model_events_before(const struct lp_explore_decision *d, size_t n, uint64_t step,
			      size_t n_events);

#endif
