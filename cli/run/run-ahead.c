/* cli/run/run-ahead.c — eager phase 1 and phase 2 on several workers: schedules run ahead
 * of their turn (run-ahead.h). */
#include "run-ahead.h"

#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"
#include "slot-pick.h"

/* Results held at once: enough that the workers rarely wait for the explorer to work
 * through the subtree above the schedules they ran ahead (at 64, the 6x1 queue test left
 * a worker idle over 7,000 times), little enough memory (each holds its execution log). */
#define LP_AHEAD_HELD_MAX 1024
/* and one more for the schedule asked for now */
#define LP_AHEAD_ENTRIES (LP_AHEAD_HELD_MAX + 1)
/* Entry of each schedule id: open addressing, a power of two over twice the entries. */
#define LP_AHEAD_MAP_BITS 12
#define LP_AHEAD_MAP (1u << LP_AHEAD_MAP_BITS)

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

struct lp_run_ahead {
	struct lp_server *sv;
	struct lp_explore *ex;
	uint64_t max_steps;
	uint32_t run_flags; /* phase 2's, whatever slot 0 runs meanwhile (golden, directed) */
	struct held h[LP_AHEAD_ENTRIES];
	uint16_t free_entries[LP_AHEAD_ENTRIES];
	size_t n_free;
	/* The entries a schedule can still be looked up in (used, not orphans): their ids and
	 * iterations side by side, so that passing over them scans little memory. */
	uint16_t map[LP_AHEAD_MAP]; /* entry index + 1, 0 for none */
	uint64_t key_id[LP_AHEAD_ENTRIES];
	unsigned key_iteration[LP_AHEAD_ENTRIES];
	bool keyed[LP_AHEAD_ENTRIES];
	struct held *running[LP_MAX_SLOTS]; /* the entry of each busy slot */
	struct held cur;		    /* the result last handed out */
	/* The schedule the explorer asks for now, when no slot has it yet: the next slot
	 * picked takes it before any upcoming one. */
	const struct lp_schedule *want;
	uint64_t want_id;
	uint64_t wasted, used;
	lp_run_ahead_expand_fn *expand;
	void *expand_arg;
	struct lp_explore_upcoming up[LP_MAX_SLOTS];
};

static size_t index_of(const struct lp_run_ahead *ra, const struct held *h)
{
	return (size_t)(h - ra->h);
}

static size_t hash(uint64_t id)
{
	return (size_t)((id * 0x9E3779B97F4A7C15ull) >> (64 - LP_AHEAD_MAP_BITS));
}

static void key_add(struct lp_run_ahead *ra, struct held *h)
{
	size_t e = index_of(ra, h), i = hash(h->id);
	while (ra->map[i])
		i = (i + 1) & (LP_AHEAD_MAP - 1);
	ra->map[i] = (uint16_t)(e + 1);
	ra->key_id[e] = h->id;
	ra->key_iteration[e] = h->iteration;
	ra->keyed[e] = true;
}

/* Removes h's id; the later ones of its probe run move up (linear probing). */
static void key_remove(struct lp_run_ahead *ra, struct held *h)
{
	size_t e = index_of(ra, h);
	if (!ra->keyed[e])
		return;
	ra->keyed[e] = false;
	size_t i = hash(h->id);
	while (ra->map[i] != e + 1)
		i = (i + 1) & (LP_AHEAD_MAP - 1);
	ra->map[i] = 0;
	for (size_t j = (i + 1) & (LP_AHEAD_MAP - 1); ra->map[j];
	     j = (j + 1) & (LP_AHEAD_MAP - 1)) {
		size_t home = hash(ra->key_id[ra->map[j] - 1]);
		/* The entry at j stays unless its home lies cyclically in (i, j]. */
		bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
		if (!stays) {
			ra->map[i] = ra->map[j];
			ra->map[j] = 0;
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
static void held_release(struct lp_run_ahead *ra, struct held *h)
{
	key_remove(ra, h);
	result_clear(h);
	ra->free_entries[ra->n_free++] = (uint16_t)index_of(ra, h);
}

static char *dup_or_null(const char *s) { return s ? lp_xstrdup(s) : NULL; }

static struct held *find(struct lp_run_ahead *ra, uint64_t id, unsigned iteration)
{
	for (size_t i = hash(id); ra->map[i]; i = (i + 1) & (LP_AHEAD_MAP - 1)) {
		size_t e = ra->map[i] - 1u;
		if (ra->key_id[e] == id)
			return ra->key_iteration[e] == iteration ? &ra->h[e] : NULL;
	}
	return NULL;
}

static size_t live(const struct lp_run_ahead *ra) { return LP_AHEAD_ENTRIES - ra->n_free; }

static struct held *take_entry(struct lp_run_ahead *ra, unsigned slot, uint64_t id,
			       unsigned iteration)
{
	BUG_ON(!ra->n_free);
	BUG_ON(find(ra, id, iteration)); /* one worker per schedule: it was marked started */
	struct held *h = &ra->h[ra->free_entries[--ra->n_free]];
	*h = (struct held){.used = true, .id = id, .iteration = iteration};
	key_add(ra, h);
	ra->running[slot] = h;
	return h;
}

/* The slot the next execution goes to (slot-pick.h), 0 if none. */
static unsigned idle_slot(const struct lp_run_ahead *ra)
{
	bool busy[LP_MAX_SLOTS];
	unsigned par = lp_server_parallel(ra->sv);
	for (unsigned k = 1; k <= par; k++)
		busy[k] = lp_server_busy(ra->sv, k);
	return lp_slot_pick(busy, par, lp_server_workers(ra->sv));
}

/* Idle slots take the schedule asked for now, if no slot has it, then the next ones the
 * explorer will ask for that no slot has taken: first on the workers with nothing to run. */
static void top_up(struct lp_run_ahead *ra)
{
	unsigned it = lp_explore_iteration(ra->ex), k;
	size_t n_up = 0, next = 0;
	bool listed = false;
	while ((k = idle_slot(ra))) {
		if (ra->want) { /* its entry is the one kept free for it */
			take_entry(ra, k, ra->want_id, it)->asked = true;
			lp_server_submit(ra->sv, k, ra->want, ra->max_steps, ra->run_flags);
			ra->want = NULL;
			continue;
		}
		if (live(ra) >= LP_AHEAD_HELD_MAX)
			break;
		if (!listed) { /* the list skips the schedules marked started */
			n_up = lp_explore_upcoming(
			    ra->ex, lp_slot_submitted_max(lp_server_workers(ra->sv)), ra->up);
			listed = true;
		}
		if (next == n_up)
			break;
		take_entry(ra, k, ra->up[next].id, it);
		lp_server_submit(ra->sv, k, ra->up[next].s, ra->max_steps, ra->run_flags);
		next++;
	}
	/* Marked after the list, which points into it; every one taken, or another worker
	 * would take it again. */
	for (size_t i = 0; i < next; i++)
		lp_explore_mark_started(ra->ex, ra->up[i].id);
}

/* A speculative execution ended: its result is copied out of the slot's area. */
static void on_done(void *arg, unsigned slot, const struct lp_exec_result *res)
{
	struct lp_run_ahead *ra = arg;
	struct held *h = slot < LP_MAX_SLOTS ? ra->running[slot] : NULL;
	BUG_ON(!h || h->done);
	ra->running[slot] = NULL;
	if (h->orphan) {
		ra->wasted++;
		held_release(ra, h);
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
		bool turn = h->id == lp_explore_current_id(ra->ex) &&
			    h->iteration == lp_explore_iteration(ra->ex);
		if (ra->expand && !h->asked && !turn)
			ra->expand(ra->expand_arg, ra->ex, h->id, h->iteration, &h->res);
	}
	top_up(ra);
}

struct lp_run_ahead *lp_run_ahead_new(struct lp_server *sv, struct lp_explore *ex,
				      uint64_t max_steps)
{
	struct lp_run_ahead *ra = lp_xmalloc(sizeof *ra);
	memset(ra, 0, sizeof *ra);
	for (size_t i = 0; i < LP_AHEAD_ENTRIES; i++) /* the lowest entries first */
		ra->free_entries[ra->n_free++] = (uint16_t)(LP_AHEAD_ENTRIES - 1 - i);
	ra->sv = sv;
	ra->ex = ex;
	ra->max_steps = max_steps;
	ra->run_flags = sv->run_flags & ~(uint32_t)(LP_RUN_GOLDEN | LP_RUN_DIRECTED);
	sv->on_done = on_done;
	sv->done_arg = ra;
	return ra;
}

void lp_run_ahead_set_expand(struct lp_run_ahead *ra, lp_run_ahead_expand_fn *fn, void *arg)
{
	ra->expand = fn;
	ra->expand_arg = arg;
}

/* Entries whose schedules the explorer passed over (explore.h: ids above the current one,
 * or of an earlier iteration) are not needed any more. */
static void forget_passed(struct lp_run_ahead *ra, uint64_t id, unsigned iteration)
{
	for (size_t e = 0; e < LP_AHEAD_ENTRIES; e++) {
		if (!ra->keyed[e] || (ra->key_iteration[e] == iteration && ra->key_id[e] <= id))
			continue;
		struct held *h = &ra->h[e];
		if (h->done) {
			ra->wasted++;
			held_release(ra, h);
		} else {
			key_remove(ra, h);
			h->orphan = true;
		}
	}
}

void lp_run_ahead_result(struct lp_run_ahead *ra, const struct lp_schedule *s,
			 struct lp_exec_result *res)
{
	result_clear(&ra->cur);
	uint64_t id = lp_explore_current_id(ra->ex);
	unsigned it = lp_explore_iteration(ra->ex);
	forget_passed(ra, id, it);
	struct held *h = find(ra, id, it);
	if (!h) { /* the next slot picked runs it */
		ra->want = s;
		ra->want_id = id;
		top_up(ra);
		while (ra->want)
			lp_server_wait(ra->sv);
		h = find(ra, id, it);
		BUG_ON(!h);
	}
	while (!h->done)
		lp_server_wait(ra->sv);
	ra->cur = *h;
	h->log = h->log_lines = h->fatal = NULL; /* now ra->cur's */
	held_release(ra, h);
	ra->used += !ra->cur.asked;
	top_up(ra);
	*res = ra->cur.res;
	ra->sv->last_log = res->log;
	ra->sv->last_log_len = res->log_len;
}

uint64_t lp_run_ahead_wasted(const struct lp_run_ahead *ra) { return ra->wasted; }
uint64_t lp_run_ahead_used(const struct lp_run_ahead *ra) { return ra->used; }

void lp_run_ahead_clear_flags(struct lp_run_ahead *ra, uint32_t flags) { ra->run_flags &= ~flags; }

void lp_run_ahead_stop(struct lp_run_ahead *ra)
{
	if (!ra || !ra->sv)
		return;
	ra->sv->on_done = NULL;
	lp_server_cancel(ra->sv);
	ra->sv = NULL;
	for (size_t i = 0; i < LP_AHEAD_ENTRIES; i++)
		if (ra->h[i].used) {
			ra->wasted++;
			held_release(ra, &ra->h[i]);
		}
	memset(ra->running, 0, sizeof ra->running);
}

void lp_run_ahead_free(struct lp_run_ahead *ra)
{
	if (!ra)
		return;
	lp_run_ahead_stop(ra);
	result_clear(&ra->cur);
	free(ra);
}
