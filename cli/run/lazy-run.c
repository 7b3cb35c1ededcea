/* cli/run/lazy-run.c — see lazy-run.h. */
#include "lazy-run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/run/phases-exec.h"
#include "cli/run/por-dump.h"
#include "cli/run/symmetry.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "lineup/clock.h"

/* The length of the part of request that must be followed (before a hint's '+'). */
static int firm_len(const char *request)
{
	size_t n = strcspn(request, "+\n");
	while (n && request[n - 1] == ' ')
		n--;
	return (int)n;
}

/* lp_lazy_run; with lost, a serial execution that cannot follow the request's firm part
 * before its last thread returns NULL with *lost set instead of ending the run. */
static char *run_order(struct lp_ctx *c, const char *request, bool *lost)
{
	struct lp_shm *shm = c->sv.shm;
	char err[256];
	double t0 = lp_clock_now();
	if (lp_lazy_fill(&shm->order, request, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "lazy phase 1: %s", err);
	uint32_t want = shm->order.firm; /* past it, a hint (protocol.h) */
	struct lp_schedule s = {.phase = LP_PHASE_SERIAL};
	struct lp_exec e;
	uint32_t flags = c->sv.run_flags;
	c->sv.run_flags = flags | LP_RUN_DIRECTED;
	lp_phases_execute(c, &s, &e);
	lp_por_dump_lazy(request, shm->order.done, shm->order.n);
	c->sv.run_flags = flags;
	c->p1.reran = true; /* the log is this run's now: a report runs its schedule again */
	c->sum.p1_executions++;
	char *history = NULL;
	bool early = e.diverged && shm->order.done + 1 < want;
	if (lost)
		*lost = early;
	else if (early)
		lp_die(LP_EXIT_NONDETERMINISTIC,
		       "client is nondeterministic: a serial execution that started operations in "
		       "the order %.*s before could not follow it again (thread %u of the order "
		       "could not start): make the client's threads depend only on the library's "
		       "results, not on time, input or randomness",
		       firm_len(request), request, shm->order.done + 1);
	if (e.diverged && shm->order.done >= want) /* a hint is never a reason to stop */
		lp_die(LP_EXIT_USAGE,
		       "lazy phase 1: the serial execution for '%.*s' stopped at its hint: the "
		       "preload does not match this lineup-preload (reinstall both)",
		       (int)strcspn(request, "\n"), request);
	if (!e.diverged) {
		if (e.res.outcome == LP_OUT_LIVELOCK)
			c->p1.livelocks++;
		lp_phases_count_serial(c, e.history);
		history = e.history;
		e.history = NULL;
	}
	lp_phases_exec_clear(&e);
	c->p1.lazy_seconds += lp_clock_now() - t0;
	return history;
}

char *lp_lazy_run(struct lp_ctx *c, const char *request) { return run_order(c, request, NULL); }

static bool lazy_ask(void *ctx, const char *request, struct lp_buf *answer)
{
	char *history = lp_lazy_run(ctx, request);
	lp_buf_puts(answer, history ? history : "none\n");
	free(history);
	return true;
}

struct orbit {
	struct lp_ctx *c;
	struct lp_buf *answer;
};

/* A relabelling of the run history: one more history of the answer, counted as derived. */
static void add_relabelled(const char *history, void *arg)
{
	struct orbit *o = arg;
	lp_buf_puts(o->answer, history);
	if (lp_phases_count_serial(o->c, history))
		o->c->sum.p1_derived++;
}

/* With identical threads (symmetry.h): the request's canonical order is run and its history
 * answers with every relabelling, so one execution serves each order of its class. Members
 * that did not behave alike (or a canonical order the client would not follow) end the
 * symmetry: the request is run as asked, and phase 2 starts again without it
 * (c->p1.sym_broken, phase2.c), since earlier answers assumed it. */
static bool lazy_ask_symmetric(void *ctx, const char *request, struct lp_buf *answer)
{
	struct lp_ctx *c = ctx;
	if (!c->p1.n_sym || c->p1.sym_broken)
		return lazy_ask(ctx, request, answer);
	char *canonical = lp_symmetry_canonical(request, c->p1.sym, c->p1.n_sym);
	bool lost;
	char *history = run_order(c, canonical, &lost);
	free(canonical);
	if (lost || (history && !lp_symmetry_consistent(history, c->p1.sym, c->p1.n_sym))) {
		free(history);
		c->p1.sym_broken = true;
		return lazy_ask(ctx, request, answer);
	}
	lp_buf_puts(answer, history ? history : "none\n");
	struct orbit o = {c, answer};
	if (history)
		lp_symmetry_relabel(history, c->p1.sym, c->p1.n_sym, add_relabelled, &o);
	free(history);
	return true;
}

void lp_lazy_serve(struct lp_ctx *c)
{
	c->ck.ask = lazy_ask;
	c->ck.ask_ctx = c;
}

void lp_lazy_attach(struct lp_ctx *c)
{
	c->ck.ask = lazy_ask_symmetric;
	c->ck.ask_ctx = c;
	c->ck.lazy = true;
}
