/* scheduler/explore.c — depth-first exploration with iterative preemption bounding over
 * override lists (see explore.h for the search and why each schedule is visited once). */
#include "explore.h"
#include "sched-pick.h"

#include <stdlib.h>
#include <string.h>

struct vec {
	struct lp_schedule *v;
	size_t n, cap;
};

struct lp_explore {
	uint32_t phase;
	int bound;
	unsigned iteration;
	bool started, pending, finished;
	struct lp_schedule cur;  /* last schedule handed out */
	struct vec stack;        /* cost == iteration */
	struct vec seeds;        /* cost == iteration + 1 */
	uint64_t *counts;        /* executions per cost */
	uint64_t dropped;        /* children not explored: override list full */
	size_t n_counts;
	uint64_t iter_seeds, seeds_left; /* the iteration's seeds; those not yet popped */
};

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		abort(); /* the cli's allocator dies the same way on exhaustion */
	return q;
}

static void push(struct vec *v, struct lp_schedule s)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 64;
		v->v = xrealloc(v->v, v->cap * sizeof *v->v);
	}
	v->v[v->n++] = s;
}

struct lp_explore *lp_explore_new(uint32_t phase, int bound)
{
	struct lp_explore *ex = xrealloc(NULL, sizeof *ex);
	memset(ex, 0, sizeof *ex);
	ex->phase = phase;
	ex->bound = bound < 0 ? -1 : bound;
	return ex;
}

static void clear_vec(struct vec *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i].ov);
	free(v->v);
	memset(v, 0, sizeof *v);
}

void lp_explore_free(struct lp_explore *ex)
{
	if (!ex)
		return;
	clear_vec(&ex->stack);
	clear_vec(&ex->seeds);
	free(ex->cur.ov);
	free(ex->counts);
	free(ex);
}

static void count(struct lp_explore *ex, unsigned cost)
{
	if (cost >= ex->n_counts) {
		size_t n = cost + 8;
		ex->counts = xrealloc(ex->counts, n * sizeof *ex->counts);
		memset(ex->counts + ex->n_counts, 0, (n - ex->n_counts) * sizeof *ex->counts);
		ex->n_counts = n;
	}
	ex->counts[cost]++;
}

const struct lp_schedule *lp_explore_next(struct lp_explore *ex)
{
	if (ex->finished)
		return NULL;
	if (ex->pending) /* the caller skipped lp_explore_done: no children for that one */
		ex->pending = false;
	free(ex->cur.ov);
	memset(&ex->cur, 0, sizeof ex->cur);
	if (!ex->started) {
		ex->started = true;
		ex->iter_seeds = 1;
		ex->cur.phase = ex->phase;
	} else {
		while (ex->stack.n == 0) {
			if (ex->seeds.n == 0) {
				ex->finished = true;
				return NULL;
			}
			/* Next iteration: the seeds become the stack. Reverse them so the
			 * earliest-found seed runs first, as a plain DFS would. */
			struct vec t = ex->stack;
			ex->stack = ex->seeds;
			ex->seeds = t;
			for (size_t i = 0, j = ex->stack.n - 1; i < j; i++, j--) {
				struct lp_schedule s = ex->stack.v[i];
				ex->stack.v[i] = ex->stack.v[j];
				ex->stack.v[j] = s;
			}
			ex->iteration++;
			ex->iter_seeds = ex->seeds_left = ex->stack.n;
		}
		ex->cur = ex->stack.v[--ex->stack.n];
		/* Seeds sit below the DFS children pushed on top of them. */
		if (ex->stack.n < ex->seeds_left)
			ex->seeds_left = ex->stack.n;
	}
	ex->pending = true;
	count(ex, ex->cur.cost);
	return &ex->cur;
}

/* The rule itself is sched-pick.c's, shared with the preload; a decision the log marks
 * LP_DEC_YIELD counts as a yield point whatever its point. */
bool lp_explore_is_preemption(const struct lp_explore_decision *d, lp_tid_t chosen)
{
	uint32_t point = (d->flags & LP_DEC_YIELD) ? (uint32_t)LP_PT_YIELD : d->point;
	return lp_sched_is_preemption(d->candidates, d->n_candidates, d->running, point, chosen);
}

static struct lp_schedule child(const struct lp_schedule *parent, uint64_t step, lp_tid_t tid,
				unsigned cost)
{
	struct lp_schedule s = {.phase = parent->phase, .cost = cost, .n = parent->n + 1};
	s.ov = xrealloc(NULL, s.n * sizeof *s.ov);
	if (parent->n)
		memcpy(s.ov, parent->ov, parent->n * sizeof *s.ov);
	s.ov[parent->n] = (struct lp_override){.step = step, .tid = tid};
	return s;
}

void lp_explore_done(struct lp_explore *ex, const struct lp_explore_decision *d, size_t n)
{
	if (!ex->pending)
		return;
	ex->pending = false;
	const struct lp_schedule *p = &ex->cur;
	bool have_last = p->n > 0;
	uint64_t last = have_last ? p->ov[p->n - 1].step : 0;
	/* Push later steps first so the stack pops the earliest alternative first; the order
	 * inside one iteration does not matter for completeness, only for which violation of
	 * equal cost is found first. */
	for (size_t k = n; k-- > 0;) {
		if (have_last && d[k].step <= last)
			continue;
		if (p->n >= LP_MAX_OVERRIDES) {
			ex->dropped += d[k].n_candidates - 1; /* the cli reports it */
			continue;
		}
		for (uint32_t j = d[k].n_candidates; j-- > 0;) {
			lp_tid_t c = d[k].candidates[j];
			if (c == d[k].chosen)
				continue;
			unsigned cost = p->cost + (lp_explore_is_preemption(&d[k], c) ? 1u : 0u);
			if (ex->bound >= 0 && cost > (unsigned)ex->bound)
				continue;
			push(cost == p->cost ? &ex->stack : &ex->seeds, child(p, d[k].step, c, cost));
		}
	}
}

unsigned lp_explore_iteration(const struct lp_explore *ex)
{
	return ex->iteration;
}

uint64_t lp_explore_count(const struct lp_explore *ex, unsigned cost)
{
	return cost < ex->n_counts ? ex->counts[cost] : 0;
}

void lp_explore_progress(const struct lp_explore *ex, uint64_t *seeds, uint64_t *seeds_left, uint64_t *next_seeds)
{
	*seeds = ex->iter_seeds;
	*seeds_left = ex->seeds_left;
	*next_seeds = ex->seeds.n;
}

uint64_t lp_explore_dropped(const struct lp_explore *ex)
{
	return ex->dropped;
}
