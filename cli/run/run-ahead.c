/* cli/run/run-ahead.c — phase 2 on several workers (run-ahead.h). */
#include "run-ahead.h"

#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"
#include "slot-pick.h"

/* Results held at once: enough that the workers rarely wait for the explorer to work
 * through the subtree above the schedules they ran ahead (at 64, the 6x1 queue test left
 * a worker idle over 7,000 times), little enough memory (each holds its execution log). */
#define LP_SPEC_HELD_MAX 1024
/* and one more for the schedule asked for now */
#define LP_SPEC_ENTRIES (LP_SPEC_HELD_MAX + 1)
/* Entry of each schedule id: open addressing, a power of two over twice the entries. */
#define LP_SPEC_MAP_BITS 12
#define LP_SPEC_MAP (1u << LP_SPEC_MAP_BITS)

struct held {
	bool used;   /* the entry is taken */
	bool done;   /* the execution ended: res holds its copied result */
	bool orphan; /* its schedule is gone (pruned): dropped when it ends */
	bool asked;  /* started when its turn had come: not ahead of it */
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
	uint16_t free_entries[LP_SPEC_ENTRIES];
	size_t n_free;
	/* The entries a schedule can still be looked up in (used, not orphans): their ids and
	 * iterations side by side, so that passing over them scans little memory. */
	uint16_t map[LP_SPEC_MAP]; /* entry index + 1, 0 for none */
	uint64_t key_id[LP_SPEC_ENTRIES];
	unsigned key_iteration[LP_SPEC_ENTRIES];
	bool keyed[LP_SPEC_ENTRIES];
	struct held *running[LP_MAX_SLOTS]; /* the entry of each busy slot */
	struct held cur;		    /* the result last handed out */
	/* The schedule the explorer asks for now, when no slot has it yet: the next slot
	 * picked takes it before any upcoming one. */
	const struct lp_schedule *want;
	uint64_t want_id;
	uint64_t wasted, used;
	lp_spec_expand_fn *expand;
	void *expand_arg;
	struct lp_explore_upcoming up[LP_MAX_SLOTS];
};

static size_t index_of(const struct lp_spec *sp, const struct held *h)
{
	return (size_t)(h - sp->h);
}

static size_t hash(uint64_t id)
{
	return (size_t)((id * 0x9E3779B97F4A7C15ull) >> (64 - LP_SPEC_MAP_BITS));
}

static void key_add(struct lp_spec *sp, struct held *h)
{
	size_t e = index_of(sp, h), i = hash(h->id);
	while (sp->map[i])
		i = (i + 1) & (LP_SPEC_MAP - 1);
	sp->map[i] = (uint16_t)(e + 1);
	sp->key_id[e] = h->id;
	sp->key_iteration[e] = h->iteration;
	sp->keyed[e] = true;
}

/* Removes h's id; the later ones of its probe run move up (linear probing). */
static void key_remove(struct lp_spec *sp, struct held *h)
{
	size_t e = index_of(sp, h);
	if (!sp->keyed[e])
		return;
	sp->keyed[e] = false;
	size_t i = hash(h->id);
	while (sp->map[i] != e + 1)
		i = (i + 1) & (LP_SPEC_MAP - 1);
	sp->map[i] = 0;
	for (size_t j = (i + 1) & (LP_SPEC_MAP - 1); sp->map[j]; j = (j + 1) & (LP_SPEC_MAP - 1)) {
		size_t home = hash(sp->key_id[sp->map[j] - 1]);
		/* The entry at j stays unless its home lies cyclically in (i, j]. */
		bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
		if (!stays) {
			sp->map[i] = sp->map[j];
			sp->map[j] = 0;
			i = j;
		}
	}
}

/* Frees what a result holds (a held entry's, or the one last handed out). */
static void result_clear(struct held *h)
{
	free(h->log);
	free(h->log_lines);
	free(h->fatal);
	memset(h, 0, sizeof *h);
}

/* Frees the entry: its memory, its key, its place. */
static void held_release(struct lp_spec *sp, struct held *h)
{
	key_remove(sp, h);
	result_clear(h);
	sp->free_entries[sp->n_free++] = (uint16_t)index_of(sp, h);
}

static char *dup_or_null(const char *s) { return s ? lp_xstrdup(s) : NULL; }

static struct held *find(struct lp_spec *sp, uint64_t id, unsigned iteration)
{
	for (size_t i = hash(id); sp->map[i]; i = (i + 1) & (LP_SPEC_MAP - 1)) {
		size_t e = sp->map[i] - 1u;
		if (sp->key_id[e] == id)
			return sp->key_iteration[e] == iteration ? &sp->h[e] : NULL;
	}
	return NULL;
}

static size_t live(const struct lp_spec *sp) { return LP_SPEC_ENTRIES - sp->n_free; }

static struct held *take_entry(struct lp_spec *sp, unsigned slot, uint64_t id, unsigned iteration)
{
	BUG_ON(!sp->n_free);
	BUG_ON(find(sp, id, iteration)); /* one worker per schedule: it was marked started */
	struct held *h = &sp->h[sp->free_entries[--sp->n_free]];
	*h = (struct held){.used = true, .id = id, .iteration = iteration};
	key_add(sp, h);
	sp->running[slot] = h;
	return h;
}

/* The slot the next execution goes to (slot-pick.h), 0 if none. */
static unsigned idle_slot(const struct lp_spec *sp)
{
	bool busy[LP_MAX_SLOTS];
	unsigned par = lp_server_parallel(sp->sv);
	for (unsigned k = 1; k <= par; k++)
		busy[k] = lp_server_busy(sp->sv, k);
	return lp_slot_pick(busy, par, lp_server_workers(sp->sv));
}

/* Idle slots take the schedule asked for now, if no slot has it, then the next ones the
 * explorer will ask for that no slot has taken: first on the workers with nothing to run. */
static void top_up(struct lp_spec *sp)
{
	unsigned it = lp_explore_iteration(sp->ex), k;
	size_t n_up = 0, next = 0;
	bool listed = false;
	while ((k = idle_slot(sp))) {
		if (sp->want) { /* its entry is the one kept free for it */
			take_entry(sp, k, sp->want_id, it)->asked = true;
			lp_server_submit(sp->sv, k, sp->want, sp->max_steps, sp->run_flags);
			sp->want = NULL;
			continue;
		}
		if (live(sp) >= LP_SPEC_HELD_MAX)
			break;
		if (!listed) { /* the list skips the schedules marked started */
			n_up = lp_explore_upcoming(
			    sp->ex, lp_slot_submitted_max(lp_server_workers(sp->sv)), sp->up);
			listed = true;
		}
		if (next == n_up)
			break;
		take_entry(sp, k, sp->up[next].id, it);
		lp_server_submit(sp->sv, k, sp->up[next].s, sp->max_steps, sp->run_flags);
		next++;
	}
	/* Marked after the list, which points into it; every one taken, or another worker
	 * would take it again. */
	for (size_t i = 0; i < next; i++)
		lp_explore_mark_started(sp->ex, sp->up[i].id);
}

/* A speculative execution ended: its result is copied out of the slot's area. */
static void on_done(void *arg, unsigned slot, const struct lp_exec_result *res)
{
	struct lp_spec *sp = arg;
	struct held *h = slot < LP_MAX_SLOTS ? sp->running[slot] : NULL;
	BUG_ON(!h || h->done);
	sp->running[slot] = NULL;
	if (h->orphan) {
		sp->wasted++;
		held_release(sp, h);
	} else {
		h->done = true;
		h->res = *res;
		h->log = lp_xmalloc(res->log_len ? res->log_len : 1);
		memcpy(h->log, res->log, res->log_len);
		h->res.log = h->log;
		h->res.log_lines = h->log_lines = dup_or_null(res->log_lines);
		h->res.fatal = h->fatal = dup_or_null(res->fatal);
		/* not once its turn has come (the explorer waits for it): its id may be
		 * taken again (explore.h) */
		bool turn = h->id == lp_explore_current_id(sp->ex) &&
			    h->iteration == lp_explore_iteration(sp->ex);
		if (sp->expand && !h->asked && !turn)
			sp->expand(sp->expand_arg, sp->ex, h->id, h->iteration, &h->res);
	}
	top_up(sp);
}

struct lp_spec *lp_spec_new(struct lp_server *sv, struct lp_explore *ex, uint64_t max_steps)
{
	struct lp_spec *sp = lp_xmalloc(sizeof *sp);
	memset(sp, 0, sizeof *sp);
	for (size_t i = 0; i < LP_SPEC_ENTRIES; i++) /* the lowest entries first */
		sp->free_entries[sp->n_free++] = (uint16_t)(LP_SPEC_ENTRIES - 1 - i);
	sp->sv = sv;
	sp->ex = ex;
	sp->max_steps = max_steps;
	sp->run_flags = sv->run_flags & ~(uint32_t)(LP_RUN_GOLDEN | LP_RUN_DIRECTED);
	sv->on_done = on_done;
	sv->done_arg = sp;
	return sp;
}

void lp_spec_set_expand(struct lp_spec *sp, lp_spec_expand_fn *fn, void *arg)
{
	sp->expand = fn;
	sp->expand_arg = arg;
}

/* Entries whose schedules the explorer passed over (explore.h: ids above the current one,
 * or of an earlier iteration) are not needed any more. */
static void forget_passed(struct lp_spec *sp, uint64_t id, unsigned iteration)
{
	for (size_t e = 0; e < LP_SPEC_ENTRIES; e++) {
		if (!sp->keyed[e] || (sp->key_iteration[e] == iteration && sp->key_id[e] <= id))
			continue;
		struct held *h = &sp->h[e];
		if (h->done) {
			sp->wasted++;
			held_release(sp, h);
		} else {
			key_remove(sp, h);
			h->orphan = true;
		}
	}
}

void lp_spec_run(struct lp_spec *sp, const struct lp_schedule *s, struct lp_exec_result *res)
{
	result_clear(&sp->cur);
	uint64_t id = lp_explore_current_id(sp->ex);
	unsigned it = lp_explore_iteration(sp->ex);
	forget_passed(sp, id, it);
	struct held *h = find(sp, id, it);
	if (!h) { /* the next slot picked runs it */
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
	h->log = h->log_lines = h->fatal = NULL; /* now sp->cur's */
	held_release(sp, h);
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
	for (size_t i = 0; i < LP_SPEC_ENTRIES; i++)
		if (sp->h[i].used) {
			sp->wasted++;
			held_release(sp, &sp->h[i]);
		}
	memset(sp->running, 0, sizeof sp->running);
}

void lp_spec_free(struct lp_spec *sp)
{
	if (!sp)
		return;
	lp_spec_stop(sp);
	result_clear(&sp->cur);
	free(sp);
}
