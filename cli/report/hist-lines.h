/* cli/report/hist-lines.h — a history's events (lineup-history(5) text) as a list, for the
 * exports and the page's model: thread, call or return, text, and the operation each
 * event belongs to (its call's index), so a return finds its call. */
#ifndef LINEUP_CLI_HIST_LINES_H
#define LINEUP_CLI_HIST_LINES_H

#include <stdbool.h>
#include <stddef.h>

struct lp_hline {
	char *tid;     /* thread identifier as written */
	bool ret;      /* a return ("ret"), else a call */
	char *text;    /* the call's text, or the returned value */
	size_t op;     /* index of the call event of its operation */
	size_t ret_ev; /* a call: index of its return event, or (size_t)-1 when pending */
};

struct lp_hlines {
	struct lp_hline *ev;
	size_t n;
	bool stuck; /* the history ends with a "stuck" line */
};

/* Reads the events of the first history in text (lines "T call X" / "T ret V"; header,
 * comments, "stuck" and "end" lines understood). Lines it cannot read are skipped. */
void lp_hlines_parse(const char *text, struct lp_hlines *out);
void lp_hlines_free(struct lp_hlines *h);
/* The function name of a call's text: up to its '(' (malloc'ed). */
char *lp_hline_func(const char *call);

#endif
