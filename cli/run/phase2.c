/* cli/run/phase2.c — phase 2: the bounded search over concurrent schedules, each
 * execution's histories checked (a trace's when calls and returns commute). */
#include "phases-internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "cli/report/progress.h"
#include "cli/run/budget-run.h"
#include "cli/run/interrupt.h"
#include "cli/run/por-dump.h"
#include "cli/run/root-cause-run.h"
#include "cli/run/run-ahead.h"
#include "cli/run/trace-check.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "lineup/stringify.h"
#include "scheduler/explore-stats.h"
#include "scheduler/strategy.h"
#include "lineup/clock.h"

void lp_phase2_pruned_counts(struct lp_ctx *c, const struct lp_explore *ex)
{
	const struct lp_explore_stats *st = lp_explore_stats(ex);
	c->sum.p2_asleep = c->sum.p2_covered = 0;
	for (unsigned b = 0; b < LP_MAX_BOUND_SLOTS; b++) {
		c->sum.p2_pruned[b] = lp_explore_pruned(ex, b);
		c->sum.p2_traces[b] = lp_explore_stats_new_traces(st, b);
		c->sum.p2_asleep += lp_explore_stats_ended(st, b, LP_WALK_ASLEEP);
		c->sum.p2_covered += lp_explore_stats_ended(st, b, LP_WALK_COVERED);
	}
}

/* The workers of phase 2 (--jobs): NULL for one. */
static struct lp_run_ahead *start_workers(struct lp_ctx *c, struct lp_explore *ex)
{
	if (lp_explore_lists_held(ex)) /* the executions list the locks held */
		c->sv.run_flags |= LP_RUN_HELD;
	unsigned par = lp_server_parallel(&c->sv);
	c->sum.p2_workers = lp_server_workers(&c->sv);
	if (c->sv.slots > 1 && par == 1)
		c->sum.p2_serial = c->sv.single
				       ? "the client is re-executed for every execution"
				       : "the client has files open that every execution rewinds";
	return par > 1 ? lp_run_ahead_new(&c->sv, ex, c->o->max_steps) : NULL;
}

/* Execution e of schedule s, run: the explorer learns its log, the dump and the counts
 * take it, and once the explorer can no longer use the locks held, the executions stop
 * listing them (each read is a system call). */
static void explored(struct lp_ctx *c, struct lp_explore *ex, struct lp_run_ahead *ra,
		     const struct lp_schedule *s, const struct lp_exec *e)
{
	lp_explore_done(ex, e->log.decisions, e->log.n_decisions);
	lp_por_dump(ex, s, e->log.decisions, e->log.n_decisions);
	if ((c->sv.run_flags & LP_RUN_HELD) && !lp_explore_lists_held(ex)) {
		c->sv.run_flags &= ~LP_RUN_HELD;
		if (ra)
			lp_run_ahead_clear_flags(ra, LP_RUN_HELD);
	}
	c->sum.p2_executions++;
	if ((int)s->cost > c->sum.p2_max_cost)
		c->sum.p2_max_cost = (int)s->cost;
	if (s->cost < LP_MAX_BOUND_SLOTS)
		c->sum.p2_per_bound[s->cost]++;
}

/* Ends the speculative executions (before anything else runs executions or reports). */
static void stop_workers(struct lp_ctx *c, struct lp_run_ahead *ra)
{
	if (!ra)
		return;
	lp_run_ahead_stop(ra);
	c->sum.p2_speculated = lp_run_ahead_used(ra);
	c->sum.p2_wasted = lp_run_ahead_wasted(ra);
}

/* Why phase 2 must run again with calls and returns ordered (PHASE2_AGAIN), or from the
 * start without symmetry (PHASE2_ASYMMETRIC): lazy phase 1 answered requests by swapping
 * threads that then did not behave alike, so histories passed may have passed against
 * derived observations that were wrong. */
#define PHASE2_AGAIN (-1)
#define PHASE2_ASYMMETRIC (-2)

/* Whether lazy phase 1's symmetry is broken: a canonical run's members did not behave
 * alike (lazy-run.c), or a derived history disagreed with a run one, which the checker
 * reports as nondeterminism (the rerun without symmetry says whether it is). */
static bool lazy_asymmetric(const struct lp_ctx *c, enum lp_check_reply r)
{
	return c->p1.lazy && c->p1.n_sym && (c->p1.sym_broken || r == LP_CHECK_NONDETERMINISTIC);
}

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
		lp_por_dump_history(e->history);
		return lp_checker_pipe_send(&c->ck, e->history, text);
	}
	for (size_t i = 0; i < th->n; i++) {
		free(*text);
		*text = NULL;
		c->sum.p2_histories++;
		lp_por_dump_history(th->text[i]);
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
	c->p2.confirming = true;
	lp_phases_execute(c, &full, &e2);
	c->p2.confirming = false;
	lp_schedule_clear(&full);
	if (e2.diverged || e2.crashed || !e2.history ||
	    !lp_history_same_events(e2.history, th->text[vi])) {
		lp_phases_exec_clear(&e2);
		return lp_errf(why, whysize,
			       "the schedule of a history of an execution's trace showed another "
			       "history: steps taken as independent were not");
	}
	if (lp_strategy_derive(LP_PHASE_CONCURRENT, e2.log.decisions, e2.log.n_decisions, s2)) {
		lp_phases_exec_clear(&e2);
		return lp_errf(why, whysize,
			       "a history of an execution's trace needs more than %d overrides",
			       LP_MAX_OVERRIDES);
	}
	free(e2.sched);
	e2.sched = lp_schedule_format(s2);
	lp_phases_exec_clear(e);
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
	struct lp_run_ahead *ra = start_workers(c, ex);
	int rc = LP_EXIT_OK;
	c->p2.ex = ex;
	while ((s = lp_explore_next(ex))) {
		if ((stopped = lp_run_dfs_should_stop(c, ex, s)))
			break;
		struct lp_exec e;
		lp_phases_execute_on(c, ra, s, &e, false);
		explored(c, ex, ra, s, &e);
		if (e.crashed) {
			if (WIFSIGNALED(e.res.status)) {
				lp_phase2_pruned_counts(c, ex);
				stop_workers(c, ra);
				lp_run_dfs_end(c, ex, true); /* what was checked before it */
				rc = lp_phases_violation(c, s, &e, "crash", NULL);
				lp_phases_exec_clear(&e);
				break;
			}
			lp_die(LP_EXIT_USAGE,
			       "client exited under schedule %s before every thread finished (exit "
			       "status %d): %s",
			       e.sched, WIFEXITED(e.res.status) ? WEXITSTATUS(e.res.status) : -1,
			       lp_phases_first_error(&e));
		}
		struct lp_trace_histories th;
		if (commute && lp_trace_histories(e.history, e.res.log, e.res.log_len, &e.log, mode,
						  &th, why, whysize)) {
			lp_phases_exec_clear(&e);
			rc = PHASE2_AGAIN;
			break;
		}
		char *text;
		size_t vi;
		uint64_t serial_runs = c->sum.p1_executions + c->sum.confirm_executions;
		enum lp_check_reply r = check_histories(c, &e, commute ? &th : NULL, &vi, &text);
		const char *checked = commute ? th.text[vi] : e.history;
		int crc = lp_phases_confirm(c, checked, &r, &text);
		if (crc == LP_EXIT_OK && lazy_asymmetric(c, r))
			crc = PHASE2_ASYMMETRIC;
		else if (crc == LP_EXIT_OK && r == LP_CHECK_NONDETERMINISTIC) /* lazy phase 1 */
			crc = lp_phases_nondeterministic(c, text);
		if (crc != LP_EXIT_OK) {
			free(text);
			if (commute)
				lp_trace_histories_clear(&th);
			lp_phases_exec_clear(&e);
			rc = crc;
			break;
		}
		if (r == LP_CHECK_VIOLATION) {
			/* found: reported even if a signal comes before its report is ready */
			lp_interrupt_on_stop(NULL, NULL);
			lp_phase2_pruned_counts(c, ex);
			stop_workers(c, ra);
			lp_run_dfs_end(c, ex, true); /* what was checked before it */
			lp_phases_refresh(c, s, &e);
			struct lp_schedule s2 = {0};
			const struct lp_schedule *vs = s;
			if (commute && !th.own[vi]) {
				if (run_trace_history(c, &th, vi, mode, &e, &s2, why, whysize)) {
					lp_interrupt_on_stop(lp_phases_end_interrupted, c);
					free(text);
					lp_trace_histories_clear(&th);
					lp_phases_exec_clear(&e);
					rc = PHASE2_AGAIN;
					break;
				}
				vs = &s2;
				c->sum.p2_trace_runs++;
			}
			rc = lp_phases_violation(c, vs, &e, e.stuck ? "stuck" : "non-linearizable",
						 text);
			lp_schedule_clear(&s2);
			free(text);
			if (commute)
				lp_trace_histories_clear(&th);
			lp_phases_exec_clear(&e);
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
		if (!c->o->no_root_cause && !c->o->spec_from && !c->o->tso &&
		    serial_runs == c->sum.p1_executions + c->sum.confirm_executions)
			lp_rc_sample_add(&c->p2.rc_sample, &e.log);
		lp_phases_exec_clear(&e);
		lp_phase2_pruned_counts(c, ex);
		lp_progress_update(LP_PROGRESS_BOUNDED, c->sum.p2_executions, 0, (int)s->cost);
	}
	c->p2.ex = NULL;
	c->sv.run_flags &= ~LP_RUN_HELD; /* the executions after the search read none */
	stop_workers(c, ra);
	if (rc == LP_EXIT_OK) {
		lp_run_dfs_end(c, ex, stopped);
		if (lp_explore_dropped(ex))
			lp_summary_warn(&c->sum,
					"phase 2 skipped schedules needing more than " LP_STR(
					    LP_MAX_OVERRIDES) " overrides");
	}
	lp_run_ahead_free(ra);
	lp_explore_free(ex);
	return rc;
}

/* Phase 2: with a reduction, calls and returns commute first; should a trace not be
 * checkable that way, the search runs again from the start with them ordered (every
 * real-time order a schedule within the bound shows is then run), and the summary says so. */
int lp_phase2_run(struct lp_ctx *c)
{
	c->p2.started = lp_clock_now();
	c->sum.reduction = c->o->reduction == LP_REDUCE_OFF	? "off"
			   : c->o->reduction == LP_REDUCE_SLEEP ? "sleep"
								: "race-free";
	char why[256] = "";
	bool commute = c->o->reduction != LP_REDUCE_OFF;
	for (;;) {
		int rc = phase2_search(c, commute, why, sizeof why);
		if (rc == PHASE2_AGAIN && !commute)
			return LP_EXIT_USAGE;
		if (rc != PHASE2_AGAIN && rc != PHASE2_ASYMMETRIC)
			return rc;
		char msg[512];
		if (rc == PHASE2_AGAIN)
			snprintf(msg, sizeof msg,
				 "phase 2 ran again with calls and returns ordered after %llu "
				 "executions: %s",
				 (unsigned long long)c->sum.p2_executions, why);
		else
			snprintf(msg, sizeof msg,
				 "threads that made the same calls did not behave alike (different "
				 "calls or results when swapped): phases 1 and 2 ran again after "
				 "%llu executions, without symmetry",
				 (unsigned long long)c->sum.p2_executions);
		lp_summary_warn(&c->sum, msg);
		c->sum.p2_executions = c->sum.p2_histories = c->sum.p2_checked = 0;
		c->sum.p2_max_cost = -1;
		memset(c->sum.p2_per_bound, 0, sizeof c->sum.p2_per_bound);
		memset(c->sum.p2_pruned, 0, sizeof c->sum.p2_pruned);
		if (rc == PHASE2_AGAIN)
			commute = false;
		else if ((rc = lp_phase1_rerun(c)) != LP_EXIT_OK)
			return rc;
	}
}
