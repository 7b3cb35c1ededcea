/* cli/run/budget-run.h — when the phase loops stop early (a signal, --time-budget), how the
 * bounded search spends a budget bound by bound, and what the run then covered. */
#ifndef LINEUP_CLI_BUDGET_RUN_H
#define LINEUP_CLI_BUDGET_RUN_H

#include <stdbool.h>

#include "phases.h"

/* Starts the clock of --time-budget and the signal handlers. */
void lp_run_begin(struct lp_ctx *c);
/* True when phase (1 or 2) must stop now (a signal, or the budget is spent); notes why. */
bool lp_run_should_stop(struct lp_ctx *c, int phase);
/* Before running s, the next schedule of the bounded search: true when the search stops
 * (should_stop, or s begins a bound that is not expected to finish in the time left). */
bool lp_run_dfs_should_stop(struct lp_ctx *c, struct lp_explore *ex, const struct lp_schedule *s);
/* After the bounded search: what it covered (stopped: it did not run to its end). */
void lp_run_dfs_end(struct lp_ctx *c, struct lp_explore *ex, bool stopped);
/* Seconds left in the budget (a large number without one). */
double lp_run_time_left(const struct lp_ctx_budget *b);

#endif
