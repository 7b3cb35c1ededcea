/* cli/summary.h — what a run found, for the text summary, the verdict and --json. */
#ifndef LINEUP_CLI_SUMMARY_H
#define LINEUP_CLI_SUMMARY_H

#include <stddef.h>
#include <stdint.h>

#define LP_MAX_BOUND_SLOTS 64

enum lp_verdict { LP_VERDICT_OK, LP_VERDICT_VIOLATION, LP_VERDICT_NONDETERMINISTIC };

struct lp_violation {
	const char *kind;  /* "non-linearizable", "stuck", "crash" */
	char *history, *schedule, *replay, *report;
	char *switches; /* the preemptions and switches the schedule forces, one per line */
};

struct lp_summary {
	enum lp_verdict verdict;
	const char **targets;
	size_t n_targets;
	size_t functions;
	uint64_t p1_executions, p1_histories;
	uint64_t p2_executions;
	uint64_t p2_per_bound[LP_MAX_BOUND_SLOTS]; /* executions by preemptions */
	int p2_max_cost;                           /* highest cost run, -1 none */
	uint64_t p2_pruned[LP_MAX_BOUND_SLOTS];    /* alternatives the reduction left out */
	const char *reduction;                     /* "sleep", "race-free" or "off" */
	int bound;
	char **warnings;
	size_t n_warnings;
	struct lp_violation *violation;            /* NULL when none */
	char *instrumentation;                     /* the summary's site lines, NULL before set */
	char *nondeterminism;                      /* the checker's two histories, exit 3 only */
};

/* Adds a warning once (same text is not repeated). */
void lp_summary_warn(struct lp_summary *s, const char *text);
const char *lp_verdict_text(enum lp_verdict v);
/* Frees warnings and the violation (not targets: they belong to the plan). */
void lp_summary_free(struct lp_summary *s);

#endif
