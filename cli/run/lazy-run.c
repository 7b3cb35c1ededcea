/* cli/run/lazy-run.c — see lazy-run.h. */
#include "lazy-run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/run/phases-exec.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

/* The thread of a history line "TID call ..." (length in *n), or NULL for other lines. */
static const char *call_tid(const char *line, size_t len, size_t *n)
{
	const char *sp = memchr(line, ' ', len);
	if (!sp || len - (size_t)(sp - line) < 6 || memcmp(sp, " call ", 6))
		return NULL;
	*n = (size_t)(sp - line);
	return line;
}

double lp_lazy_orders(const char *history, size_t before)
{
	struct {
		const char *tid;
		size_t len;
		unsigned ops;
	} th[LP_MAX_THREADS];
	unsigned nth = 0, trailing_main = 0;
	size_t seen = 0;
	for (const char *p = history; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p), n;
		const char *tid = call_tid(p, len, &n);
		p += len + (nl ? 1 : 0);
		if (!tid || seen++ < before)
			continue;
		unsigned i = 0;
		while (i < nth && (th[i].len != n || memcmp(th[i].tid, tid, n)))
			i++;
		if (i == nth && nth == LP_MAX_THREADS)
			continue;
		if (i == nth)
			th[nth++] = (typeof(th[0])){tid, n, 0};
		th[i].ops++;
		trailing_main = n == 1 && *tid == '0' ? trailing_main + 1 : 0;
	}
	/* The main thread's calls after every other thread's (after its joins) have no order
	 * to choose either. */
	for (unsigned i = 0; i < nth; i++)
		if (th[i].len == 1 && *th[i].tid == '0')
			th[i].ops -= trailing_main;
	/* placed! / prod(ops_i!), as a running product of binomials */
	double orders = 1;
	unsigned placed = 0;
	for (unsigned i = 0; i < nth; i++)
		for (unsigned k = 1; k <= th[i].ops && orders < 1e18; k++)
			orders = orders * (double)(++placed) / (double)k;
	return orders < 1e18 ? orders : 1e18;
}

int lp_lazy_fill(struct lp_order *o, const char *request, char *err, size_t errsize)
{
	o->n = 0;
	o->done = 0;
	for (const char *p = request; *p;) {
		size_t n = strcspn(p, " \n");
		char tid[LP_TID_STRLEN];
		if (n == 0 || n >= sizeof tid) {
			snprintf(err, errsize, "bad thread in request '%.60s'", request);
			return -1;
		}
		memcpy(tid, p, n);
		tid[n] = 0;
		if (o->n == LP_MAX_ORDER) {
			snprintf(err, errsize,
				 "a serial order of more than %d operations: use --phase1 eager",
				 LP_MAX_ORDER);
			return -1;
		}
		if (lp_tid_parse(tid, &o->tids[o->n])) {
			snprintf(err, errsize, "'%s' in request '%.60s' is no thread", tid,
				 request);
			return -1;
		}
		o->n++;
		p += n;
		while (*p == ' ' || *p == '\n')
			p++;
	}
	if (!o->n) {
		snprintf(err, errsize, "an empty request");
		return -1;
	}
	return 0;
}

char *lp_lazy_call_order(const char *history)
{
	struct lp_buf b = {0};
	for (const char *p = history; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p), n;
		const char *tid = call_tid(p, len, &n);
		if (tid)
			lp_buf_printf(&b, "%s%.*s", b.len ? " " : "", (int)n, tid);
		p += len + (nl ? 1 : 0);
	}
	lp_buf_puts(&b, "\n");
	return lp_buf_take(&b);
}

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

char *lp_lazy_run(struct lp_ctx *c, const char *request)
{
	struct lp_shm *shm = c->sv.shm;
	char err[256];
	double t0 = now_seconds();
	if (lp_lazy_fill(&shm->order, request, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "lazy phase 1: %s", err);
	uint32_t want = shm->order.n;
	struct lp_schedule s = {.phase = LP_PHASE_SERIAL};
	struct lp_exec e;
	uint32_t flags = c->sv.run_flags;
	c->sv.run_flags = flags | LP_RUN_DIRECTED;
	lp_phases_execute(c, &s, &e);
	c->sv.run_flags = flags;
	c->p1_reran = true; /* the log is this run's now: a report runs its schedule again */
	c->sum.p1_executions++;
	char *history = NULL;
	if (e.diverged && shm->order.done + 1 < want)
		lp_die(LP_EXIT_NONDETERMINISTIC,
		       "client is nondeterministic: a serial execution that started operations in "
		       "the order %.*s before could not follow it again (thread %u of the order "
		       "could not start): make the client's threads depend only on the library's "
		       "results, not on time, input or randomness",
		       (int)strcspn(request, "\n"), request, shm->order.done + 1);
	if (!e.diverged) {
		if (e.res.outcome == LP_OUT_LIVELOCK)
			c->p1_livelocks++;
		lp_phases_count_serial(c, e.history);
		history = e.history;
		e.history = NULL;
	}
	lp_phases_exec_clear(&e);
	c->p1_lazy_seconds += now_seconds() - t0;
	return history;
}

static bool lazy_ask(void *ctx, const char *request, struct lp_buf *answer)
{
	char *history = lp_lazy_run(ctx, request);
	lp_buf_puts(answer, history ? history : "none\n");
	free(history);
	return true;
}

void lp_lazy_attach(struct lp_ctx *c)
{
	c->ck.ask = lazy_ask;
	c->ck.ask_ctx = c;
	c->ck.lazy = true;
}
