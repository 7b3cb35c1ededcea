/* cli/report/interception.h — the interception coverage report (--coverage, and "interception"
 * in --json): which target functions the executions called and how each is typed, which
 * instructions were trapped, and what the run saw but did not control, so a user knows
 * what a verdict is about. */
#ifndef LINEUP_CLI_INTERCEPTION_H
#define LINEUP_CLI_INTERCEPTION_H

#include <stddef.h>
#include <stdint.h>

#include "cli/analyze/analyze.h"
#include "cli/report/site-warnings.h"
#include "lineup/buf.h"

struct lp_interception {
	int n_funcs;
	uint64_t *calls;       /* per plan function: operations recorded in the executions */
	uint64_t *setup_calls; /* per plan function: calls before the fork point (once) */
	bool setup_counted;
	char **seen;   /* distinct LP_REC_WARN texts of the preload: what it saw */
	size_t n_seen; /* but could not control or trap */
	struct lp_site_groups sites_seen; /* those about single instructions, all listed */
};

/* Counts the calls of one execution's log (records from offset 0; those before base_len
 * were made before the client's first thread and repeat in every execution). */
void lp_interception_count(struct lp_interception *ic, const struct lp_plan *plan, const void *log,
			   size_t len, size_t base_len);
/* The text report; sites: the summary's instrumentation lines. malloc'ed. */
char *lp_interception_text(const struct lp_interception *ic, const struct lp_plan *plan,
			   const char *sites);
/* The same as a JSON object. malloc'ed. */
char *lp_interception_json(const struct lp_interception *ic, const struct lp_plan *plan,
			   const char *sites);
void lp_interception_free(struct lp_interception *ic);

#endif
