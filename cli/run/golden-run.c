/* cli/run/golden-run.c — see golden-run.h. */
#include "golden-run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/run/phases.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

void lp_golden_clear(struct lp_golden_state *g)
{
	lp_shmlog_ops_free(g->ops, g->n_ops);
	g->ops = NULL;
	g->n_ops = 0;
}

static bool golden_ask(void *ctx, const char *request, struct lp_buf *answer)
{
	struct lp_ctx *c = ctx;
	struct lp_golden_state *gs = &c->golden;
	struct lp_shm *shm = c->sv.shm;
	char err[300];
	if (c->sv.single) /* every execution re-runs the client: no fork point to call from */
		lp_die(LP_EXIT_USAGE, "a golden model needs the fork server: the client must not "
				      "have threads before its first pthread_create");
	if (gs->history != c->ck.sent) { /* its records are still the log's: read them once */
		lp_golden_clear(gs);
		if (lp_shmlog_ops(c->sv.last_log, c->sv.last_log_len, c->plan, &gs->ops, &gs->n_ops,
				  err, sizeof err))
			lp_die(LP_EXIT_USAGE, "--spec-from: the history's execution log: %s", err);
		gs->history = c->ck.sent;
	}
	if (lp_golden_fill(&shm->golden, c->plan, gs->ops, gs->n_ops, request, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "golden model %s: %s", c->sum.golden_model, err);
	struct lp_schedule s = {.phase = LP_PHASE_CONCURRENT};
	struct lp_exec_result res;
	uint32_t flags = c->sv.run_flags;
	c->sv.run_flags = flags | LP_RUN_GOLDEN;
	lp_server_run(&c->sv, &s, c->o->max_steps, &res);
	c->sv.run_flags = flags;
	gs->executions++;
	c->sum.golden_executions++;
	c->p1.reran = true; /* the log is the model's now: a report runs its schedule again */
	uint32_t out = res.outcome;
	if (out != LP_OUT_COMPLETE && out != LP_OUT_DEADLOCK && out != LP_OUT_LIVELOCK) {
		struct lp_exec_log log = {0};
		const char *why = "the execution on the golden model crashed";
		if (!lp_shmlog_parse(res.log, res.log_len, c->plan, &log, err, sizeof err) &&
		    log.n_errors)
			why = log.errors[0].text;
		lp_die(LP_EXIT_USAGE,
		       "golden model %s: %s: give a library with the target's functions and "
		       "types",
		       c->sum.golden_model, why);
	}
	lp_golden_answer(&shm->golden, c->plan, out != LP_OUT_COMPLETE, c->fmt, answer);
	return true;
}

void lp_golden_attach(struct lp_ctx *c)
{
	c->ck.ask = golden_ask;
	c->ck.ask_ctx = c;
}
