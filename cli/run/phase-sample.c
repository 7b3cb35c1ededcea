/* cli/run/phase-sample.c — phase 2 as seeded random schedules (--strategy pct|random, and what
 * is left of a --time-budget after the bounded search). Each sample is one execution of
 * the root schedule with a per-sample seed in the shared area; the runtime makes the
 * choices (scheduler/strategy.h) and the decision log turns them into the override list
 * that replays the execution, so every reported violation replays like any other. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "scheduler/strategy.h"
#include "budget-run.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "phases-exec.h"
#include "cli/run/interrupt.h"
#include "cli/run/root-cause-run.h"
#include "cli/report/progress.h"

/* Threads that took part in an execution (PCT's n). */
static unsigned count_threads(const struct lp_exec_log *log)
{
	lp_tid_t seen[LP_MAX_THREADS];
	unsigned n = 0;
	for (size_t i = 0; i < log->n_decisions; i++) {
		const struct lp_explore_decision *d = &log->decisions[i];
		for (uint32_t k = 0; k <= d->n_candidates; k++) {
			lp_tid_t t = k < d->n_candidates ? d->candidates[k] : d->running;
			unsigned j = 0;
			while (j < n && seen[j] != t)
				j++;
			if (j == n && n < LP_MAX_THREADS)
				seen[n++] = t;
		}
	}
	return n;
}

int lp_phase_sample(struct lp_ctx *c, int strategy, unsigned pct_depth, uint64_t samples)
{
	struct lp_coverage *cv = &c->sum.cov;
	bool pct = strategy == LP_STRATEGY_PCT;
	cv->sampler = pct ? "PCT" : "random";
	cv->pct_depth = pct ? pct_depth : 0;
	cv->seed = c->o->seed;
	const struct lp_schedule root = {.phase = LP_PHASE_CONCURRENT};
	uint64_t unexpressible = 0;
	lp_progress_estimate(samples == UINT64_MAX ? 0 : (double)samples);
	for (uint64_t i = 0; i < samples; i++) {
		if (lp_run_should_stop(c, 2))
			break;
		uint64_t seed = lp_strategy_sample_seed(c->o->seed, i);
		c->sv.strategy = pct ? LP_STRAT_PCT : LP_STRAT_RANDOM;
		c->sv.seed = seed;
		/* k: the longest execution seen so far (phase 1's serial ones to begin with). */
		uint64_t k = c->p2.max_points ? c->p2.max_points : 1;
		c->sv.pct_n_changes =
		    pct ? lp_strategy_pct_points(seed, pct_depth, k, c->sv.pct_changes) : 0;
		struct lp_exec e;
		lp_phases_execute(c, &root, &e);
		c->sv.strategy = LP_STRAT_DEFAULT;
		cv->samples++;
		cv->pct_k = c->p2.max_points;
		unsigned n = count_threads(&e.log);
		if (n > cv->threads)
			cv->threads = n;
		if (e.unexpressible) {
			/* Cannot be replayed, so it is not reported: say it was not checked. */
			unexpressible++;
			cv->samples--;
			lp_phases_exec_clear(&e);
			continue;
		}
		if (e.crashed) {
			if (WIFSIGNALED(e.res.status)) {
				int rc = lp_phases_violation(c, &e.derived, &e, "crash", NULL);
				lp_phases_exec_clear(&e);
				return rc;
			}
			lp_die(LP_EXIT_USAGE,
			       "client exited under schedule %s before every thread finished (exit "
			       "status %d)",
			       e.sched, WIFEXITED(e.res.status) ? WEXITSTATUS(e.res.status) : -1);
		}
		char *text = NULL;
		uint64_t serial_runs = c->sum.p1_executions + c->sum.confirm_executions;
		enum lp_check_reply r = lp_checker_pipe_send(&c->ck, e.history, &text);
		int crc = lp_phases_confirm(c, e.history, &r, &text);
		if (crc == LP_EXIT_OK && r == LP_CHECK_NONDETERMINISTIC) /* lazy phase 1 */
			crc = lp_phases_nondeterministic(c, text);
		if (crc != LP_EXIT_OK) {
			free(text);
			lp_phases_exec_clear(&e);
			return crc;
		}
		if (r == LP_CHECK_VIOLATION) {
			/* found: reported even if a signal comes before its report is ready */
			lp_interrupt_on_stop(NULL, NULL);
			lp_phases_refresh(c, &e.derived, &e);
			int rc = lp_phases_violation(c, &e.derived, &e,
						     e.stuck ? "stuck" : "non-linearizable", text);
			free(text);
			lp_phases_exec_clear(&e);
			return rc;
		}
		if (r != LP_CHECK_OK)
			lp_die(LP_EXIT_USAGE,
			       "lineup-checker rejected the history of schedule %s: %s", e.sched,
			       text ? text : "");
		free(text);
		c->sum.p2_checked++;
		/* golden and lazy serial runs overwrite the log */
		if (!c->o->no_root_cause && !c->o->spec_from && !c->o->tso &&
		    serial_runs == c->sum.p1_executions + c->sum.confirm_executions)
			lp_rc_sample_add(&c->p2.rc_sample, &e.log);
		lp_phases_exec_clear(&e);
		lp_progress_update(LP_PROGRESS_RANDOM, cv->samples, 0, (int)cv->pct_depth);
	}
	if (unexpressible) {
		char msg[200];
		snprintf(msg, sizeof msg,
			 "%llu random schedule%s needed more than %d overrides to replay and "
			 "went unchecked",
			 (unsigned long long)unexpressible, unexpressible == 1 ? "" : "s",
			 LP_MAX_OVERRIDES);
		lp_summary_warn(&c->sum, msg);
	}
	return LP_EXIT_OK;
}
