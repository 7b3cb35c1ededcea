/* cli/run/spec-run.c — phase 2 on several workers (spec-run.h). */
#include "spec-run.h"

#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"

/* Results held at once: enough to keep the workers busy while the explorer works through
 * the subtree above them, little enough memory (each holds its execution log). */
#define LP_SPEC_HELD_MAX 64
/* and one more for the schedule asked for now */
#define LP_SPEC_ENTRIES (LP_SPEC_HELD_MAX + 1)

struct held {
	bool used;   /* the entry is taken */
	bool done;   /* the execution ended: res holds its copied result */
	bool orphan; /* its schedule is gone (pruned): dropped when it ends */
	bool asked;  /* started when its turn had come: not ahead of it */
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
	struct held h[LP_SPEC_ENTRIES];
	struct held cur; /* the result last handed out */
	/* The schedule the explorer asks for now, when no worker has it yet: the next idle
	 * worker takes it before any upcoming one. */
	const struct lp_schedule *want;
	uint64_t want_id;
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
	for (size_t i = 0; i < LP_SPEC_ENTRIES; i++) {
		struct held *h = &sp->h[i];
		if (h->used && !h->orphan && h->id == id && h->iteration == iteration)
			return h;
	}
	return NULL;
}

static size_t live(const struct lp_spec *sp)
{
	size_t n = 0;
	for (size_t i = 0; i < LP_SPEC_ENTRIES; i++)
		n += sp->h[i].used;
	return n;
}

static struct held *take_entry(struct lp_spec *sp, unsigned slot, uint64_t id, unsigned iteration)
{
	struct held *h = NULL;
	for (size_t i = 0; !h && i < LP_SPEC_ENTRIES; i++)
		if (!sp->h[i].used)
			h = &sp->h[i];
	*h = (struct held){.used = true, .slot = slot, .id = id, .iteration = iteration};
	return h;
}

/* Idle workers (slots 1..) take the schedule asked for now, if no worker has it, then the
 * next ones the explorer will ask for that no worker has taken. */
static void top_up(struct lp_spec *sp)
{
	unsigned par = lp_server_parallel(sp->sv), it = lp_explore_iteration(sp->ex);
	size_t n_up = 0, next = 0;
	bool listed = false;
	for (unsigned k = 1; k <= par; k++) {
		if (lp_server_busy(sp->sv, k))
			continue;
		if (sp->want) { /* its entry is the one kept free for it */
			take_entry(sp, k, sp->want_id, it)->asked = true;
			lp_server_submit(sp->sv, k, sp->want, sp->max_steps, sp->run_flags);
			sp->want = NULL;
			continue;
		}
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
		take_entry(sp, k, sp->up[next].id, it);
		lp_server_submit(sp->sv, k, sp->up[next].s, sp->max_steps, sp->run_flags);
		next++;
	}
}

/* A speculative execution ended: its result is copied out of the slot's area. */
static void on_done(void *arg, unsigned slot, const struct lp_exec_result *res)
{
	struct lp_spec *sp = arg;
	struct held *h = NULL;
	for (size_t i = 0; !h && i < LP_SPEC_ENTRIES; i++)
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
	for (size_t i = 0; i < LP_SPEC_ENTRIES; i++) {
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
	if (!h) { /* the first idle worker runs it */
		sp->want = s;
		sp->want_id = id;
		top_up(sp);
		while (sp->want)
			lp_server_wait(sp->sv);
		h = find(sp, id, it);
		BUG_ON(!h);
	}
	while (!h->done)
		lp_server_wait(sp->sv);
	sp->cur = *h;
	memset(h, 0, sizeof *h);
	sp->used += !sp->cur.asked;
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
	for (size_t i = 0; i < LP_SPEC_ENTRIES; i++) {
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
