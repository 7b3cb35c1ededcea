/* cli/report/report.c — the human-readable parts of the report: run summary and schedule sites. */
#include "cli/report/report.h"
#include "cli/run/phases.h"
#include "lineup/stringify.h"

#include <stdlib.h>
#include <string.h>

#include "cli/analyze/unwind.h"
#include "cli/run/budget.h"
#include "lineup/buf.h"
#include "hist-lines.h"
#include "json.h"
#include "report-livelock.h"
#include "report-model.h"
#include "report-trace.h"
#include "report-tso.h"

/* A code address as function+offset (source line), symbolized in the fork server when it
 * runs, else as a number. */
static char *symbolize(void *arg, uint64_t addr)
{
	const struct lp_ctx *c = arg;
	if (c->sv.server_pid > 0)
		return lp_symbolize(c->sv.server_pid, addr);
	struct lp_buf b = {0};
	lp_buf_printf(&b, "%#llx", (unsigned long long)addr);
	return lp_buf_take(&b);
}

char *lp_report_schedule(const struct lp_ctx *c, const struct lp_schedule *s,
			 const struct lp_exec_log *log)
{
	struct lp_buf b = {0};
	for (size_t i = 0; i < s->n; i++) {
		const struct lp_explore_decision *d = NULL;
		uint64_t site = 0;
		for (size_t k = 0; k < log->n_decisions; k++)
			if (log->decisions[k].step == s->ov[i].step) {
				d = &log->decisions[k];
				site = log->sites[k];
				break;
			}
		char t1[LP_TID_STRLEN], t2[LP_TID_STRLEN];
		lp_buf_printf(&b, "  step %llu: ", (unsigned long long)s->ov[i].step);
		if (!d) {
			lp_buf_printf(&b, "%s runs\n", lp_tid_format(s->ov[i].tid, t1));
			continue;
		}
		bool pre = lp_explore_is_preemption(d, s->ov[i].tid);
		if (lp_tid_is_buffer(s->ov[i].tid))
			lp_buf_printf(&b, "%s's store buffer flushes its oldest store%s %s",
				      lp_tid_format(lp_tid_buffer_owner(s->ov[i].tid), t1),
				      pre ? ", preempting" : " while",
				      lp_tid_format(d->running, t2));
		else
			lp_buf_printf(&b, "%s %s %s", lp_tid_format(s->ov[i].tid, t1),
				      pre ? "preempts" : "runs instead of",
				      lp_tid_format(d->running, t2));
		if (site) {
			char *sym = symbolize((void *)c, site);
			lp_buf_printf(&b, " at %s", sym);
			free(sym);
		}
		lp_buf_puts(&b, "\n");
	}
	lp_report_stale_loads(&b, log, symbolize, (void *)c);
	return lp_buf_take(&b);
}

char *lp_report_stale_json(const struct lp_ctx *c, const struct lp_exec_log *log)
{
	struct lp_buf b = {0};
	lp_report_stale_loads_json(&b, log, symbolize, (void *)c);
	return lp_buf_take(&b);
}

char *lp_report_passing_json(const struct lp_ctx *c, const struct lp_exec_log *log)
{
	struct lp_buf b = {0};
	lp_report_passing_loads_json(&b, log, symbolize, (void *)c);
	return lp_buf_take(&b);
}

char *lp_report_schedule_json(const struct lp_ctx *c, const struct lp_schedule *s,
			      const struct lp_exec_log *log, const char *history)
{
	struct lp_hlines h;
	lp_hlines_parse(history ? history : "", &h);
	struct lp_buf b = {0};
	lp_buf_puts(&b, "[");
	for (size_t i = 0; i < s->n; i++) {
		const struct lp_explore_decision *d = NULL;
		uint64_t site = 0;
		for (size_t k = 0; k < log->n_decisions; k++)
			if (log->decisions[k].step == s->ov[i].step) {
				d = &log->decisions[k];
				site = log->sites ? log->sites[k] : 0;
				break;
			}
		char t1[LP_TID_STRLEN], t2[LP_TID_STRLEN];
		lp_buf_printf(
		    &b, "%s{\"step\": %llu, \"thread\": \"%s\", \"preempted\": ", i ? ", " : "",
		    (unsigned long long)s->ov[i].step, lp_tid_format(s->ov[i].tid, t1));
		if (d)
			lp_buf_printf(&b, "\"%s\"", lp_tid_format(d->running, t2));
		else
			lp_buf_puts(&b, "null");
		lp_buf_printf(&b, ", \"preemption\": %s, \"site\": ",
			      d && lp_explore_is_preemption(d, s->ov[i].tid) ? "true" : "false");
		char *text = site ? symbolize((void *)c, site) : NULL;
		if (text)
			lp_json_string(&b, text);
		else
			lp_buf_puts(&b, "null");
		free(text);
		lp_buf_printf(
		    &b, ", \"after_events\": %zu}",
		    lp_model_events_before(log->decisions, log->n_decisions, s->ov[i].step, h.n));
	}
	lp_buf_puts(&b, "]");
	lp_hlines_free(&h);
	return lp_buf_take(&b);
}

char *lp_report_trace(const struct lp_ctx *c, const struct lp_exec_log *log)
{
	return lp_trace_text(log, symbolize, (void *)c);
}

char *lp_report_livelock(const struct lp_ctx *c, const struct lp_exec_log *log)
{
	return lp_livelock_text(log, c->o->max_steps, symbolize, (void *)c);
}

struct lp_crash_info *lp_report_crash(const struct lp_ctx *c, const struct lp_exec_log *log,
				      const void *raw, size_t len)
{
	if (!log->crash)
		return NULL;
	return lp_unwind_crash(c->sv.server_pid, log->crash, raw, len);
}

/* ": 0 preemptions: v[0], 1 preemption: v[1], ..." up to v[top] (none when top < 0). */
static void per_bound(FILE *f, const uint64_t *v, int top)
{
	for (int b = 0; b <= top && b < LP_MAX_BOUND_SLOTS; b++)
		fprintf(f, "%s%d preemption%s: %llu", b ? ", " : ": ", b, b == 1 ? "" : "s",
			(unsigned long long)v[b]);
}

/* The last preemption count with a non-zero v, or -1. */
static int last_nonzero(const uint64_t *v)
{
	int top = -1;
	for (int b = 0; b < LP_MAX_BOUND_SLOTS; b++)
		if (v[b])
			top = b;
	return top;
}

/* The reduction's line; with -v what its executions amounted to (explore-stats.h). */
static void report_reduction(const struct lp_ctx *c, FILE *f)
{
	const struct lp_summary *s = &c->sum;
	uint64_t total = 0, traces = 0;
	for (int b = 0; b < LP_MAX_BOUND_SLOTS; b++)
		total += s->p2_pruned[b], traces += s->p2_traces[b];
	fprintf(f, "phase 2 reduction (%s): %llu schedule%s pruned", s->reduction,
		(unsigned long long)total, total == 1 ? "" : "s");
	per_bound(f, s->p2_pruned, last_nonzero(s->p2_pruned));
	fputs("\n", f);
	if (!c->o->verbose || !traces) /* none named: the unreduced search walks no log */
		return;
	fprintf(f, "phase 2 traces: %llu distinct, first run", (unsigned long long)traces);
	per_bound(f, s->p2_traces, last_nonzero(s->p2_traces));
	fprintf(f,
		"; executions that ended at a sleeping thread: %llu, at a point explored "
		"before: %llu\n",
		(unsigned long long)s->p2_asleep, (unsigned long long)s->p2_covered);
}

void lp_report_summary(const struct lp_ctx *c, FILE *f)
{
	const struct lp_summary *s = &c->sum;
	fputs("targets:", f);
	for (size_t i = 0; i < s->n_targets; i++)
		fprintf(f, " %s", s->targets[i]);
	if (s->n_instrumented > s->n_targets) {
		fputs("\ninstrumented objects:", f);
		for (size_t i = 0; i < s->n_instrumented; i++)
			fprintf(f, " %s", s->instrumented[i]);
	}
	fprintf(f, "\nfunctions: %zu\n", s->functions);
	/* the criterion, when not plain linearizability */
	if (c->o->criterion && !strcmp(c->o->criterion, "sequential"))
		fputs("criterion: sequential consistency (each thread's order kept, real-time "
		      "order between threads not)\n",
		      f);
	for (int i = 0; i < c->o->n_quasi; i++)
		fprintf(f, "criterion: quasi linearizability, %s\n", c->o->quasi[i]);
	char *inst = lp_sites_summary_text(&c->cov.sites);
	fputs(inst, f);
	free(inst);
	if (s->golden_model)
		fprintf(f,
			"phase 1: none: the golden model %s is the specification; %llu sequences "
			"of operations run on it on demand\n",
			s->golden_model, (unsigned long long)s->golden_executions);
	else if (s->p1_mode && !strcmp(s->p1_mode, "lazy"))
		fprintf(f,
			"phase 1: %llu serial executions, %llu distinct histories (lazy: run when "
			"phase 2's checks needed them, of %.0f serial orders%s; %.2f s)\n",
			(unsigned long long)s->p1_executions, (unsigned long long)s->p1_histories,
			s->p1_orders,
			s->p1_auto ? ", lazy since more than " LP_STR(LP_P1_EAGER_MAX) " orders"
				   : "",
			s->p1_seconds);
	else
		fprintf(f,
			"phase 1: %llu serial executions, %llu distinct histories (%s: every "
			"serial order "
			"run first%s; %.2f s)\n",
			(unsigned long long)s->p1_executions, (unsigned long long)s->p1_histories,
			s->p1_mode ? s->p1_mode : "eager",
			c->o->n_globs && s->p1_mode && strstr(s->p1_mode, "every switch")
			    ? " since -f leaves target calls unrecorded"
			    : "",
			s->p1_seconds);
	if (s->p1_workers)
		fprintf(f, "phase 1 workers: %u (%llu serial executions ran ahead of their turn)\n",
			s->p1_workers, (unsigned long long)s->p1_speculated);
	if (s->p1_symmetry && s->p1_derived)
		fprintf(f,
			"phase 1 symmetry: threads %s make the same calls: %llu of the %llu "
			"serial histories derived by swapping them, not run\n",
			s->p1_symmetry, (unsigned long long)s->p1_derived,
			(unsigned long long)s->p1_histories);
	if (c->o->strategy == LP_STRATEGY_DFS) {
		fprintf(f, "phase 2: %llu concurrent executions (preemption bound %d",
			(unsigned long long)s->p2_executions, s->bound);
		if (s->bound < 0)
			fputs(s->cov.budget > 0 ? ": bound by bound while they fit the time budget"
						: ": unbounded",
			      f);
		fputs(")", f);
		per_bound(f, s->p2_per_bound, s->p2_max_cost);
		fprintf(f, "; %.2f s\n", s->p2_seconds);
		if (c->o->tso)
			fputs("phase 2 memory model: x86-TSO (a store buffer per thread; flushing "
			      "one where a thread could go on counts as a preemption)\n",
			      f);
		if (s->p2_workers > 1 || s->p2_speculated || s->p2_wasted)
			fprintf(
			    f,
			    "phase 2 workers: %u (%llu executions ran ahead of their turn; %llu "
			    "more were not needed)\n",
			    s->p2_workers, (unsigned long long)s->p2_speculated,
			    (unsigned long long)s->p2_wasted);
		else if (s->p2_serial)
			fprintf(f, "phase 2 workers: 1 (%s)\n", s->p2_serial);
		if (s->reduction)
			report_reduction(c, f);
		if (s->p2_commute)
			fprintf(
			    f,
			    "phase 2 histories: %llu checked; calls and returns commute, so each "
			    "execution stands for every schedule of its trace, and the trace's "
			    "histories with the most real-time order are checked\n",
			    (unsigned long long)s->p2_histories);
	}
	if (s->confirm_executions)
		fprintf(f,
			"confirmation: %llu serial execution%s refuting the violating history run "
			"again (a violation is claimed only if each gives its earlier results)\n",
			(unsigned long long)s->confirm_executions,
			s->confirm_executions == 1 ? "" : "s");
	if (s->root_cause_executions) {
		uint64_t base = s->p1_executions + s->p2_executions;
		fprintf(f, "%s: %llu executions (%.1fx those of phases 1 and 2); %.2f s\n",
			c->o->tso ? "fences" : "root causes",
			(unsigned long long)s->root_cause_executions,
			base ? (double)s->root_cause_executions / (double)base : 0.0,
			s->root_cause_seconds);
	}
	lp_report_coverage(c, f);
	lp_report_warnings(c, f);
}

void lp_report_warnings(const struct lp_ctx *c, FILE *f)
{
	for (size_t i = 0; i < c->sum.n_warnings; i++)
		fprintf(f, "warning: %s\n", c->sum.warnings[i]);
}

void lp_report_coverage(const struct lp_ctx *c, FILE *f)
{
	const struct lp_coverage *cv = &c->sum.cov;
	/* A plain bounded search that ran to its end says it all in the phase-2 line. */
	if (!cv->stopped_by && !cv->sampler && !(cv->budget > 0))
		return;
	if (cv->stopped_by)
		fprintf(f, "stopped by %s%s\n", cv->stopped_by,
			strcmp(cv->stopped_by, "the time budget") ? " before the end of the run"
								  : " running out");
	char *text = lp_coverage_text(cv, c->sum.bound);
	fprintf(f, "coverage: %s\n", text);
	free(text);
	if (c->sum.verdict == LP_RUN_OK || c->sum.verdict == LP_RUN_UNCHECKED) {
		char *g = lp_coverage_guarantee(cv, c->sum.bound);
		fprintf(f, "guarantee: %s\n", g);
		free(g);
	}
}
