/* cli/run/exec-classify.c — one execution: runs a schedule and classifies its outcome (a
 * history, stuck, crashed, or a set-up error that ends the run). */
#include "phases-internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "cli/report/crash-text.h"
#include "cli/run/run-ahead.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "lineup/stringify.h"
#include "scheduler/strategy.h"
#include "cli/report/report.h"

const char *lp_phases_first_error(const struct lp_exec *e)
{
	if (e->log.n_errors)
		return e->log.errors[0].text;
	if (e->res.log_lines && *e->res.log_lines)
		return e->res.log_lines;
	return "the preload gave no reason";
}

void lp_phases_exec_clear(struct lp_exec *e)
{
	lp_shmlog_clear(&e->log);
	lp_schedule_clear(&e->derived);
	free(e->history);
	free(e->sched);
	memset(e, 0, sizeof *e);
}

/* Runs s and classifies the outcome; dies on set-up errors that make any verdict void. */
static void classify(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e, bool replay);

void lp_phases_execute_on(struct lp_ctx *c, struct lp_run_ahead *ra, const struct lp_schedule *s,
			  struct lp_exec *e, bool replay)
{
	memset(e, 0, sizeof *e);
	e->sched = lp_schedule_format(s);
	if (ra)
		lp_run_ahead_result(ra, s, &e->res);
	else
		lp_server_run(&c->sv, s, c->o->max_steps, &e->res);
	classify(c, s, e, replay);
}

void lp_phases_execute(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e)
{
	lp_phases_execute_on(c, NULL, s, e, false);
}

/* The outcome of s's execution, its result in e->res (run now or earlier: run-ahead.c). */
static void classify(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e, bool replay)
{
	char err[256];
	if (e->res.fatal)
		lp_die(LP_EXIT_USAGE, "%s", e->res.fatal);
	if (lp_shmlog_parse(e->res.log, e->res.log_len, c->plan, &e->log, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "unreadable execution log under schedule %s: %s", e->sched,
		       err);
	for (size_t i = 0; i < e->log.n_warnings; i++)
		lp_summary_warn(&c->sum, e->log.warnings[i].text);
	if (e->log.n_decisions > c->p2.max_points)
		c->p2.max_points = e->log.n_decisions;
	lp_interception_count(&c->cov.interception, c->plan, e->res.log, e->res.log_len,
			      e->res.base_len);
	/* A randomized or directed execution replays from the choices it made that differ from
	 * the default. */
	bool directed = c->sv.run_flags & LP_RUN_DIRECTED;
	if ((c->sv.strategy != LP_STRAT_DEFAULT && s->phase == LP_PHASE_CONCURRENT) || directed) {
		if (lp_strategy_derive(s->phase, e->log.decisions, e->log.n_decisions,
				       &e->derived)) {
			e->unexpressible = true;
		} else {
			free(e->sched);
			e->sched = lp_schedule_format(&e->derived);
		}
	}
	c->cov.loaded |= e->res.targets_loaded;
	/* Patched at the fork point (or at a dlopen): the latest figures are the ones to say. */
	c->cov.sites.reported = true;
	for (int k = 0; k < LP_SITE_COUNT; k++)
		c->cov.sites.patched[k] = e->res.sites_patched[k];
	c->cov.sites.unpatched = e->res.sites_unpatched;
	c->cov.sites.stubbed = e->res.sites_stubbed;
	c->cov.calls += e->log.n_calls;
	switch (e->res.outcome) {
	case LP_OUT_DIVERGED:
		if (directed || c->p2.confirming) { /* lazy phase 1: the order asked for has no
						    serial execution; a trace's history: its
						    schedule did not run as the trace says */
			e->diverged = true;
			return;
		}
		if (replay) /* the user's schedule, not the client, is at fault */
			lp_die(LP_EXIT_USAGE,
			       "schedule %s cannot be followed: %s: take the schedule from a "
			       "report on the same client and options",
			       e->sched,
			       e->log.n_warnings ? e->log.warnings[e->log.n_warnings - 1].text
						 : "an override names a thread that cannot run");
		lp_die(LP_EXIT_USAGE,
		       "client is nondeterministic under a fixed schedule (schedule %s named a "
		       "thread that could not run): "
		       "make the client's threads depend only on the library's results, not on "
		       "time, input or randomness",
		       e->sched);
	case LP_OUT_FATAL:
	case LP_OUT_LIMIT:
		lp_die(LP_EXIT_USAGE, "%s", lp_phases_first_error(e));
	case LP_OUT_RUNNING:
		e->crashed = true;
		break;
	case LP_OUT_DEADLOCK:
	case LP_OUT_LIVELOCK:
		e->stuck = true;
		break;
	default:
		break;
	}
	/* Stuck with no operation pending: the client's own code deadlocked (its own locks,
	 * joins, ...). No history of the library can say anything about that. */
	if (e->res.outcome == LP_OUT_DEADLOCK && e->log.n_calls == e->log.n_returns && replay) {
		e->stuck = false; /* a well-formed history: nothing is pending */
		lp_summary_warn(&c->sum, "the client deadlocked outside the library's operations "
					 "(no operation was pending): fix the client");
	} else if (e->res.outcome == LP_OUT_DEADLOCK && e->log.n_calls == e->log.n_returns)
		lp_die(LP_EXIT_USAGE,
		       "the client deadlocked outside the library's operations under schedule %s "
		       "(no operation was pending: "
		       "its own threads wait on each other, e.g. its own locks taken in opposite "
		       "orders): fix the client; "
		       "--replay %s -v shows where",
		       e->sched, e->sched);
	if (replay && !e->crashed && s->n && s->ov[s->n - 1].step >= e->res.steps)
		lp_die(LP_EXIT_USAGE,
		       "schedule %s names step %llu, which never happens: the execution ends after "
		       "%llu scheduling points; "
		       "take the schedule from a report on the same client and options",
		       e->sched, (unsigned long long)s->ov[s->n - 1].step,
		       (unsigned long long)e->res.steps);
	if (e->crashed && s->phase == LP_PHASE_SERIAL && !replay) {
		struct lp_crash_info *ci = lp_report_crash(c, &e->log, e->res.log, e->res.log_len);
		char *where = ci ? lp_crash_line(ci) : NULL;
		if (WIFSIGNALED(e->res.status))
			lp_die(
			    LP_EXIT_USAGE,
			    "client crashed (%s) in phase 1 under serial schedule %s%s%s: fix the "
			    "client or the library before checking",
			    lp_signal_name(WTERMSIG(e->res.status)), e->sched, where ? ": " : "",
			    where ? where : "");
		lp_die(LP_EXIT_USAGE,
		       "client exited in phase 1 under serial schedule %s before every thread "
		       "finished (exit status %d): %s",
		       e->sched, WIFEXITED(e->res.status) ? WEXITSTATUS(e->res.status) : -1,
		       lp_phases_first_error(e));
	}
	struct lp_buf hdr = {0};
	lp_buf_printf(&hdr, "history %s schedule=%s",
		      s->phase == LP_PHASE_SERIAL ? "serial" : "concurrent", e->sched);
	e->history = lp_shmlog_history(e->res.log, e->res.log_len, c->plan, hdr.s, e->stuck, c->fmt,
				       err, sizeof err);
	lp_buf_free(&hdr);
	if (!e->history)
		lp_die(LP_EXIT_USAGE, "unreadable execution log under schedule %s: %s", e->sched,
		       err);
}
