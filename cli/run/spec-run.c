/* cli/run/spec-run.c — phase 2 on several workers (spec-run.h). */
#include "spec-run.h"

#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"

/* Results held at once: enough to keep the workers busy while the explorer works through
 * the subtree above them, little enough memory (each holds its execution log). */
#define LP_SPEC_HELD_MAX 64

struct held {
	bool used;   /* the entry is taken */
	bool done;   /* the execution ended: res holds its copied result */
	bool orphan; /* its schedule is gone (pruned): dropped when it ends */
	unsigned slot;
	uint64_t id;
	unsigned iteration;
	struct lp_exec_result res;
	void *log;
	char *log_lines, *fatal;
};

struct lp_spec {
	struct lp_server *sv;
	struct lp_explore *ex;
	uint64_t max_steps;
	uint32_t run_flags; /* phase 2's, whatever slot 0 runs meanwhile (golden, directed) */
	struct held h[LP_SPEC_HELD_MAX];
	struct held cur; /* the result last handed out */
	uint64_t wasted, used;
	struct lp_explore_upcoming up[LP_SPEC_HELD_MAX + LP_MAX_SLOTS];
};

static void held_clear(struct held *h)
{
	free(h->log);
	free(h->log_lines);
	free(h->fatal);
	memset(h, 0, sizeof *h);
}

static char *dup_or_null(const char *s) { return s ? lp_xstrdup(s) : NULL; }

static struct held *find(struct lp_spec *sp, uint64_t id, unsigned iteration)
{
	for (size_t i = 0; i < LP_SPEC_HELD_MAX; i++) {
		struct held *h = &sp->h[i];
		if (h->used && !h->orphan && h->id == id && h->iteration == iteration)
			return h;
	}
	return NULL;
}

static size_t live(const struct lp_spec *sp)
{
	size_t n = 0;
	for (size_t i = 0; i < LP_SPEC_HELD_MAX; i++)
		n += sp->h[i].used;
	return n;
}

/* Idle slots take the next schedules the explorer will ask for that no slot has taken. */
static void top_up(struct lp_spec *sp)
{
	unsigned par = lp_server_parallel(sp->sv), it = lp_explore_iteration(sp->ex);
	size_t n_up = 0, next = 0;
	bool listed = false;
	for (unsigned k = 1; k < par; k++) {
		if (lp_server_busy(sp->sv, k))
			continue;
		if (live(sp) >= LP_SPEC_HELD_MAX)
			return;
		if (!listed) {
			n_up = lp_explore_upcoming(sp->ex, sizeof sp->up / sizeof *sp->up, sp->up);
			listed = true;
		}
		while (next < n_up && find(sp, sp->up[next].id, it))
			next++;
		if (next == n_up)
			return;
		struct held *h = NULL;
		for (size_t i = 0; !h && i < LP_SPEC_HELD_MAX; i++)
			if (!sp->h[i].used)
				h = &sp->h[i];
		*h = (struct held){.used = true, .slot = k, .id = sp->up[next].id, .iteration = it};
		lp_server_submit(sp->sv, k, sp->up[next].s, sp->max_steps, sp->run_flags);
		next++;
	}
}

/* A speculative execution ended: its result is copied out of the slot's area. */
static void on_done(void *arg, unsigned slot, const struct lp_exec_result *res)
{
	struct lp_spec *sp = arg;
	struct held *h = NULL;
	for (size_t i = 0; !h && i < LP_SPEC_HELD_MAX; i++)
		if (sp->h[i].used && !sp->h[i].done && sp->h[i].slot == slot)
			h = &sp->h[i];
	BUG_ON(!h);
	if (h->orphan) {
		sp->wasted++;
		held_clear(h);
	} else {
		h->done = true;
		h->res = *res;
		h->log = lp_xmalloc(res->log_len ? res->log_len : 1);
		memcpy(h->log, res->log, res->log_len);
		h->res.log = h->log;
		h->res.log_lines = h->log_lines = dup_or_null(res->log_lines);
		h->res.fatal = h->fatal = dup_or_null(res->fatal);
	}
	top_up(sp);
}

struct lp_spec *lp_spec_new(struct lp_server *sv, struct lp_explore *ex, uint64_t max_steps)
{
	struct lp_spec *sp = lp_xmalloc(sizeof *sp);
	memset(sp, 0, sizeof *sp);
	sp->sv = sv;
	sp->ex = ex;
	sp->max_steps = max_steps;
	sp->run_flags = sv->run_flags & ~(uint32_t)(LP_RUN_GOLDEN | LP_RUN_DIRECTED);
	sv->on_done = on_done;
	sv->done_arg = sp;
	return sp;
}

/* Entries whose schedules the explorer passed over (explore.h: ids above the current one,
 * or of an earlier iteration) are not needed any more. */
static void forget_passed(struct lp_spec *sp, uint64_t id, unsigned iteration)
{
	for (size_t i = 0; i < LP_SPEC_HELD_MAX; i++) {
		struct held *h = &sp->h[i];
		if (!h->used || h->orphan || (h->iteration == iteration && h->id <= id))
			continue;
		if (h->done) {
			sp->wasted++;
			held_clear(h);
		} else {
			h->orphan = true;
		}
	}
}

void lp_spec_run(struct lp_spec *sp, const struct lp_schedule *s, struct lp_exec_result *res)
{
	held_clear(&sp->cur);
	uint64_t id = lp_explore_current_id(sp->ex);
	unsigned it = lp_explore_iteration(sp->ex);
	forget_passed(sp, id, it);
	struct held *h = find(sp, id, it);
	if (!h) {
		top_up(sp);
		lp_server_run(sp->sv, s, sp->max_steps, res);
		return;
	}
	while (!h->done)
		lp_server_wait(sp->sv);
	sp->cur = *h;
	memset(h, 0, sizeof *h);
	sp->used++;
	top_up(sp);
	*res = sp->cur.res;
	sp->sv->last_log = res->log;
	sp->sv->last_log_len = res->log_len;
}

uint64_t lp_spec_wasted(const struct lp_spec *sp) { return sp->wasted; }
uint64_t lp_spec_used(const struct lp_spec *sp) { return sp->used; }

void lp_spec_stop(struct lp_spec *sp)
{
	if (!sp || !sp->sv)
		return;
	sp->sv->on_done = NULL;
	lp_server_cancel(sp->sv);
	sp->sv = NULL;
	for (size_t i = 0; i < LP_SPEC_HELD_MAX; i++) {
		sp->wasted += sp->h[i].used;
		held_clear(&sp->h[i]);
	}
}

void lp_spec_free(struct lp_spec *sp)
{
	if (!sp)
		return;
	lp_spec_stop(sp);
	held_clear(&sp->cur);
	free(sp);
}
