/* cli/run/lazy-run.c — see lazy-run.h. */
#include "lazy-run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/run/phases-exec.h"
#include "cli/run/por-dump.h"
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

char *lp_lazy_run(struct lp_ctx *c, const char *request)
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
	if (e.diverged && shm->order.done + 1 < want)
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

static bool lazy_ask(void *ctx, const char *request, struct lp_buf *answer)
{
	char *history = lp_lazy_run(ctx, request);
	lp_buf_puts(answer, history ? history : "none\n");
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
	lp_lazy_serve(c);
	c->ck.lazy = true;
}
