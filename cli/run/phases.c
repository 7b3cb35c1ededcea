/* cli/run/phases.c — the two phases of a check and --replay: runs schedules from the explorer,
 * turns outcomes into histories for the checker, and stops at the first violation. */
#include "lineup/clock.h"
#include "phases.h"

#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "lineup/stringify.h"
#include "cli/report/json.h"
#include "cli/report/progress.h"
#include "cli/run/budget-run.h"
#include "cli/run/cleanup.h"
#include "cli/run/interrupt.h"
#include "cli/run/phases-exec.h"
#include "cli/run/root-cause-run.h"
#include "cli/run/spec-run.h"
#include "cli/run/symmetry.h"
#include "cli/run/trace-check.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "scheduler/strategy.h"
#include "replay-cmd.h"
#include "cli/report/report-trace.h"
#include "cli/report/crash-text.h"

/* When each phase started (0: not yet), so that every way out reports its time. */
static double p1_started, p2_started;
/* The bounded search under way, for the coverage of a run interrupted inside it. */
static struct lp_explore *p2_ex;

static void stop_clocks(struct lp_ctx *c)
{
	if (p2_started) /* the root causes of its violation are timed apart */
		c->sum.p2_seconds = lp_clock_now() - p2_started - c->sum.root_cause_seconds;
	else if (p1_started)
		c->sum.p1_seconds = lp_clock_now() - p1_started;
	/* Lazy phase 1's executions ran inside phase 2's checks: count them as phase 1's. */
	if (c->lazy && p2_started && c->sum.p2_seconds >= c->p1_lazy_seconds) {
		c->sum.p1_seconds += c->p1_lazy_seconds;
		c->sum.p2_seconds -= c->p1_lazy_seconds;
	}
}

/* Counts distinct serial histories (by a 64-bit hash of the events, header excluded). */
static bool new_history(struct lp_ctx *c, const char *text)
{
	const char *body = strchr(text, '\n');
	uint64_t h = 1469598103934665603ull;
	for (const unsigned char *p = (const unsigned char *)(body ? body : text); *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	return lp_keyset_add(&c->histories, h | 1); /* 0 marks a free slot */
}

static const char *first_error(const struct lp_exec *e)
{
	if (e->log.n_errors)
		return e->log.errors[0].text;
	if (e->res.log_lines && *e->res.log_lines)
		return e->res.log_lines;
	return "the preload gave no reason";
}

static void exec_clear(struct lp_exec *e)
{
	lp_shmlog_clear(&e->log);
	lp_schedule_clear(&e->derived);
	free(e->history);
	free(e->sched);
	memset(e, 0, sizeof *e);
}

/* Runs s and classifies the outcome; dies on set-up errors that make any verdict void. */
static void classify(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e, bool replay);

/* Runs s (on phase 2's workers sp, when given: spec-run.h) and classifies its outcome. */
static void execute_on(struct lp_ctx *c, struct lp_spec *sp, const struct lp_schedule *s,
		       struct lp_exec *e, bool replay)
{
	memset(e, 0, sizeof *e);
	e->sched = lp_schedule_format(s);
	if (sp)
		lp_spec_run(sp, s, &e->res);
	else
		lp_server_run(&c->sv, s, c->o->max_steps, &e->res);
	classify(c, s, e, replay);
}

static void execute(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e, bool replay)
{
	execute_on(c, NULL, s, e, replay);
}

/* The outcome of s's execution, its result in e->res (run now or earlier: spec-run.c). */
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
	if (e->log.n_decisions > c->max_points)
		c->max_points = e->log.n_decisions;
	lp_interception_count(&c->icov, c->plan, e->res.log, e->res.log_len, e->res.base_len);
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
	c->loaded |= e->res.targets_loaded;
	/* Patched at the fork point (or at a dlopen): the latest figures are the ones to say. */
	c->sites.reported = true;
	for (int k = 0; k < LP_SITE_COUNT; k++)
		c->sites.patched[k] = e->res.sites_patched[k];
	c->sites.unpatched = e->res.sites_unpatched;
	c->sites.stubbed = e->res.sites_stubbed;
	c->calls += e->log.n_calls;
	switch (e->res.outcome) {
	case LP_OUT_DIVERGED:
		if (directed || c->confirming) { /* lazy phase 1: the order asked for has no
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
		lp_die(LP_EXIT_USAGE, "%s", first_error(e));
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
		       first_error(e));
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

static void finish_output(struct lp_ctx *c);
static void pruned_counts(struct lp_ctx *c, const struct lp_explore *ex);

void lp_phases_count_serial(struct lp_ctx *c, const char *history)
{
	if (new_history(c, history))
		c->sum.p1_histories++;
	lp_keyset_add(&c->call_keys, lp_calls_key(history));
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
	finish_output(c);
	return LP_EXIT_NONDETERMINISTIC;
}

static void finish_output(struct lp_ctx *c)
{
	/* From here a signal only changes the exit status (main.c): the report is printed. */
	lp_interrupt_on_stop(NULL, NULL);
	if (lp_interrupt_signal() && !c->sum.cov.stopped_by) {
		c->sum.cov.stopped_by = lp_interrupt_name();
		c->sum.cov.phase = p2_started ? 2 : 1;
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
		char *sites = lp_sites_summary_text(&c->sites),
		     *t = lp_interception_text(&c->icov, c->plan, sites);
		fputs(t, stdout);
		free(t);
		free(sites);
	}
	if (c->o->json) {
		free(c->sum.instrumentation);
		c->sum.instrumentation = lp_sites_summary_text(&c->sites);
		free(c->sum.interception);
		c->sum.interception =
		    lp_interception_json(&c->icov, c->plan, c->sum.instrumentation);
		char *j = lp_json_report(&c->sum);
		FILE *f = fopen(c->o->json, "w");
		if (!f || fputs(j, f) == EOF || fclose(f))
			lp_die(LP_EXIT_USAGE, "cannot write the JSON report to '%s': %m",
			       c->o->json);
		free(j);
	}
	char *verdict = lp_verdict_text(&c->sum);
	printf("verdict: %s\n", verdict);
	free(verdict);
	fflush(stdout);
}

/* What can make a report on this run's observations wrong, or a concurrent history a
 * product of --spurious-wakeups: the lines that start a violation report (also replay's). */
static void report_cautions(const struct lp_ctx *c, struct lp_buf *r)
{
	if (c->p1_livelocks)
		lp_buf_printf(r,
			      "CAUTION: phase 1 cut %" PRIu64
			      " serial execution%s at --max-steps %" PRIu64
			      " and recorded %s as stuck; if an operation merely needs more "
			      "scheduling points, "
			      "this report can be a false alarm: rerun with a larger --max-steps\n",
			      c->p1_livelocks, c->p1_livelocks == 1 ? "" : "s", c->o->max_steps,
			      c->p1_livelocks == 1 ? "it" : "them");
	if (c->p1_dropped)
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
static void report_violation(struct lp_ctx *c)
{
	const struct lp_violation *v = c->sum.violation;
	lp_server_stop(&c->sv);
	lp_checker_pipe_finish(&c->ck); /* writes --observations before the verdict */
	print_violation_head(c);
	if (v->root_causes)
		fputs(v->root_causes, stdout);
	finish_output(c);
}

/* SIGINT or SIGTERM while the run waits (interrupt.h): the executions running or queued
 * are killed, not waited for; the report says what was checked (a violation found is
 * reported as found), and the process exits with 128 + the signal. */
static void end_interrupted(void *arg)
{
	struct lp_ctx *c = arg;
	lp_cleanup_now();
	lp_cleanup_wait(500);
	struct lp_coverage *cv = &c->sum.cov;
	if (!cv->stopped_by) {
		cv->stopped_by = lp_interrupt_name();
		cv->phase = p2_started ? 2 : 1;
	}
	if (p2_ex) {
		lp_run_dfs_end(c, p2_ex, true);
		pruned_counts(c, p2_ex);
	}
	struct lp_violation *v = c->sum.violation;
	if (v && !v->root_causes && !c->o->no_root_cause) {
		struct lp_buf b = {0};
		lp_buf_printf(&b, "root causes: search stopped: interrupted by %s\n",
			      lp_interrupt_name());
		v->root_causes = lp_buf_take(&b);
	}
	if (v)
		report_violation(c);
	else
		lp_phases_finish_ok(c);
	exit(lp_interrupt_exit_status(LP_EXIT_OK));
}

static int violation(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e,
		     const char *kind, const char *checker_text)
{
	struct lp_violation *v = lp_xcalloc(1, sizeof *v);
	struct lp_buf r = {0};
	v->kind = kind;
	v->history = lp_xstrdup(e->history ? e->history : "");
	v->schedule = lp_xstrdup(e->sched);
	v->replay = lp_replay_command(c->argv0, c->o, e->sched);
	/* A violation is a proof only against complete observations: say when they are not. */
	report_cautions(c, &r);
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
	c->sum.violation = v;
	c->sum.verdict = LP_RUN_VIOLATION;
	/* The report is out before the root-cause search starts: it can take a while, and the
	 * report alone already proves the violation. */
	print_violation_head(c);
	lp_interrupt_on_stop(end_interrupted, c); /* held since the violation was found */
	/* With the fork server and the checker still up; never changes the verdict. */
	if (!c->o->no_root_cause && s->phase == LP_PHASE_CONCURRENT) {
		double t0 = lp_clock_now();
		/* its default budget is the time the check took (both phases, as the user saw) */
		double first = p1_started && (!p2_started || p1_started < p2_started) ? p1_started
										      : p2_started;
		/* The serial executions its checks ask for (lazy phase 1's path) are the
		 * analysis's: phase 1's figures stay those of the phases. */
		uint64_t p1_execs = c->sum.p1_executions, p1_hist = c->sum.p1_histories;
		double p1_lazy = c->p1_lazy_seconds;
		lp_root_causes(c, e, first ? t0 - first : 0, v);
		c->sum.root_cause_executions += c->sum.p1_executions - p1_execs;
		c->sum.p1_executions = p1_execs;
		c->sum.p1_histories = p1_hist;
		c->p1_lazy_seconds = p1_lazy;
		c->sum.root_cause_seconds = lp_clock_now() - t0;
	}
	report_violation(c);
	return LP_EXIT_VIOLATION;
}

/* Returns LP_EXIT_OK, or LP_EXIT_NONDETERMINISTIC after reporting it (the run ends). */
struct derive_ctx {
	struct lp_ctx *c;
	bool broken;
};

/* A history derived by swapping identical threads: an observation like a run one. A
 * disagreement with the others means the threads are not interchangeable after all. */
static void send_derived(const char *history, void *arg)
{
	struct derive_ctx *d = arg;
	char *text = NULL;
	if (d->broken)
		return;
	enum lp_check_reply r = lp_checker_pipe_send(&d->c->ck, history, &text);
	if (r == LP_CHECK_OK && new_history(d->c, history)) {
		d->c->sum.p1_histories++;
		d->c->sum.p1_derived++;
		lp_keyset_add(&d->c->call_keys, lp_calls_key(history));
	} else if (r == LP_CHECK_NONDETERMINISTIC)
		d->broken = true;
	else if (r == LP_CHECK_ERROR)
		lp_die(LP_EXIT_USAGE, "lineup-checker rejected a history derived by symmetry: %s",
		       text);
	free(text);
}

/* The identical threads of phase 1's first execution, for the explorer and the summary;
 * and the probe: that execution with the first two members of a group started the other
 * way round, run at the end for real, whose history the derived ones must already hold
 * (a library whose results depend on the thread is caught there). */
static void find_symmetry(struct lp_ctx *c, struct lp_explore *ex, const char *history,
			  const struct lp_exec_log *log)
{
	c->n_sym = history ? lp_symmetry_groups(history, c->sym, 64) : 0;
	c->sym_probe = (struct lp_override){0};
	if (!c->n_sym)
		return;
	for (size_t k = 0; k < log->n_decisions && !c->sym_probe.tid; k++) {
		const struct lp_explore_decision *d = &log->decisions[k];
		for (size_t i = 0; i + 1 < c->n_sym && d->point == LP_PT_OP_START; i++)
			if (c->sym[i].tid == d->chosen && c->sym[i + 1].group == c->sym[i].group)
				for (uint32_t j = 0; j < d->n_candidates; j++)
					if (d->candidates[j] == c->sym[i + 1].tid)
						c->sym_probe = (struct lp_override){
						    .step = d->step, .tid = c->sym[i + 1].tid};
	}
	lp_explore_set_symmetry(ex, c->sym, c->n_sym);
	struct lp_buf b = {0};
	for (size_t i = 0; i < c->n_sym; i++) {
		char tid[LP_TID_STRLEN];
		lp_buf_printf(&b, "%s%s%s",
			      i ? (c->sym[i].group == c->sym[i - 1].group ? ", " : "; ") : "",
			      lp_tid_format(c->sym[i].tid, tid), "");
	}
	free(c->sum.p1_symmetry);
	c->sum.p1_symmetry = lp_buf_take(&b);
}

static int phase1(struct lp_ctx *c, bool replay);

/* --phase1: eager, or lazy (the checker asks for serial executions, lazy-run.h) when
 * asked for or when the first execution's operations have too many orders to run first.
 * Branching at every switch point (-f, a confirmation) is eager's alone. */
static void choose_mode(struct lp_ctx *c, const char *history, const struct lp_exec_log *log)
{
	size_t starts = 0; /* operations started after the fork point: a decision each */
	for (size_t i = 0; i < log->n_decisions; i++)
		starts += log->decisions[i].point == LP_PT_OP_START;
	c->sum.p1_orders =
	    history ? lp_lazy_orders(history, log->n_calls > starts ? log->n_calls - starts : 0)
		    : 0;
	c->sum.p1_mode = "eager";
	bool lazy = c->o->phase1 == LP_P1_LAZY ||
		    (c->o->phase1 == LP_P1_AUTO && c->sum.p1_orders > LP_P1_EAGER_MAX);
	if (!history || !lazy || (c->sv.run_flags & LP_RUN_SERIAL_SWITCHES) || c->o->observations)
		return;
	c->sum.p1_mode = "lazy";
	c->sum.p1_auto = c->o->phase1 == LP_P1_AUTO;
	c->lazy = true;
	lp_checker_pipe_finish(&c->ck);
	lp_lazy_attach(c);
	lp_checker_pipe_start(&c->ck, c->o);
}

/* Phase 1 again from scratch: a new checker, every serial order run (no symmetry). */
static int rerun_phase1(struct lp_ctx *c)
{
	lp_checker_pipe_finish(&c->ck);
	if (c->lazy) { /* phase 1 decides again (branching at every switch point: eager) */
		c->lazy = c->ck.lazy = false;
		c->ck.ask = NULL;
	}
	lp_checker_pipe_start(&c->ck, c->o);
	c->sum.p1_executions = c->sum.p1_histories = c->sum.p1_derived = 0;
	c->sum.p1_symmetric = 0;
	c->sum.p1_workers = 0;
	c->sum.p1_speculated = 0;
	c->p1_livelocks = 0;
	c->no_symmetry = true;
	c->n_sym = 0;
	lp_keyset_clear(&c->histories);
	lp_keyset_clear(&c->call_keys);
	double p2_was = p2_started;
	p2_started = 0;
	int rc = phase1(c, true);
	p2_started = p2_was;
	c->p1_reran = true;
	return rc;
}

void lp_phases_refresh(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e)
{
	if (!c->p1_reran)
		return;
	c->p1_reran = false;
	struct lp_schedule copy = *s;
	copy.ov = lp_xcalloc(s->n + 1, sizeof *copy.ov);
	memcpy(copy.ov, s->ov, s->n * sizeof *copy.ov);
	exec_clear(e);
	execute(c, &copy, e, false);
	free(copy.ov);
}

/* A serial execution that ran ahead of its turn: its children can run ahead too. */
static void expand_ahead(void *arg, struct lp_explore *ex, uint64_t id, unsigned iteration,
			 const struct lp_exec_result *res)
{
	struct lp_ctx *c = arg;
	struct lp_exec_log log;
	char err[64];
	if (res->fatal || res->outcome == LP_OUT_DIVERGED || res->outcome == LP_OUT_FATAL ||
	    res->outcome == LP_OUT_LIMIT || /* the run ends at its turn */
	    lp_shmlog_parse(res->log, res->log_len, c->plan, &log, err, sizeof err))
		return;
	lp_explore_expand(ex, id, iteration, log.decisions, log.n_decisions);
	lp_shmlog_clear(&log);
}

/* Phase 1's explorer and its workers (spec-run.h), freed together; what the workers ran
 * ahead goes into the summary. */
static void phase1_free(struct lp_ctx *c, struct lp_explore *ex, struct lp_spec *sp)
{
	if (sp) {
		c->sum.p1_workers = lp_server_workers(&c->sv);
		c->sum.p1_speculated = lp_spec_used(sp);
	}
	lp_spec_free(sp);
	lp_explore_free(ex);
}

static int phase1(struct lp_ctx *c, bool replay)
{
	struct lp_explore *ex = lp_explore_new(LP_PHASE_SERIAL, -1);
	struct lp_spec *sp = NULL;
	const struct lp_schedule *s;
	p1_started = lp_clock_now();
	bool first = true;
	while ((s = lp_explore_next(ex))) {
		if (!replay && lp_run_should_stop(c, 1)) {
			phase1_free(c, ex, sp);
			return LP_EXIT_OK; /* incomplete observations: no phase 2, no checks on them
					    */
		}
		struct lp_exec e;
		execute_on(c, sp, s, &e, false);
		if (first)
			choose_mode(c, e.history, &e.log);
		/* -f leaves target calls in the client's code: its order matters, no symmetry */
		if (first && !c->lazy && !c->no_symmetry &&
		    !(c->sv.run_flags & LP_RUN_SERIAL_SWITCHES))
			find_symmetry(c, ex, e.history, &e.log);
		/* The serial orders run ahead on the workers while this one is checked, once
		 * the first has said which orders symmetry leaves out. Not in a rerun: phase
		 * 2's workers may be running (lp_phases_confirm), and slot 0 is phase 1's. */
		if (first && !replay && !c->lazy && lp_server_parallel(&c->sv) > 1) {
			sp = lp_spec_new(&c->sv, ex, c->o->max_steps);
			lp_spec_set_expand(sp, expand_ahead, c);
		}
		first = false;
		lp_explore_done(ex, e.log.decisions, e.log.n_decisions);
		c->sum.p1_executions++;
		if (e.res.outcome == LP_OUT_LIVELOCK)
			c->p1_livelocks++;
		char *text;
		enum lp_check_reply r = lp_checker_pipe_send(&c->ck, e.history, &text);
		if (r == LP_CHECK_OK)
			lp_phases_count_serial(c, e.history);
		if (c->n_sym && r == LP_CHECK_OK) {
			struct derive_ctx d = {.c = c};
			if (!lp_symmetry_consistent(e.history, c->sym, c->n_sym))
				d.broken = true;
			else
				lp_symmetry_relabel(e.history, c->sym, c->n_sym, send_derived, &d);
			c->sym_broken = d.broken;
		}
		if (c->n_sym && (r == LP_CHECK_NONDETERMINISTIC || c->sym_broken)) {
			/* derived observations disagree with a run: not interchangeable */
			free(text);
			exec_clear(&e);
			phase1_free(c, ex, sp);
			c->sym_broken = false;
			lp_summary_warn(&c->sum, "threads that made the same calls did not behave "
						 "alike (different calls or results when swapped): "
						 "phase 1 ran every serial order instead");
			return rerun_phase1(c);
		}
		if (r == LP_CHECK_NONDETERMINISTIC) {
			phase1_free(c, ex, sp); /* before the report stops the fork server */
			int rc = lp_phases_nondeterministic(c, text);
			free(text);
			exec_clear(&e);
			return rc;
		}
		if (r == LP_CHECK_ERROR)
			lp_die(LP_EXIT_USAGE,
			       "lineup-checker rejected the history of schedule %s: %s", e.sched,
			       text);
		free(text);
		exec_clear(&e);
		lp_progress_update(LP_PROGRESS_SERIAL, c->sum.p1_executions, c->sum.p1_histories,
				   0);
		if (c->lazy)
			break; /* the rest when phase 2's checks ask for it */
	}
	phase1_free(c, NULL, sp);	    /* slot 0 runs what follows */
	if (c->n_sym && c->sym_probe.tid) { /* the swapped start, for real */
		struct lp_schedule probe = {.phase = LP_PHASE_SERIAL, .n = 1, .ov = &c->sym_probe};
		struct lp_exec e;
		execute(c, &probe, &e, false);
		c->sum.p1_executions++;
		char *text = NULL;
		enum lp_check_reply r = lp_checker_pipe_send(&c->ck, e.history, &text);
		free(text);
		bool alike =
		    r == LP_CHECK_OK && lp_symmetry_consistent(e.history, c->sym, c->n_sym);
		exec_clear(&e);
		if (!alike) {
			lp_explore_free(ex);
			lp_summary_warn(&c->sum, "threads that made the same calls did not behave "
						 "alike (different calls or results when swapped): "
						 "phase 1 ran every serial order instead");
			return rerun_phase1(c);
		}
	}
	c->sum.p1_seconds = lp_clock_now() - p1_started;
	c->sum.p1_symmetric = lp_explore_symmetric(ex);
	c->p1_dropped = lp_explore_dropped(ex);
	if (c->p1_dropped)
		lp_summary_warn(&c->sum,
				"phase 1 skipped serial schedules needing more than " LP_STR(
				    LP_MAX_OVERRIDES) " overrides: observations may be incomplete");
	if (c->p1_livelocks)
		lp_summary_warn(&c->sum, "phase 1 recorded serial executions cut at --max-steps as "
					 "stuck: if an operation needs more steps, "
					 "the observations are wrong, so a violation may be a "
					 "false alarm and a stuck history may pass "
					 "that should not; rerun with a larger --max-steps");
	lp_explore_free(ex);
	lp_sites_summary_warn(&c->sites, &c->sum);
	for (int i = 0; i < c->plan->n_targets; i++)
		if (i < 32 && !(c->loaded & (1u << i)))
			lp_die(LP_EXIT_USAGE,
			       "target '%s' was never loaded by the client: name a library the "
			       "client links or dlopens (--target)",
			       c->plan->targets[i].name);
	if (!c->calls)
		lp_die(LP_EXIT_USAGE,
		       "client called no function of '%s' in phase 1: check --target and "
		       "--function, and that the client's threads call the library",
		       c->plan->n_targets ? c->plan->targets[0].name : "the target");
	return LP_EXIT_OK;
}

static void pruned_counts(struct lp_ctx *c, const struct lp_explore *ex)
{
	for (unsigned b = 0; b < LP_MAX_BOUND_SLOTS; b++)
		c->sum.p2_pruned[b] = lp_explore_pruned(ex, b);
}

/* The workers of phase 2 (--jobs): NULL for one. */
static struct lp_spec *start_workers(struct lp_ctx *c, struct lp_explore *ex)
{
	unsigned par = lp_server_parallel(&c->sv);
	c->sum.p2_workers = lp_server_workers(&c->sv);
	if (c->sv.slots > 1 && par == 1)
		c->sum.p2_serial = c->sv.single
				       ? "the client is re-executed for every execution"
				       : "the client has files open that every execution rewinds";
	return par > 1 ? lp_spec_new(&c->sv, ex, c->o->max_steps) : NULL;
}

/* Ends the speculative executions (before anything else runs executions or reports). */
static void stop_workers(struct lp_ctx *c, struct lp_spec *sp)
{
	if (!sp)
		return;
	lp_spec_stop(sp);
	c->sum.p2_speculated = lp_spec_used(sp);
	c->sum.p2_wasted = lp_spec_wasted(sp);
}

/* Why phase 2 must run again with calls and returns ordered (PHASE2_AGAIN). */
#define PHASE2_AGAIN (-1)

/* Sends the histories of e's trace (all of them when calls and returns commute, else e's
 * own) until one is not ok; *vi is that one's index in th (0 without th). */
static enum lp_check_reply check_histories(struct lp_ctx *c, struct lp_exec *e,
					   const struct lp_trace_histories *th, size_t *vi,
					   char **text)
{
	enum lp_check_reply r = LP_CHECK_OK;
	*vi = 0;
	*text = NULL;
	if (!th) {
		c->sum.p2_histories++;
		return lp_checker_pipe_send(&c->ck, e->history, text);
	}
	for (size_t i = 0; i < th->n; i++) {
		free(*text);
		*text = NULL;
		c->sum.p2_histories++;
		r = lp_checker_pipe_send(&c->ck, th->text[i], text);
		*vi = i;
		if (r != LP_CHECK_OK)
			break;
	}
	return r;
}

/* A violation in a history of e's trace other than e's own: its schedule is run, and when
 * it shows exactly that history, its execution replaces e and *s2 is its schedule (fewest
 * overrides). Returns 0, or -1 with a reason in why when it does not: the verdict rests on
 * steps taken as independent that were not. */
static int run_trace_history(struct lp_ctx *c, const struct lp_trace_histories *th, size_t vi,
			     enum lp_reduction mode, struct lp_exec *e, struct lp_schedule *s2,
			     char *why, size_t whysize)
{
	struct lp_schedule full;
	if (lp_trace_schedule(th, vi, mode, &full))
		return lp_errf(why, whysize,
			       "a history of an execution's trace needs more than %d overrides",
			       LP_MAX_OVERRIDES);
	struct lp_exec e2;
	c->confirming = true;
	execute(c, &full, &e2, false);
	c->confirming = false;
	lp_schedule_clear(&full);
	if (e2.diverged || e2.crashed || !e2.history ||
	    !lp_history_same_events(e2.history, th->text[vi])) {
		exec_clear(&e2);
		return lp_errf(why, whysize,
			       "the schedule of a history of an execution's trace showed another "
			       "history: steps taken as independent were not");
	}
	if (lp_strategy_derive(LP_PHASE_CONCURRENT, e2.log.decisions, e2.log.n_decisions, s2)) {
		exec_clear(&e2);
		return lp_errf(why, whysize,
			       "a history of an execution's trace needs more than %d overrides",
			       LP_MAX_OVERRIDES);
	}
	free(e2.sched);
	e2.sched = lp_schedule_format(s2);
	exec_clear(e);
	*e = e2;
	return 0;
}

/* The bounded search. With calls and returns commuting (commute), an execution stands for
 * its trace (scheduler/history-orders.h); PHASE2_AGAIN, with the reason in why, when some
 * trace cannot be checked that way. */
static int phase2_search(struct lp_ctx *c, bool commute, char *why, size_t whysize)
{
	struct lp_explore *ex = lp_explore_new(LP_PHASE_CONCURRENT, c->sum.bound);
	const struct lp_schedule *s;
	bool stopped = false;
	enum lp_reduction mode = c->o->reduction | (commute ? LP_REDUCE_CALLS_COMMUTE : 0);
	lp_explore_set_reduction(ex, mode);
	c->sum.p2_commute = commute;
	struct lp_spec *sp = start_workers(c, ex);
	int rc = LP_EXIT_OK;
	p2_ex = ex;
	while ((s = lp_explore_next(ex))) {
		if ((stopped = lp_run_dfs_should_stop(c, ex, s)))
			break;
		struct lp_exec e;
		execute_on(c, sp, s, &e, false);
		lp_explore_done(ex, e.log.decisions, e.log.n_decisions);
		c->sum.p2_executions++;
		if ((int)s->cost > c->sum.p2_max_cost)
			c->sum.p2_max_cost = (int)s->cost;
		if (s->cost < LP_MAX_BOUND_SLOTS)
			c->sum.p2_per_bound[s->cost]++;
		if (e.crashed) {
			if (WIFSIGNALED(e.res.status)) {
				pruned_counts(c, ex);
				stop_workers(c, sp);
				rc = violation(c, s, &e, "crash", NULL);
				exec_clear(&e);
				break;
			}
			lp_die(LP_EXIT_USAGE,
			       "client exited under schedule %s before every thread finished (exit "
			       "status %d): %s",
			       e.sched, WIFEXITED(e.res.status) ? WEXITSTATUS(e.res.status) : -1,
			       first_error(&e));
		}
		struct lp_trace_histories th;
		if (commute && lp_trace_histories(e.history, e.res.log, e.res.log_len, &e.log, mode,
						  &th, why, whysize)) {
			exec_clear(&e);
			rc = PHASE2_AGAIN;
			break;
		}
		char *text;
		size_t vi;
		uint64_t serial_runs = c->sum.p1_executions + c->sum.confirm_executions;
		enum lp_check_reply r = check_histories(c, &e, commute ? &th : NULL, &vi, &text);
		const char *checked = commute ? th.text[vi] : e.history;
		int crc = lp_phases_confirm(c, checked, &r, &text);
		if (crc == LP_EXIT_OK && r == LP_CHECK_NONDETERMINISTIC) /* lazy phase 1 */
			crc = lp_phases_nondeterministic(c, text);
		if (crc != LP_EXIT_OK) {
			free(text);
			if (commute)
				lp_trace_histories_clear(&th);
			exec_clear(&e);
			rc = crc;
			break;
		}
		if (r == LP_CHECK_VIOLATION) {
			/* found: reported even if a signal comes before its report is ready */
			lp_interrupt_on_stop(NULL, NULL);
			pruned_counts(c, ex);
			stop_workers(c, sp);
			lp_phases_refresh(c, s, &e);
			struct lp_schedule s2 = {0};
			const struct lp_schedule *vs = s;
			if (commute && !th.own[vi]) {
				if (run_trace_history(c, &th, vi, mode, &e, &s2, why, whysize)) {
					lp_interrupt_on_stop(end_interrupted, c);
					free(text);
					lp_trace_histories_clear(&th);
					exec_clear(&e);
					rc = PHASE2_AGAIN;
					break;
				}
				vs = &s2;
				c->sum.p2_trace_runs++;
			}
			rc = violation(c, vs, &e, e.stuck ? "stuck" : "non-linearizable", text);
			lp_schedule_clear(&s2);
			free(text);
			if (commute)
				lp_trace_histories_clear(&th);
			exec_clear(&e);
			break;
		}
		if (r != LP_CHECK_OK)
			lp_die(LP_EXIT_USAGE,
			       "lineup-checker rejected the history of schedule %s: %s", e.sched,
			       text ? text : "");
		free(text);
		if (commute)
			lp_trace_histories_clear(&th);
		c->sum.p2_checked++;
		/* golden and lazy serial runs overwrite the log */
		if (!c->o->no_root_cause && !c->o->spec_from &&
		    serial_runs == c->sum.p1_executions + c->sum.confirm_executions)
			lp_rc_sample_add(&c->rc_sample, &e.log);
		exec_clear(&e);
		pruned_counts(c, ex);
		lp_progress_update(LP_PROGRESS_BOUNDED, c->sum.p2_executions, 0, (int)s->cost);
	}
	p2_ex = NULL;
	stop_workers(c, sp);
	if (rc == LP_EXIT_OK) {
		lp_run_dfs_end(c, ex, stopped);
		if (lp_explore_dropped(ex))
			lp_summary_warn(&c->sum,
					"phase 2 skipped schedules needing more than " LP_STR(
					    LP_MAX_OVERRIDES) " overrides");
	}
	lp_spec_free(sp);
	lp_explore_free(ex);
	return rc;
}

/* Phase 2: with a reduction, calls and returns commute first; should a trace not be
 * checkable that way, the search runs again from the start with them ordered (every
 * real-time order a schedule within the bound shows is then run), and the summary says so. */
static int phase2(struct lp_ctx *c)
{
	p2_started = lp_clock_now();
	c->sum.reduction = c->o->reduction == LP_REDUCE_OFF	? "off"
			   : c->o->reduction == LP_REDUCE_SLEEP ? "sleep"
								: "race-free";
	char why[256] = "";
	bool commute = c->o->reduction != LP_REDUCE_OFF;
	int rc = phase2_search(c, commute, why, sizeof why);
	if (rc != PHASE2_AGAIN)
		return rc;
	char msg[512];
	snprintf(msg, sizeof msg,
		 "phase 2 ran again with calls and returns ordered after %llu executions: %s",
		 (unsigned long long)c->sum.p2_executions, why);
	lp_summary_warn(&c->sum, msg);
	c->sum.p2_executions = c->sum.p2_histories = 0;
	c->sum.p2_max_cost = -1;
	memset(c->sum.p2_per_bound, 0, sizeof c->sum.p2_per_bound);
	memset(c->sum.p2_pruned, 0, sizeof c->sum.p2_pruned);
	rc = phase2_search(c, false, why, sizeof why);
	return rc == PHASE2_AGAIN ? LP_EXIT_USAGE : rc;
}

/* The last step before a violation is claimed: the checker has the serial executions that
 * refute the history run again (checker/confirm.c). A component whose results vary from run
 * to run shows it there, whatever phase 1's mode, and is reported as nondeterministic:
 * a violation is only claimed on observations that reproduced. */
static int confirm_reproduced(struct lp_ctx *c, const char *history, enum lp_check_reply *r,
			      char **text)
{
	lp_lazy_serve(c);
	struct lp_buf req = {0};
	lp_buf_printf(&req, "confirm\n%s", history);
	free(*text);
	*text = NULL;
	/* Its runs are the confirmation's: phase 1's figures stay those of phase 1. */
	uint64_t p1_execs = c->sum.p1_executions, p1_hist = c->sum.p1_histories;
	double p1_lazy = c->p1_lazy_seconds;
	*r = lp_checker_pipe_send(&c->ck, lp_buf_str(&req), text);
	c->sum.confirm_executions += c->sum.p1_executions - p1_execs;
	c->sum.p1_executions = p1_execs;
	c->sum.p1_histories = p1_hist;
	c->p1_lazy_seconds = p1_lazy;
	lp_buf_free(&req);
	if (*r == LP_CHECK_NONDETERMINISTIC)
		return lp_phases_nondeterministic(c, *text);
	return LP_EXIT_OK;
}

/* The observations a violation was found against are the right ones: symmetry, lazy
 * phase 1 and -f each have their way to check (lp_phases_confirm's first steps). */
static int confirm_observations(struct lp_ctx *c, const char *history, enum lp_check_reply *r,
				char **text);

int lp_phases_confirm(struct lp_ctx *c, const char *history, enum lp_check_reply *r, char **text)
{
	if (*r != LP_CHECK_VIOLATION || c->o->spec_from) /* the model is the specification */
		return LP_EXIT_OK;
	int rc = confirm_observations(c, history, r, text);
	if (rc != LP_EXIT_OK || *r != LP_CHECK_VIOLATION)
		return rc;
	return confirm_reproduced(c, history, r, text);
}

static int confirm_observations(struct lp_ctx *c, const char *history, enum lp_check_reply *r,
				char **text)
{
	/* Observations derived by symmetry assume the identical threads are interchangeable:
	 * a violation against them is confirmed against every serial order run. */
	if (c->sum.p1_derived) {
		char *sym = c->sum.p1_symmetry;
		c->sum.p1_symmetry = NULL;
		int rc = rerun_phase1(c);
		if (rc != LP_EXIT_OK) {
			free(sym);
			return rc;
		}
		free(*text);
		*text = NULL;
		*r = lp_checker_pipe_send(&c->ck, history, text);
		if (*r == LP_CHECK_OK)
			lp_summary_warn(&c->sum,
					"a history failed against serial histories derived "
					"by swapping identical threads and passed against "
					"every serial order run: the threads are not "
					"interchangeable, so phase 1 now runs every order");
		free(sym);
		if (*r != LP_CHECK_VIOLATION)
			return LP_EXIT_OK;
	}
	if (c->sv.run_flags & LP_RUN_SERIAL_SWITCHES)
		return LP_EXIT_OK;
	/* Lazy: the serial execution starting the operations in the order of their calls, run
	 * now, is the likeliest to make the same calls (a library whose results vary from run
	 * to run may show it here already; confirm_reproduced checks every refuting run). */
	if (c->lazy) {
		char *order = lp_lazy_call_order(history);
		char *serial = lp_lazy_run(c, order);
		free(order);
		if (serial) {
			free(*text);
			*text = NULL;
			*r = lp_checker_pipe_send(&c->ck, serial, text);
			free(serial);
			if (*r != LP_CHECK_OK)
				return *r == LP_CHECK_NONDETERMINISTIC
					   ? lp_phases_nondeterministic(c, *text)
					   : LP_EXIT_OK;
			free(*text);
			*text = NULL;
			*r = lp_checker_pipe_send(&c->ck, history, text);
			if (*r != LP_CHECK_VIOLATION)
				return LP_EXIT_OK;
		}
	}
	/* Some serial execution made exactly these calls, thread by thread: the client's own
	 * code chose the same calls in both, so the observations do cover them. */
	if (lp_keyset_has(&c->call_keys, lp_calls_key(history)))
		return LP_EXIT_OK;
	/* Fresh observations: a new checker, phase 1 again branching at every switch point. */
	c->sv.run_flags |= LP_RUN_SERIAL_SWITCHES;
	int rc = rerun_phase1(c);
	c->sum.p1_mode = "eager, every switch point";
	if (rc != LP_EXIT_OK)
		return rc;
	free(*text);
	*text = NULL;
	*r = lp_checker_pipe_send(&c->ck, history, text);
	if (*r == LP_CHECK_OK)
		lp_summary_warn(&c->sum, "a history failed against the serial orders of the "
					 "operations alone and passed once phase 1 "
					 "also ordered the client's own code between operations: "
					 "the client's threads interact outside the "
					 "library, so phase 1 now branches at every switch point");
	return LP_EXIT_OK;
}

int lp_phases_finish_ok(struct lp_ctx *c)
{
	lp_server_stop(&c->sv);
	lp_checker_pipe_finish(&c->ck);
	c->sum.verdict = c->sum.p2_checked ? LP_RUN_OK : LP_RUN_UNCHECKED;
	finish_output(c);
	return LP_EXIT_OK;
}

int lp_phases_run(struct lp_ctx *c)
{
	lp_run_begin(c);
	lp_interrupt_on_stop(end_interrupted, c);
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
	int rc = c->o->spec_from ? LP_EXIT_OK : phase1(c, false);
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
		rc = phase2(c);
	if (rc != LP_EXIT_OK)
		return rc;
	/* The rest of a budget goes to PCT, aiming one preemption deeper than the search. */
	if (c->o->strategy != LP_STRATEGY_DFS)
		rc = lp_phase_sample(c, c->o->strategy, c->o->pct_depth, c->o->samples);
	else if (c->deadline > 0 && !c->sum.cov.stopped_by && lp_run_time_left(c) > 0 &&
		 !(c->sum.bound < 0 &&
		   !c->p2_declined)) { /* an unbounded search that ended ran every schedule */
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

/* Writes text as lineup-history(5) comment lines, so the replay's stdout stays a history. */
static void put_comment(const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) : strlen(text);
		printf("#%s%.*s\n", n ? " " : "", (int)n, text);
		text += n + (nl ? 1 : 0);
	}
}

/* SIGINT or SIGTERM during a replay: nothing to show but that it was not judged. */
static void end_replay_interrupted(void *arg)
{
	(void)arg;
	lp_cleanup_now();
	lp_cleanup_wait(500);
	lp_progress_clear();
	printf("# verdict: nothing checked: %s ended the replay before its history was judged\n",
	       lp_interrupt_name());
	fflush(stdout);
	exit(lp_interrupt_exit_status(LP_EXIT_OK));
}

/* A concurrent schedule that completes is judged against the observations of phase 1,
 * run after it in the same fork server (every execution forks from the same state, so the
 * order changes nothing). A crash needs no judging. */
int lp_replay_run(struct lp_ctx *c)
{
	struct lp_schedule s;
	char err[256];
	if (lp_schedule_parse(c->o->replay, &s, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "%s", err);
	lp_interrupt_install();
	lp_interrupt_on_stop(end_replay_interrupted, NULL);
	lp_server_start(&c->sv);
	struct lp_exec e;
	execute(c, &s, &e, true);
	/* Symbolized in the fork server: before stopping it. */
	char *livelock = e.res.outcome == LP_OUT_LIVELOCK ? lp_report_livelock(c, &e.log) : NULL;
	char *trace = c->o->verbose ? lp_report_trace(c, &e.log) : NULL;
	struct lp_crash_info *ci = lp_report_crash(c, &e.log, e.res.log, e.res.log_len);
	char *crash = ci ? lp_crash_text(ci) : NULL;
	lp_crash_info_free(ci);
	bool judge = s.phase == LP_PHASE_CONCURRENT && !e.crashed;
	char *text = NULL;
	enum lp_check_reply r = LP_CHECK_OK;
	if (judge) { /* with the fork server still up: confirming a violation may run phase 1 again
		      */
		if (c->o->spec_from)
			lp_golden_attach(c); /* and no phase 1: the log is still this execution's */
		lp_checker_pipe_start(&c->ck, c->o);
		if (!c->o->spec_from &&
		    phase1(c, true) != LP_EXIT_OK) /* reported, and the fork server stopped */
			return LP_EXIT_NONDETERMINISTIC;
		r = lp_checker_pipe_send(&c->ck, e.history, &text);
		if (r == LP_CHECK_ERROR)
			lp_die(LP_EXIT_USAGE,
			       "lineup-checker rejected the history of schedule %s: %s", e.sched,
			       text ? text : "");
		if (lp_phases_confirm(c, e.history, &r, &text) != LP_EXIT_OK)
			return LP_EXIT_NONDETERMINISTIC;
		if (r == LP_CHECK_NONDETERMINISTIC) /* a lazy serial run disagreed */
			return lp_phases_nondeterministic(c, text);
	}
	lp_interrupt_on_stop(NULL, NULL); /* judged: the rest is printing */
	lp_server_stop(&c->sv);
	for (size_t i = 0; i < c->sum.n_warnings; i++)
		fprintf(stderr, "lineup-preload: warning: %s\n", c->sum.warnings[i]);
	if (trace)
		fprintf(stderr, "scheduling points of schedule %s:\n%s", e.sched, trace);
	free(trace);
	fputs(e.history, stdout);
	int rc = LP_EXIT_OK;
	if (e.crashed) {
		fflush(stdout);
		if (WIFSIGNALED(e.res.status))
			fprintf(
			    stderr, "lineup-preload: client crashed with %s under schedule %s\n%s",
			    lp_signal_name(WTERMSIG(e.res.status)), e.sched, crash ? crash : "");
		else
			fprintf(stderr,
				"lineup-preload: client exited with status %d under schedule %s "
				"before every thread finished\n",
				WIFEXITED(e.res.status) ? WEXITSTATUS(e.res.status) : -1, e.sched);
		rc = LP_EXIT_VIOLATION;
	} else if (judge) {
		if (livelock)
			put_comment(livelock);
		if (r == LP_CHECK_VIOLATION) {
			struct lp_buf cautions = {0};
			report_cautions(c, &cautions);
			put_comment(cautions.s ? cautions.s : "");
			lp_buf_free(&cautions);
			put_comment(text ? text : "");
			rc = LP_EXIT_VIOLATION;
		}
		printf("# verdict: %s\n",
		       rc == LP_EXIT_OK ? "this history has a serial witness" : "violation");
	} else if (livelock) {
		put_comment(livelock);
	}
	fflush(stdout);
	if (judge)
		lp_checker_pipe_finish(&c->ck);
	free(livelock);
	free(crash);
	free(text);
	exec_clear(&e);
	lp_schedule_clear(&s);
	return rc;
}

/* For the loops outside this file (phases-exec.h). */
void lp_phases_execute(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e)
{
	execute(c, s, e, false);
}

int lp_phases_violation(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e,
			const char *kind, const char *checker_text)
{
	return violation(c, s, e, kind, checker_text);
}

void lp_phases_exec_clear(struct lp_exec *e) { exec_clear(e); }
