/* cli/run/violation.c — the report of a violation: its head (printed at once), its root
 * causes (root-cause-run.h), then the summary and the verdict. */
#include "phases-internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "cli/report/crash-text.h"
#include "cli/report/progress.h"
#include "cli/run/fence-run.h"
#include "cli/run/interrupt.h"
#include "cli/run/root-cause-run.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "lineup/stringify.h"
#include "replay-cmd.h"
#include "cli/report/report.h"
#include "lineup/clock.h"

/* What can make a report on this run's observations wrong, or a concurrent history a
 * product of --spurious-wakeups: the lines that start a violation report (also replay's). */
void lp_phases_report_cautions(const struct lp_ctx *c, struct lp_buf *r)
{
	if (c->p1.livelocks)
		lp_buf_printf(r,
			      "CAUTION: phase 1 cut %" PRIu64
			      " serial execution%s at --max-steps %" PRIu64
			      " and recorded %s as stuck; if an operation merely needs more "
			      "scheduling points, "
			      "this report can be a false alarm: rerun with a larger --max-steps\n",
			      c->p1.livelocks, c->p1.livelocks == 1 ? "" : "s", c->o->max_steps,
			      c->p1.livelocks == 1 ? "it" : "them");
	if (c->p1.dropped)
		lp_buf_puts(r,
			    "CAUTION: phase 1 skipped serial schedules needing more than " LP_STR(
				LP_MAX_OVERRIDES) " overrides, "
						  "so the observations may be incomplete and this "
						  "report can be a false alarm\n");
	if (c->o->spurious)
		lp_buf_puts(r,
			    "note: with --spurious-wakeups, a condition wait in this history may "
			    "have returned "
			    "without a signal (as POSIX allows) when no other thread could run\n");
}

/* Prints the violation's report up to its replay line, once: before the root-cause search,
 * which can take a while (the report alone proves the violation). */
static void print_violation_head(struct lp_ctx *c)
{
	struct lp_violation *v = c->sum.violation;
	if (v->head_printed)
		return;
	v->head_printed = true;
	lp_progress_clear();
	printf("violation (%s):\n%s", !strcmp(v->kind, "crash") ? "client crashed" : v->kind,
	       v->report);
	if (v->report[0] && v->report[strlen(v->report) - 1] != '\n')
		putchar('\n');
	printf("preemptions and switches forced by the schedule:\n%s",
	       *v->switches ? v->switches : "  (none)\n");
	printf("schedule: %s\n", v->schedule);
	printf("replay: %s\n", v->replay);
	fflush(stdout);
}

/* Ends the report of the violation in c->sum: its root causes, the summary and the verdict
 * (--observations written before them). */
void lp_phases_report_violation(struct lp_ctx *c)
{
	const struct lp_violation *v = c->sum.violation;
	lp_server_stop(&c->sv);
	lp_checker_pipe_finish(&c->ck); /* writes --observations before the verdict */
	print_violation_head(c);
	if (v->root_causes)
		fputs(v->root_causes, stdout);
	lp_phases_finish_output(c);
}

int lp_phases_violation(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e,
			const char *kind, const char *checker_text)
{
	struct lp_violation *v = lp_xcalloc(1, sizeof *v);
	struct lp_buf r = {0};
	v->kind = kind;
	v->history = lp_xstrdup(e->history ? e->history : "");
	v->schedule = lp_xstrdup(e->sched);
	v->replay = lp_replay_command(c->argv0, c->o, e->sched);
	/* A violation is a proof only against complete observations: say when they are not. */
	lp_phases_report_cautions(c, &r);
	if (e->res.outcome == LP_OUT_LIVELOCK) {
		char *why = lp_report_livelock(c, &e->log);
		lp_buf_puts(&r, why);
		free(why);
	}
	struct lp_crash_info *ci =
	    checker_text ? NULL : lp_report_crash(c, &e->log, e->res.log, e->res.log_len);
	if (checker_text) {
		lp_buf_puts(&r, checker_text);
	} else if (ci) { /* the fork server's mappings: before any other execution */
		char *text = lp_crash_text(ci);
		struct lp_buf j = {0};
		lp_crash_json(&j, ci);
		v->crash_json = lp_buf_take(&j);
		lp_buf_printf(&r, "%shistory up to the crash:\n%s", text, v->history);
		free(text);
		lp_crash_info_free(ci);
	} else {
		lp_buf_printf(
		    &r, "client crashed with %s under this schedule; history up to the crash:\n%s",
		    lp_signal_name(WTERMSIG(e->res.status)), v->history);
	}
	v->report = lp_buf_take(&r);
	/* Sites are symbolized in the fork server (same mappings): before the root causes,
	 * which an interrupt may end with the fork server killed. */
	v->switches = lp_report_schedule(c, s, &e->log);
	v->preemptions_json = lp_report_schedule_json(c, s, &e->log, v->history);
	if (c->o->tso) {
		v->stale_loads_json = lp_report_stale_json(c, &e->log);
		v->passing_loads_json = lp_report_passing_json(c, &e->log);
	}
	c->sum.violation = v;
	c->sum.verdict = LP_RUN_VIOLATION;
	/* The report is out before the root-cause search starts: it can take a while, and the
	 * report alone already proves the violation. */
	print_violation_head(c);
	lp_interrupt_on_stop(lp_phases_end_interrupted, c); /* held since the violation was found */
	/* With the fork server and the checker still up; never changes the verdict. */
	if (!c->o->no_root_cause && s->phase == LP_PHASE_CONCURRENT) {
		double t0 = lp_clock_now();
		/* its default budget is the time the check took (both phases, as the user saw) */
		double first = c->p1.started && (!c->p2.started || c->p1.started < c->p2.started)
				   ? c->p1.started
				   : c->p2.started;
		/* The serial executions its checks ask for (lazy phase 1's path) are the
		 * analysis's: phase 1's figures stay those of the phases. */
		uint64_t p1_execs = c->sum.p1_executions, p1_hist = c->sum.p1_histories;
		double p1_lazy = c->p1.lazy_seconds;
		/* Under tso, fences instead: atomic regions are threads' code, and a store
		 * buffer's flush is no thread's. */
		if (c->o->tso)
			lp_tso_fences(c, e, first ? t0 - first : 0, v);
		else
			lp_root_causes(c, e, first ? t0 - first : 0, v);
		c->sum.root_cause_executions += c->sum.p1_executions - p1_execs;
		c->sum.p1_executions = p1_execs;
		c->sum.p1_histories = p1_hist;
		c->p1.lazy_seconds = p1_lazy;
		c->sum.root_cause_seconds = lp_clock_now() - t0;
	}
	lp_phases_report_violation(c);
	return LP_EXIT_VIOLATION;
}
