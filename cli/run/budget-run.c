/* cli/run/budget-run.c — stopping early and spending --time-budget bound by bound (see
 * budget-run.h; the estimates themselves are pure, in budget.c). */
#include "budget-run.h"

#include <stdio.h>
#include <time.h>

#include "budget.h"
#include "interrupt.h"
#include "cli/report/progress.h"
#include "lineup/clock.h"

void lp_run_begin(struct lp_ctx *c)
{
	lp_interrupt_install();
	c->sum.cov.complete_bound = c->sum.cov.partial_bound = -1;
	c->sum.cov.budget = c->o->time_budget;
	if (c->o->time_budget > 0)
		c->budget.deadline =
		    (c->started > 0 ? c->started : lp_clock_now()) + c->o->time_budget;
}

double lp_run_time_left(const struct lp_ctx_budget *b)
{
	return b->deadline > 0 ? b->deadline - lp_clock_now() : 1e18;
}

bool lp_run_should_stop(struct lp_ctx *c, int phase)
{
	const char *why = lp_interrupt_name();
	if (!why && c->budget.deadline > 0 && lp_clock_now() >= c->budget.deadline)
		why = "the time budget";
	if (!why)
		return false;
	c->sum.cov.stopped_by = why;
	c->sum.cov.phase = phase;
	return true;
}

bool lp_run_dfs_should_stop(struct lp_ctx *c, struct lp_explore *ex, const struct lp_schedule *s)
{
	if (lp_run_should_stop(c, 2))
		return true;
	uint64_t seeds, left, next;
	lp_explore_progress(ex, &seeds, &left, &next);
	unsigned iter = lp_explore_iteration(ex);
	if (iter >= LP_MAX_BOUND_SLOTS)
		return false; /* beyond the counters: no estimate */
	if (c->sum.p2_executions == 0) {
		c->budget.search_start = lp_clock_now();
		c->budget.iter = iter;
		c->budget.prior_mean = 1;
		c->budget.seeds = seeds;
	} else if (iter != c->budget.iter) {
		/* The previous bound is done: its schedules per seed predict this one's. */
		c->budget.prior_mean =
		    c->budget.seeds
			? (double)c->sum.p2_per_bound[c->budget.iter] / (double)c->budget.seeds
			: 1;
		/* The root's subtree (bound 0) holds every non-preemptive variation of the whole
		 * execution; a seed's holds those after its override only: much fewer. */
		if (iter == 1)
			c->budget.prior_mean = lp_budget_first_mean(c->budget.prior_mean);
		c->budget.rechecked = false;
		c->budget.iter = iter;
		c->budget.seeds = seeds;
		double per_exec =
		    (lp_clock_now() - c->budget.search_start) / (double)c->sum.p2_executions;
		double expected = c->budget.prior_mean * (double)seeds;
		if (c->o->verbose) /* bench/estimate.sh compares these with the real counts */
			fprintf(stderr,
				"lineup-preload: bound %u done: %llu executions; bound %u: %llu "
				"seeds, estimate %.0f executions\n",
				iter - 1, (unsigned long long)c->sum.p2_per_bound[iter - 1], iter,
				(unsigned long long)seeds, expected);
		if (c->budget.deadline > 0 && expected * per_exec > lp_run_time_left(&c->budget)) {
			c->budget.declined = true;
			c->budget.estimate = expected;
			return true;
		}
	}
	(void)s;
	uint64_t done = c->sum.p2_per_bound[iter];
	c->budget.estimate = lp_budget_bound_estimate(done, seeds, left, c->budget.prior_mean);
	/* The prior can be far off: once a few seeds ran, check the fit again (the time spent
	 * on the bound so far is then lost to PCT, but is a small part of it). */
	if (c->budget.deadline > 0 && iter > 0 && !c->budget.rechecked &&
	    seeds - left >= (seeds < 8 ? seeds : 8)) {
		c->budget.rechecked = true;
		double per_exec =
		    (lp_clock_now() - c->budget.search_start) / (double)c->sum.p2_executions;
		if ((c->budget.estimate - (double)done) * per_exec > lp_run_time_left(&c->budget)) {
			c->budget.declined = true;
			return true;
		}
	}
	lp_progress_estimate((double)(c->sum.p2_executions - done) + c->budget.estimate);
	return false;
}

void lp_run_dfs_end(struct lp_ctx *c, struct lp_explore *ex, bool stopped)
{
	struct lp_coverage *cv = &c->sum.cov;
	unsigned iter = lp_explore_iteration(ex);
	if (!stopped) {
		/* Ran to its end: every bound up to the explorer's, or (unbounded) every schedule.
		 */
		cv->complete_bound = c->sum.bound >= 0 ? c->sum.bound : c->sum.p2_max_cost;
		cv->exhaustive = c->sum.bound < 0;
		return;
	}
	cv->complete_bound = (int)iter - 1;
	if (iter >= LP_MAX_BOUND_SLOTS || (c->budget.declined && !c->sum.p2_per_bound[iter]))
		return;
	cv->partial_bound = (int)iter;
	cv->partial_done = c->sum.p2_per_bound[iter];
	cv->partial_total = c->budget.estimate;
}
