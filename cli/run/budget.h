/* cli/run/budget.h — the pure parts of --time-budget and of the coverage statement: durations,
 * the estimate of a preemption bound's schedules, and the sentences that say what a run
 * covered and which guarantee its verdict carries. */
#ifndef LINEUP_CLI_BUDGET_H
#define LINEUP_CLI_BUDGET_H

#include <stdint.h>

#include "cli/report/summary.h"

/* "90s", "5m", "1h", "2h30m", "45" (seconds), "1.5m": returns 0 and seconds > 0, or -1. */
int lp_duration_parse(const char *s, double *secs);
/* The same, and a zero duration ("0", "0s") gives 0: a limit that turns something off. */
int lp_duration_parse_zero(const char *s, double *secs);

/* Schedules of the bound being explored. Each iteration starts from its seeds (the
 * schedules of that cost found by the previous one) and runs a depth-first subtree from
 * each, so total = seeds x mean subtree size. The mean is measured on the seeds already
 * started (done / started) once one is; before that, prior_mean (the previous bound's).
 * Returns at least done. */
double lp_budget_bound_estimate(uint64_t done, uint64_t seeds, uint64_t seeds_left,
				double prior_mean);

/* The prior schedules-per-seed of bound 1 from bound 0's (the root's whole subtree):
 * its square root, which matched the 3-thread tests within a factor of 2. */
double lp_budget_first_mean(double root_subtree);

/* "bound 2 complete; bound 3: 41% of its schedules (about 1,230 of 3,000); 12,400 random
 * schedules (PCT depth 3, seed 1)". malloc'ed. */
char *lp_coverage_text(const struct lp_coverage *cv, int bound);
/* One sentence: which guarantee a "no violation found" verdict carries. malloc'ed. */
char *lp_coverage_guarantee(const struct lp_coverage *cv, int bound);
/* 12400 -> "12,400" into buf (at least 32 bytes). */
const char *lp_thousands(uint64_t v, char *buf);

#endif
