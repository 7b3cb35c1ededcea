/* cli/run/phase1.c — phase 1: every serial schedule run for the observations, with
 * identical threads' orders derived by symmetry (symmetry.h) and lazy mode chosen here. */
#include "phases-internal.h"

#include <stdlib.h>
#include <string.h>

#include "cli/report/progress.h"
#include "cli/run/budget-run.h"
#include "cli/run/run-ahead.h"
#include "cli/run/symmetry.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "lineup/stringify.h"
#include "lineup/clock.h"

/* Counts distinct serial histories (by a 64-bit hash of the events, header excluded). */
static bool new_history(struct lp_ctx_phase1 *p1, const char *text)
{
	const char *body = strchr(text, '\n');
	uint64_t h = 1469598103934665603ull;
	for (const unsigned char *p = (const unsigned char *)(body ? body : text); *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	return lp_keyset_add(&p1->histories, h | 1); /* 0 marks a free slot */
}

bool lp_phases_count_serial(struct lp_ctx *c, const char *history)
{
	bool fresh = new_history(&c->p1, history);
	if (fresh)
		c->sum.p1_histories++;
	lp_keyset_add(&c->p1.call_keys, lp_calls_key(history));
	return fresh;
}

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
	if (r == LP_CHECK_OK) {
		if (lp_phases_count_serial(d->c, history))
			d->c->sum.p1_derived++;
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
	c->p1.n_sym = history ? lp_symmetry_groups(history, c->p1.sym, 64) : 0;
	c->p1.sym_probe = (struct lp_override){0};
	if (!c->p1.n_sym)
		return;
	for (size_t k = 0; k < log->n_decisions && !c->p1.sym_probe.tid; k++) {
		const struct lp_explore_decision *d = &log->decisions[k];
		for (size_t i = 0; i + 1 < c->p1.n_sym && d->point == LP_PT_OP_START; i++)
			if (c->p1.sym[i].tid == d->chosen &&
			    c->p1.sym[i + 1].group == c->p1.sym[i].group)
				for (uint32_t j = 0; j < d->n_candidates; j++)
					if (d->candidates[j] == c->p1.sym[i + 1].tid)
						c->p1.sym_probe = (struct lp_override){
						    .step = d->step, .tid = c->p1.sym[i + 1].tid};
	}
	lp_explore_set_symmetry(ex, c->p1.sym, c->p1.n_sym);
	struct lp_buf b = {0};
	for (size_t i = 0; i < c->p1.n_sym; i++) {
		char tid[LP_TID_STRLEN];
		lp_buf_printf(&b, "%s%s%s",
			      i ? (c->p1.sym[i].group == c->p1.sym[i - 1].group ? ", " : "; ") : "",
			      lp_tid_format(c->p1.sym[i].tid, tid), "");
	}
	free(c->sum.p1_symmetry);
	c->sum.p1_symmetry = lp_buf_take(&b);
}

/* --phase1: eager, or lazy (the checker asks for serial executions, lazy-run.h) when
 * asked for or when the first execution's operations have too many orders to run first.
 * Branching at every switch point (a confirmation) is eager's alone. */
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
	c->p1.lazy = true;
	lp_checker_pipe_finish(&c->ck);
	lp_lazy_attach(c);
	lp_checker_pipe_start(&c->ck, c->o);
}

int lp_phase1_rerun(struct lp_ctx *c)
{
	lp_checker_pipe_finish(&c->ck);
	if (c->p1.lazy) { /* phase 1 decides again (branching at every switch point: eager) */
		c->p1.lazy = c->ck.lazy = false;
		c->ck.ask = NULL;
	}
	lp_checker_pipe_start(&c->ck, c->o);
	c->sum.p1_executions = c->sum.p1_histories = c->sum.p1_derived = 0;
	c->sum.p1_symmetric = 0;
	c->sum.p1_workers = 0;
	c->sum.p1_speculated = 0;
	c->p1.livelocks = 0;
	c->p1.no_symmetry = true;
	c->p1.sym_broken = false;
	c->p1.n_sym = 0;
	lp_keyset_clear(&c->p1.histories);
	lp_keyset_clear(&c->p1.call_keys);
	double p2_was = c->p2.started;
	c->p2.started = 0;
	int rc = lp_phase1_run(c, true);
	c->p2.started = p2_was;
	c->p1.reran = true;
	return rc;
}

void lp_phases_refresh(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e)
{
	if (!c->p1.reran)
		return;
	c->p1.reran = false;
	struct lp_schedule copy = *s;
	copy.ov = lp_xcalloc(s->n + 1, sizeof *copy.ov);
	memcpy(copy.ov, s->ov, s->n * sizeof *copy.ov);
	lp_phases_exec_clear(e);
	lp_phases_execute(c, &copy, e);
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

/* Phase 1's explorer and its workers (run-ahead.h), freed together; what the workers ran
 * ahead goes into the summary. */
static void phase1_free(struct lp_ctx *c, struct lp_explore *ex, struct lp_run_ahead *ra)
{
	if (ra) {
		c->sum.p1_workers = lp_server_workers(&c->sv);
		c->sum.p1_speculated = lp_run_ahead_used(ra);
	}
	lp_run_ahead_free(ra);
	lp_explore_free(ex);
}

/* What phase 1's first execution decides: lazy or eager, the identical threads, and
 * the workers running serial orders ahead (returned; NULL for none). */
static struct lp_run_ahead *after_first(struct lp_ctx *c, struct lp_explore *ex, struct lp_exec *e,
					bool replay)
{
	choose_mode(c, e->history, &e->log);
	/* -f leaves target calls in the client's code: its order matters, no symmetry. Lazy
	 * answers each request with its class's canonical order (lazy-run.c). */
	if (!c->p1.no_symmetry && !(c->sv.run_flags & LP_RUN_SERIAL_SWITCHES))
		find_symmetry(c, ex, e->history, &e->log);
	/* The serial orders run ahead on the workers while this one is checked, once
	 * the first has said which orders symmetry leaves out. Not in a rerun: phase
	 * 2's workers may be running (lp_phases_confirm), and slot 0 is phase 1's. */
	if (replay || c->p1.lazy || lp_server_parallel(&c->sv) <= 1)
		return NULL;
	struct lp_run_ahead *ra = lp_run_ahead_new(&c->sv, ex, c->o->max_steps);
	lp_run_ahead_set_expand(ra, expand_ahead, c);
	return ra;
}

/* Runs the symmetry probe (c->p1.sym_probe): false when the swapped start's history is not
 * one the members' symmetry allows. */
static bool probe_alike(struct lp_ctx *c)
{
	struct lp_schedule probe = {.phase = LP_PHASE_SERIAL, .n = 1, .ov = &c->p1.sym_probe};
	struct lp_exec e;
	lp_phases_execute(c, &probe, &e);
	c->sum.p1_executions++;
	char *text = NULL;
	enum lp_check_reply r = lp_checker_pipe_send(&c->ck, e.history, &text);
	free(text);
	bool alike = r == LP_CHECK_OK && lp_symmetry_consistent(e.history, c->p1.sym, c->p1.n_sym);
	lp_phases_exec_clear(&e);
	return alike;
}

/* The end of a complete phase 1: its figures and warnings; dies when the targets were
 * never loaded or never called. Frees ex. */
static void phase1_end(struct lp_ctx *c, struct lp_explore *ex)
{
	c->sum.p1_seconds = lp_clock_now() - c->p1.started;
	c->sum.p1_symmetric = lp_explore_symmetric(ex);
	c->p1.dropped = lp_explore_dropped(ex);
	if (c->p1.dropped)
		lp_summary_warn(&c->sum,
				"phase 1 skipped serial schedules needing more than " LP_STR(
				    LP_MAX_OVERRIDES) " overrides: observations may be incomplete");
	if (c->p1.livelocks)
		lp_summary_warn(&c->sum, "phase 1 recorded serial executions cut at --max-steps as "
					 "stuck: if an operation needs more steps, "
					 "the observations are wrong, so a violation may be a "
					 "false alarm and a stuck history may pass "
					 "that should not; rerun with a larger --max-steps");
	lp_explore_free(ex);
	lp_sites_summary_warn(&c->cov.sites, &c->sum);
	for (int i = 0; i < c->plan->n_targets; i++)
		if (i < 32 && !(c->cov.loaded & (1u << i)))
			lp_die(LP_EXIT_USAGE,
			       "target '%s' was never loaded by the client: name a library the "
			       "client links or dlopens (--target)",
			       c->plan->targets[i].name);
	if (!c->cov.calls)
		lp_die(LP_EXIT_USAGE,
		       "client called no function of '%s' in phase 1: check --target and "
		       "--function, and that the client's threads call the library",
		       c->plan->n_targets ? c->plan->targets[0].name : "the target");
}

int lp_phase1_run(struct lp_ctx *c, bool replay)
{
	struct lp_explore *ex = lp_explore_new(LP_PHASE_SERIAL, -1);
	struct lp_run_ahead *ra = NULL;
	const struct lp_schedule *s;
	c->p1.started = lp_clock_now();
	bool first = true;
	while ((s = lp_explore_next(ex))) {
		if (!replay && lp_run_should_stop(c, 1)) {
			phase1_free(c, ex, ra);
			return LP_EXIT_OK; /* incomplete observations: no phase 2, no checks on them
					    */
		}
		struct lp_exec e;
		lp_phases_execute_on(c, ra, s, &e, false);
		if (first)
			ra = after_first(c, ex, &e, replay);
		first = false;
		lp_explore_done(ex, e.log.decisions, e.log.n_decisions);
		c->sum.p1_executions++;
		if (e.res.outcome == LP_OUT_LIVELOCK)
			c->p1.livelocks++;
		char *text;
		enum lp_check_reply r = lp_checker_pipe_send(&c->ck, e.history, &text);
		if (r == LP_CHECK_OK)
			lp_phases_count_serial(c, e.history);
		if (c->p1.n_sym && r == LP_CHECK_OK) {
			struct derive_ctx d = {.c = c};
			if (!lp_symmetry_consistent(e.history, c->p1.sym, c->p1.n_sym))
				d.broken = true;
			else
				lp_symmetry_relabel(e.history, c->p1.sym, c->p1.n_sym, send_derived,
						    &d);
			c->p1.sym_broken = d.broken;
		}
		if (c->p1.n_sym && (r == LP_CHECK_NONDETERMINISTIC || c->p1.sym_broken)) {
			/* derived observations disagree with a run: not interchangeable */
			free(text);
			lp_phases_exec_clear(&e);
			phase1_free(c, ex, ra);
			c->p1.sym_broken = false;
			lp_summary_warn(&c->sum, "threads that made the same calls did not behave "
						 "alike (different calls or results when swapped): "
						 "phase 1 ran every serial order instead");
			return lp_phase1_rerun(c);
		}
		if (r == LP_CHECK_NONDETERMINISTIC) {
			phase1_free(c, ex, ra); /* before the report stops the fork server */
			int rc = lp_phases_nondeterministic(c, text);
			free(text);
			lp_phases_exec_clear(&e);
			return rc;
		}
		if (r == LP_CHECK_ERROR)
			lp_die(LP_EXIT_USAGE,
			       "lineup-checker rejected the history of schedule %s: %s", e.sched,
			       text);
		free(text);
		lp_phases_exec_clear(&e);
		lp_progress_update(LP_PROGRESS_SERIAL, c->sum.p1_executions, c->sum.p1_histories,
				   0);
		if (c->p1.lazy)
			break; /* the rest when phase 2's checks ask for it */
	}
	phase1_free(c, NULL, ra);		  /* slot 0 runs what follows */
	if (c->p1.n_sym && c->p1.sym_probe.tid) { /* the swapped start, for real */
		if (!probe_alike(c)) {
			lp_explore_free(ex);
			lp_summary_warn(&c->sum, "threads that made the same calls did not behave "
						 "alike (different calls or results when swapped): "
						 "phase 1 ran every serial order instead");
			return lp_phase1_rerun(c);
		}
	}
	phase1_end(c, ex);
	return LP_EXIT_OK;
}
