/* cli/run/fence-run.c — the fences that would remove a violation under --memory-model tso,
 * each checked by exploring the schedules again (fence-run.h). */
#include "cli/run/fence-run.h"

#include <stdlib.h>
#include <string.h>

#include "cli/report/progress.h"
#include "cli/report/report-fence.h"
#include "cli/run/interrupt.h"
#include "cli/run/root-cause-run.h"
#include "lineup/buf.h"
#include "lineup/clock.h"
#include "lineup/die.h"

#define REFINE 2 /* times the sites the violation left names join all of them */

/* A site as the report names it: in the fork server's mappings while it runs. */
static char *symbolize(void *arg, uint64_t addr)
{
	const struct lp_ctx *c = arg;
	if (c->sv.server_pid > 0)
		return lp_symbolize(c->sv.server_pid, addr);
	struct lp_buf b = {0};
	lp_buf_printf(&b, "%#llx", (unsigned long long)addr);
	return lp_buf_take(&b);
}

/* Explores again with mfences after sites[0..n); the stores the stale loads of a violation
 * left name go to named (*n_named of them). */
static struct lp_fence_result try_fences(struct lp_ctx *c, const uint64_t *sites, size_t n,
					 unsigned bound, struct lp_rc_run *run, uint64_t *named,
					 size_t *n_named)
{
	struct lp_fence_result r = {.n = n, .bound = bound, .removes = -1};
	memcpy(r.sites, sites, n * sizeof *sites);
	struct lp_buf label = {0};
	lp_fence_what(&label, sites, n, symbolize, c);
	lp_progress_label(lp_buf_str(&label));
	struct lp_shm *shm = c->sv.shm;
	shm->n_fences = (uint32_t)n;
	for (size_t i = 0; i < n; i++)
		shm->fences[i] = sites[i];
	uint64_t execs = run->execs;
	double t0 = lp_clock_now();
	void *fail = NULL;
	size_t flen = 0;
	const char *why = NULL;
	int v = lp_rc_explore(c, bound, run, false, NULL, &fail, &flen, &why);
	shm->n_fences = 0;
	r.removes = v;
	r.executions = run->execs - execs;
	r.seconds = lp_clock_now() - t0;
	if (v < 0) {
		bool signal = why && !strcmp(why, "interrupted");
		r.why = why;
		r.why_json = signal		     ? "interrupted"
			     : run->stop != LP_RC_GO ? lp_rc_stop_json(run->stop)
						     : "other";
	} else {
		run->tried++;
	}
	*n_named = 0;
	struct lp_exec_log log;
	char err[256];
	if (v == 0 && !lp_shmlog_parse(fail, flen, c->plan, &log, err, sizeof err)) {
		*n_named = lp_fence_sites(log.tso, log.n_tso, named, LP_MAX_FENCES);
		lp_shmlog_clear(&log);
	}
	free(fail);
	lp_buf_free(&label);
	return r;
}

/* The result's line and JSON object. */
static void say(struct lp_ctx *c, const struct lp_fence_result *r, struct lp_buf *text,
		struct lp_buf *json)
{
	lp_fence_line(text, r, symbolize, c);
	lp_buf_puts(json, json->len > 1 ? ", " : "");
	lp_fence_json(json, r, symbolize, c);
}

/* The fences of all[0..*n) that remove the violation fewer at a time: each in turn, the
 * last named first, is left out while the others still remove it (and the budget lasts).
 * The smaller set's line starts "of these, ". */
static void reduce(struct lp_ctx *c, uint64_t *all, size_t n, unsigned bound, struct lp_rc_run *run,
		   struct lp_buf *text, struct lp_buf *json)
{
	struct lp_fence_result best = {0};
	for (size_t i = n; i-- > 0 && n > 1;) {
		uint64_t fewer[LP_MAX_FENCES], named[LP_MAX_FENCES];
		size_t k = 0, n_named = 0;
		for (size_t j = 0; j < n; j++)
			if (j != i)
				fewer[k++] = all[j];
		struct lp_fence_result r = try_fences(c, fewer, k, bound, run, named, &n_named);
		if (r.removes < 0)
			break;
		if (r.removes == 1) {
			memcpy(all, fewer, k * sizeof *fewer);
			n = k;
			best = r;
		}
	}
	if (!best.n)
		return;
	struct lp_buf line = {0};
	say(c, &best, &line, json);
	lp_buf_printf(text, "  of these, %s", lp_buf_str(&line) + 2);
	lp_buf_free(&line);
}

/* All the sites together, then with the stores the violation left names, up to REFINE
 * times; a set that removes the violation is then made smaller where it can. */
static void try_together(struct lp_ctx *c, uint64_t *all, size_t n_all, unsigned bound,
			 struct lp_rc_run *run, struct lp_buf *text, struct lp_buf *json)
{
	int removes = 0;
	for (unsigned depth = 0; depth <= REFINE && removes == 0; depth++) {
		uint64_t named[LP_MAX_FENCES];
		size_t n_named = 0;
		struct lp_fence_result r = try_fences(c, all, n_all, bound, run, named, &n_named);
		say(c, &r, text, json);
		removes = r.removes;
		size_t grown = lp_fence_union(all, n_all, named, n_named, LP_MAX_FENCES);
		if (removes == 0 && grown == n_all)
			break;
		if (removes == 0)
			n_all = grown;
	}
	if (removes == 1)
		reduce(c, all, n_all, bound, run, text, json);
}

void lp_tso_fences(struct lp_ctx *c, const struct lp_exec *e, double check_seconds,
		   struct lp_violation *v)
{
	uint64_t singles[LP_FENCE_SINGLES + LP_FENCE_PASSING], all[LP_MAX_FENCES];
	size_t n_stale, n = lp_fence_candidates(e->log.tso, e->log.n_tso, e->log.tso_pass,
						e->log.n_tso_pass, singles, &n_stale);
	if (!n) {
		v->root_causes = lp_xstrdup("root causes: not searched under --memory-model tso, "
					    "and no stale load names a store to fence\n");
		return;
	}
	struct lp_rc_run run = lp_rc_run_start(c, check_seconds);
	unsigned bound = lp_rc_bound(c, &e->log);
	struct lp_buf text = {0}, json = {0};
	lp_fence_heading(&text, bound);
	lp_buf_puts(&json, "[");
	memcpy(all, singles, n * sizeof *singles);
	size_t n_all = n, i = 0;
	int removes = 0;
	/* the passing loads' stores only when none of the stale loads' removes it */
	for (; i < n && removes >= 0 && (i < n_stale || !removes); i++) {
		uint64_t named[LP_MAX_FENCES];
		size_t n_named = 0;
		if (i == n_stale)
			lp_buf_puts(&text,
				    "  then after the stores of a load's own buffer that it went "
				    "ahead of, no stale load naming them:\n");
		struct lp_fence_result r =
		    try_fences(c, &singles[i], 1, bound, &run, named, &n_named);
		say(c, &r, &text, &json);
		n_all = lp_fence_union(all, n_all, named, n_named, LP_MAX_FENCES);
		removes = r.removes < 0 ? -1 : removes || r.removes;
	}
	if (removes < 0 && i < n)
		lp_buf_printf(&text, "  (%zu more not tried)\n", n - i);
	else if (removes == 0 && n_all > 1)
		try_together(c, all, n_all, bound, &run, &text, &json);
	lp_buf_puts(&json, "]");
	c->sum.root_cause_executions = run.execs;
	v->rc_searched = true;
	v->rc_time_limit = run.budget.seconds;
	v->rc_exec_limit = run.budget.executions;
	v->rc_tried = run.tried;
	v->rc_stopped_by = run.stop != LP_RC_GO	   ? lp_rc_stop_json(run.stop)
			   : lp_interrupt_signal() ? "interrupted"
						   : NULL;
	v->root_causes = lp_buf_take(&text);
	v->fences_json = lp_buf_take(&json);
}
