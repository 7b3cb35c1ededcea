/* cli/run/phases.c — one check: phase 1 (phase1.c), then phase 2 (phase2.c) or sampling,
 * and every way a run ends: no violation, nondeterminism, an interrupt (violation.c ends a
 * violation's report). Each execution runs through exec-classify.c. */
#include "phases-internal.h"

#include <stdlib.h>
#include <string.h>

#include "cli/report/export.h"
#include "cli/report/html.h"
#include "cli/report/json.h"
#include "cli/report/progress.h"
#include "cli/run/budget-run.h"
#include "cli/run/cleanup.h"
#include "cli/run/interrupt.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "cli/report/report.h"
#include "lineup/clock.h"

/* The time of each phase, as far as it ran (root causes and lazy phase 1 counted apart). */
static void stop_clocks(struct lp_ctx *c)
{
	if (c->p2.started) /* the root causes of its violation are timed apart */
		c->sum.p2_seconds = lp_clock_now() - c->p2.started - c->sum.root_cause_seconds;
	else if (c->p1.started)
		c->sum.p1_seconds = lp_clock_now() - c->p1.started;
	/* Lazy phase 1's executions ran inside phase 2's checks: count them as phase 1's. */
	if (c->p1.lazy && c->p2.started && c->sum.p2_seconds >= c->p1.lazy_seconds) {
		c->sum.p1_seconds += c->p1.lazy_seconds;
		c->sum.p2_seconds -= c->p1.lazy_seconds;
	}
}

int lp_phases_nondeterministic(struct lp_ctx *c, const char *text)
{
	lp_server_stop(&c->sv);
	lp_checker_pipe_finish(&c->ck);
	lp_progress_clear();
	c->sum.verdict = LP_RUN_NONDETERMINISTIC;
	printf("nondeterministic: two serial executions with the same calls disagree\n%s", text);
	if (*text && text[strlen(text) - 1] != '\n')
		putchar('\n');
	c->sum.nondeterminism = lp_xstrdup(text);
	lp_phases_finish_output(c);
	return LP_EXIT_NONDETERMINISTIC;
}

void lp_phases_finish_output(struct lp_ctx *c)
{
	/* From here a signal only changes the exit status (main.c): the report is printed. */
	lp_interrupt_on_stop(NULL, NULL);
	if (lp_interrupt_signal() && !c->sum.cov.stopped_by) {
		c->sum.cov.stopped_by = lp_interrupt_name();
		c->sum.cov.phase = c->p2.started ? 2 : 1;
	}
	stop_clocks(c);
	lp_progress_clear();
	if (!c->o->quiet)
		lp_report_summary(c, stdout);
	else { /* what weakens the verdict is never hidden */
		lp_report_coverage(c, stdout);
		lp_report_warnings(c, stdout);
	}
	if (c->o->coverage) {
		char *sites = lp_sites_summary_text(&c->cov.sites),
		     *t = lp_interception_text(&c->cov.interception, c->plan, sites);
		fputs(t, stdout);
		free(t);
		free(sites);
	}
	if (c->o->json || c->o->html) { /* the page draws the JSON report */
		free(c->sum.instrumentation);
		c->sum.instrumentation = lp_sites_summary_text(&c->cov.sites);
		free(c->sum.interception);
		c->sum.interception =
		    lp_interception_json(&c->cov.interception, c->plan, c->sum.instrumentation);
		char *j = lp_json_report(&c->sum);
		FILE *f = c->o->json ? fopen(c->o->json, "w") : NULL;
		if (c->o->json && (!f || fputs(j, f) == EOF || fclose(f)))
			lp_die(LP_EXIT_USAGE, "cannot write the JSON report to '%s': %m",
			       c->o->json);
		if (c->o->html)
			lp_html_write(c->o->html, j);
		free(j);
	}
	if (c->o->export_format)
		lp_export_write(lp_export_parse(c->o->export_format), c->o->export_file,
				c->sum.violation ? c->sum.violation->history : NULL);
	char *verdict = lp_verdict_text(&c->sum);
	printf("verdict: %s\n", verdict);
	free(verdict);
	fflush(stdout);
}

/* SIGINT or SIGTERM while the run waits (interrupt.h): the executions running or queued
 * are killed, not waited for; the report says what was checked (a violation found is
 * reported as found), and the process exits with 128 + the signal. */
void lp_phases_end_interrupted(void *arg)
{
	struct lp_ctx *c = arg;
	lp_cleanup_now();
	lp_cleanup_wait(500);
	struct lp_coverage *cv = &c->sum.cov;
	if (!cv->stopped_by) {
		cv->stopped_by = lp_interrupt_name();
		cv->phase = c->p2.started ? 2 : 1;
	}
	if (c->p2.ex) {
		lp_run_dfs_end(c, c->p2.ex, true);
		lp_phase2_pruned_counts(c, c->p2.ex);
	}
	struct lp_violation *v = c->sum.violation;
	if (v && !v->root_causes && !c->o->no_root_cause) {
		struct lp_buf b = {0};
		lp_buf_printf(&b, "%s: search stopped: interrupted by %s\n",
			      c->o->tso ? "fences" : "root causes", lp_interrupt_name());
		v->root_causes = lp_buf_take(&b);
	}
	if (v)
		lp_phases_report_violation(c);
	else
		lp_phases_finish_ok(c);
	exit(lp_interrupt_exit_status(LP_EXIT_OK));
}

int lp_phases_finish_ok(struct lp_ctx *c)
{
	lp_server_stop(&c->sv);
	lp_checker_pipe_finish(&c->ck);
	c->sum.verdict = c->sum.p2_checked ? LP_RUN_OK : LP_RUN_UNCHECKED;
	lp_phases_finish_output(c);
	return LP_EXIT_OK;
}

int lp_phases_run(struct lp_ctx *c)
{
	lp_run_begin(c);
	lp_interrupt_on_stop(lp_phases_end_interrupted, c);
	c->sum.p2_max_cost = -1;
	if (c->o->spec_from)
		lp_golden_attach(c);
	lp_checker_pipe_start(&c->ck, c->o);
	lp_server_start(&c->sv);
	if (c->sv.single)
		lp_summary_warn(&c->sum,
				"the client already had threads at its first pthread_create: every "
				"execution re-executes the client (slower)");
	if (c->o->spec_from && c->sv.single)
		lp_die(LP_EXIT_USAGE, "--spec-from needs the fork server: the client must not have "
				      "threads before its first pthread_create");
	int rc = c->o->spec_from ? LP_EXIT_OK : lp_phase1_run(c, false);
	if (c->o->spec_from) {
		c->sum.p1_mode = "golden"; /* no serial executions: the model is asked */
		if (!c->sum.golden_model)
			c->sum.golden_model = c->o->spec_from;
	}
	if (rc != LP_EXIT_OK)
		return rc;
	if (c->sum.cov.stopped_by) /* phase 1 incomplete: nothing to check against */
		return lp_phases_finish_ok(c);
	if (c->o->strategy == LP_STRATEGY_DFS)
		rc = lp_phase2_run(c);
	if (rc != LP_EXIT_OK)
		return rc;
	/* The rest of a budget goes to PCT, aiming one preemption deeper than the search. */
	if (c->o->strategy != LP_STRATEGY_DFS)
		rc = lp_phase_sample(c, c->o->strategy, c->o->pct_depth, c->o->samples);
	else if (c->budget.deadline > 0 && !c->sum.cov.stopped_by &&
		 lp_run_time_left(&c->budget) > 0 &&
		 !(c->sum.bound < 0 &&
		   !c->budget.declined)) { /* an unbounded search that ended ran every schedule */
		unsigned depth = (unsigned)(c->sum.cov.complete_bound + 2);
		if (depth < c->o->pct_depth)
			depth = c->o->pct_depth;
		rc = lp_phase_sample(
		    c, LP_STRATEGY_PCT,
		    depth > LP_MAX_PCT_CHANGES + 1 ? LP_MAX_PCT_CHANGES + 1 : depth, UINT64_MAX);
	}
	if (rc != LP_EXIT_OK)
		return rc;
	return lp_phases_finish_ok(c);
}
