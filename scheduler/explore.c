/* scheduler/explore.c — depth-first exploration with iterative preemption bounding over
 * override lists (see explore.h for the search and why each schedule is visited once). */
#include "explore.h"
#include "explore-log.h"
#include "explore-points.h"
#include "explore-stats.h"
#include "footprint.h"
#include "sched-pick.h"
#include "state-cache.h"

#include <stdlib.h>
#include <string.h>

/* Ids are pushes counted in the high bits: the children lp_explore_expand puts below a
 * schedule take ids in the gap under it (2^40 pushes; nested expansions until a gap is
 * too small to share, and then the children wait for their parent's turn as usual). */
#define ID_SHIFT 24

/* A schedule waiting to run, with the sleep set at its last override (before that
 * override's own step is known: it is filtered once the schedule has run). */
struct pending {
	struct lp_schedule s;
	uint64_t id; /* increasing from the stack's bottom to its top (lp_explore_upcoming) */
	size_t n_sleep;
	struct lp_sleeper *sleep;
	/* The trace of the point its override's step reaches, when known: the schedule adds
	 * nothing once that point is explored (state-cache.h), which may happen before it
	 * runs. */
	bool have_first;
	struct lp_state_key first;
	uint64_t first_sleep;
	/* For lp_explore_upcoming: a worker has it (lp_explore_mark_started); found covered
	 * (the cache only grows, so it stays covered). */
	bool started, covered;
	bool seed; /* one of the iteration's seeds (lp_explore_progress) */
	/* Its children were made ahead of its turn (lp_explore_expand): those of this
	 * iteration sit right below it; the rest, and what leaving some out counted, wait in
	 * `ahead` for its lp_explore_done. */
	struct ahead *ahead;
};

struct vec {
	struct pending *v;
	size_t n, cap;
};

/* Where lp_explore_done's children go: the search's stack (cost <= iteration) and seeds,
 * and its counters; or, for a schedule expanded ahead of its turn, lists kept aside. */
struct sink {
	struct vec *now, *later;
	uint64_t *symmetric, *dropped;
	bool held; /* children kept back (explore.h, "Join returns"): counted as pruned */
};

struct ahead {
	struct vec later;
	uint64_t symmetric, dropped;
};

struct lp_explore {
	uint32_t phase;
	int bound;
	unsigned iteration;
	bool started, pending, finished;
	enum lp_reduction reduction;
	struct lp_schedule cur;	 /* last schedule handed out */
	struct ahead *cur_ahead; /* its children, when made ahead (lp_explore_expand) */
	size_t n_cur_sleep;
	struct lp_sleeper *cur_sleep;
	uint64_t *pruned; /* alternatives left out by the reduction, per cost */
	size_t n_pruned;
	struct vec stack; /* cost == iteration */
	struct vec seeds; /* cost == iteration + 1 */
	uint64_t *counts; /* executions per cost */
	uint64_t dropped; /* children not explored: override list full */
	size_t n_counts;
	uint64_t iter_seeds, seeds_left; /* the iteration's seeds; those not yet popped */
	struct lp_symmetry_member *sym;	 /* at most 64 */
	size_t n_sym;
	uint64_t symmetric;		/* alternatives left out by symmetry */
	struct lp_state_cache *cache;	/* points explored (state-cache.h), with a reduction */
	struct lp_explore_stats *stats; /* with a reduction */
	lp_tid_t sleep_tid[64];		/* the bit of each thread in the cache's sleep sets */
	unsigned n_sleep_tid;
	uint64_t next_id, cur_id;
	/* Invisible steps (explore.h): alternatives left out while no execution has shown a
	 * yield point or ended early, run after all once one does. */
	bool invisible_off;
	struct vec deferred;
	/* Join returns (explore.h): the same, while no execution has shown a yield point, an
	 * early end, or a step on the thread table by a thread other than table_owner. */
	bool join_off;
	struct vec join_deferred;
	lp_tid_t table_owner;
};

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		abort(); /* no message: the explorer does no I/O (the cli's own lp_xmalloc exits 2
			    with one) */
	return q;
}

void lp_explore_set_symmetry(struct lp_explore *ex, const struct lp_symmetry_member *m, size_t n)
{
	if (n > 64)
		n = 64;
	ex->sym = xrealloc(ex->sym, (n + 1) * sizeof *ex->sym);
	memcpy(ex->sym, m, n * sizeof *m);
	ex->n_sym = n;
}

uint64_t lp_explore_symmetric(const struct lp_explore *ex) { return ex->symmetric; }

static int member_of(const struct lp_explore *ex, lp_tid_t t)
{
	for (size_t i = 0; i < ex->n_sym; i++)
		if (ex->sym[i].tid == t)
			return (int)i;
	return -1;
}

/* Whether c starting at a node where the members in `started` (a bit per member) have
 * started would put it before a lower member of its group. */
static bool out_of_order(const struct lp_explore *ex, uint64_t started, lp_tid_t c)
{
	int ci = member_of(ex, c);
	if (ci < 0 || (started >> ci & 1))
		return false;
	for (size_t i = 0; i < ex->n_sym; i++)
		if (ex->sym[i].group == ex->sym[ci].group && ex->sym[i].tid < c &&
		    !(started >> i & 1))
			return true;
	return false;
}

static void push(struct lp_explore *ex, struct vec *v, struct pending s)
{
	s.id = ++ex->next_id << ID_SHIFT;
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
	ex->table_owner = LP_TID_NONE;
	return ex;
}

static void clear_vec(struct vec *v);

static void ahead_free(struct ahead *a)
{
	if (!a)
		return;
	clear_vec(&a->later);
	free(a);
}

static void clear_vec(struct vec *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free(v->v[i].s.ov);
		free(v->v[i].sleep);
		ahead_free(v->v[i].ahead);
	}
	free(v->v);
	memset(v, 0, sizeof *v);
}

void lp_explore_free(struct lp_explore *ex)
{
	if (!ex)
		return;
	clear_vec(&ex->stack);
	clear_vec(&ex->seeds);
	clear_vec(&ex->deferred);
	clear_vec(&ex->join_deferred);
	free(ex->cur.ov);
	free(ex->cur_sleep);
	ahead_free(ex->cur_ahead);
	free(ex->counts);
	free(ex->pruned);
	free(ex->sym);
	lp_state_cache_free(ex->cache);
	lp_explore_stats_free(ex->stats);
	free(ex);
}

static void count(uint64_t **v, size_t *n_v, unsigned cost)
{
	if (cost >= *n_v) {
		size_t n = cost + 8;
		*v = xrealloc(*v, n * sizeof **v);
		memset(*v + *n_v, 0, (n - *n_v) * sizeof **v);
		*n_v = n;
	}
	(*v)[cost]++;
}

/* Whether the point a pending schedule's override reaches was explored (explore-points.h). */
static bool first_covered(const struct lp_explore *ex, const struct pending *p)
{
	return lp_points_first_covered(ex->cache, &p->first, p->s.ov[p->s.n - 1].tid, p->s.cost,
				       p->first_sleep);
}

const struct lp_schedule *lp_explore_next(struct lp_explore *ex)
{
	if (ex->finished)
		return NULL;
	if (ex->pending) /* the caller skipped lp_explore_done: no children for that one */
		ex->pending = false;
	free(ex->cur.ov);
	memset(&ex->cur, 0, sizeof ex->cur);
	free(ex->cur_sleep);
	ex->cur_sleep = NULL;
	ex->n_cur_sleep = 0;
	ahead_free(ex->cur_ahead);
	ex->cur_ahead = NULL;
	if (!ex->started) {
		ex->started = true;
		ex->iter_seeds = 1;
		ex->cur.phase = ex->phase;
	} else {
		struct pending p;
		for (;;) {
			while (ex->stack.n == 0) {
				if (ex->seeds.n == 0) {
					ex->finished = true;
					return NULL;
				}
				/* Next iteration: the seeds become the stack. Reverse them so
				 * the earliest-found seed runs first, as a plain DFS would. */
				struct vec t = ex->stack;
				ex->stack = ex->seeds;
				ex->seeds = t;
				for (size_t i = 0, j = ex->stack.n - 1; i < j; i++, j--) {
					struct pending s = ex->stack.v[i];
					ex->stack.v[i] = ex->stack.v[j];
					ex->stack.v[j] = s;
				}
				for (size_t i = 0; i < ex->stack.n; i++) {
					ex->stack.v[i].id = ++ex->next_id << ID_SHIFT;
					ex->stack.v[i].seed = true;
				}
				ex->iteration++;
				ex->iter_seeds = ex->seeds_left = ex->stack.n;
			}
			p = ex->stack.v[--ex->stack.n];
			ex->seeds_left -= p.seed;
			if (!p.covered && (!p.have_first || !first_covered(ex, &p)))
				break;
			count(&ex->pruned, &ex->n_pruned, p.s.cost); /* explored since generated */
			free(p.s.ov);
			free(p.sleep);
			ahead_free(p.ahead);
		}
		ex->cur = p.s;
		ex->cur_id = p.id;
		ex->cur_sleep = p.sleep;
		ex->n_cur_sleep = p.n_sleep;
		ex->cur_ahead = p.ahead;
	}
	ex->pending = true;
	count(&ex->counts, &ex->n_counts, ex->cur.cost);
	return &ex->cur;
}

static struct pending child(const struct lp_schedule *parent, uint64_t step, lp_tid_t tid,
			    unsigned cost, const struct lp_sleeper *z, size_t nz,
			    const struct lp_sleeper *extra, size_t n_extra)
{
	struct pending c = {.s = {.phase = parent->phase, .cost = cost, .n = parent->n + 1}};
	c.s.ov = xrealloc(NULL, c.s.n * sizeof *c.s.ov);
	if (parent->n)
		memcpy(c.s.ov, parent->ov, parent->n * sizeof *c.s.ov);
	c.s.ov[parent->n] = (struct lp_override){.step = step, .tid = tid};
	c.n_sleep = nz + n_extra;
	if (c.n_sleep) {
		c.sleep = xrealloc(NULL, c.n_sleep * sizeof *c.sleep);
		if (nz)
			memcpy(c.sleep, z, nz * sizeof *z);
		if (n_extra)
			memcpy(c.sleep + nz, extra, n_extra * sizeof *extra);
	}
	return c;
}

/* A premise of a rule broke (a yield point, a run ended early; for join returns also a
 * step on the thread table by another thread): the alternatives it left out are run after
 * all, next (explore.h, "Invisible steps", "Join returns"), and no more are left out. */
static void release_deferred(struct lp_explore *ex, struct vec *deferred, bool *off)
{
	*off = true;
	for (size_t i = 0; i < deferred->n; i++) {
		struct pending *q = &deferred->v[i];
		if (q->s.cost < ex->n_pruned && ex->pruned[q->s.cost])
			ex->pruned[q->s.cost]--;
		push(ex, q->s.cost <= ex->iteration ? &ex->stack : &ex->seeds, *q);
	}
	free(deferred->v);
	memset(deferred, 0, sizeof *deferred);
}

/* The sleep set as a bit per thread; false when a thread has no bit (more than 64 seen). */
static bool sleep_mask(struct lp_explore *ex, const struct lp_sleeper *z, size_t nz, uint64_t *mask)
{
	*mask = 0;
	for (size_t i = 0; i < nz; i++) {
		unsigned b = 0;
		while (b < ex->n_sleep_tid && ex->sleep_tid[b] != z[i].tid)
			b++;
		if (b == ex->n_sleep_tid) {
			if (b == 64)
				return false;
			ex->sleep_tid[ex->n_sleep_tid++] = z[i].tid;
		}
		*mask |= 1ull << b;
	}
	return true;
}

/* What generate learns of one decision log, node by node (walk_free frees it). */
struct walk {
	const struct lp_explore_decision *d;
	size_t n;
	size_t first, end; /* the nodes with children: [first, end) */
	bool reduce;
	struct lp_sleeper **at; /* the sleepers at each node (sleep sets shrink along the walk) */
	size_t *n_at;
	/* A point explored before (state-cache.h) ends the walk too: its subtree covers this
	 * one's. The points of this log after the last override all have this schedule's
	 * cost (default choices never preempt). */
	struct lp_state_key *keys;
	/* The points the children's overrides reach, where their steps are known: node k's
	 * are q[q_at[k] .. q_at[k + 1]). */
	struct lp_state_query *q;
	size_t nq, *q_at;
	uint64_t *started, *at_start; /* symmetry (walk_symmetry) */
	struct lp_forced *run;	      /* forced runs (explore-log.h) */
	/* The first node whose chosen thread runs a join return (explore.h, "Join returns"),
	 * SIZE_MAX: none; postponed when the walk got there awake: the children of the nodes
	 * after it are then kept back. */
	size_t stop;
	bool postponed;
};

static void walk_free(struct walk *w)
{
	for (size_t k = w->first; k < w->end; k++)
		free(w->at[k]);
	free(w->at);
	free(w->n_at);
	free(w->keys);
	free(w->q);
	free(w->q_at);
	free(w->run);
	free(w->started);
	free(w->at_start);
}

/* The first node after p's last override; its sleepers z (nz of them) filtered by that
 * override's step. Returns how many stay. */
static size_t walk_first(struct lp_explore *ex, const struct lp_schedule *p, struct walk *w,
			 struct lp_sleeper *z, size_t nz)
{
	const struct lp_explore_decision *d = w->d;
	size_t n = w->n;
	w->first = 0;
	if (!w->reduce)
		nz = 0;
	if (p->n == 0)
		return nz;
	uint64_t last = p->ov[p->n - 1].step;
	while (w->first < n && d[w->first].step < last)
		w->first++;
	if (w->first < n && d[w->first].step == last) {
		nz = lp_sleep_after(z, nz, d, n, w->first, ex->reduction);
		w->first++;
		return nz;
	}
	return 0;
}

/* The trace names of the log's points and of the points the children's overrides reach. */
static void walk_queries(struct lp_explore *ex, struct walk *w)
{
	const struct lp_explore_decision *d = w->d;
	size_t n = w->n, cap = 0;
	for (size_t k = w->first; k < n; k++)
		cap += d[k].n_candidates;
	w->q = xrealloc(NULL, (cap + 1) * sizeof *w->q);
	w->q_at = xrealloc(NULL, (n + 1) * sizeof *w->q_at);
	for (size_t k = w->first; k <= n; k++) {
		w->q_at[k] = w->nq;
		for (uint32_t j = 0; k < n && d[k].n_candidates > 1 && j < d[k].n_candidates; j++) {
			struct lp_state_query *e = &w->q[w->nq];
			e->k = k;
			e->tid = d[k].candidates[j];
			/* a flush reaches a point of the thread running at k, asked again: its key
			 * is no candidate's (explore-points.h) */
			if (e->tid != d[k].chosen && !lp_tid_is_buffer(e->tid) &&
			    lp_log_next_step(d, n, k, e->tid, ex->reduction, &e->fp))
				w->nq++;
		}
	}
	w->keys = xrealloc(NULL, n * sizeof *w->keys);
	lp_state_keys(d, n, ex->reduction, w->keys, w->q, w->nq);
}

/* The walk from `first` with sleepers z: a node whose chosen thread sleeps ends it (what
 * follows is equivalent to a schedule explored from an earlier sibling), and so does a
 * point explored before. */
static enum lp_walk_end walk_sleep(struct lp_explore *ex, unsigned cost, struct walk *w,
				   struct lp_sleeper *z, size_t nz)
{
	const struct lp_explore_decision *d = w->d;
	size_t n = w->n;
	w->end = n;
	for (size_t k = w->first; k < n; k++) {
		uint64_t mask;
		if (w->keys && d[k].n_candidates > 1 && sleep_mask(ex, z, nz, &mask) &&
		    lp_points_seen(ex->cache, &d[k], &w->keys[k], cost, mask)) {
			count(&ex->pruned, &ex->n_pruned, cost);
			w->end = k;
			return LP_WALK_COVERED;
		}
		w->at[k] = nz ? xrealloc(NULL, nz * sizeof *z) : NULL;
		if (nz)
			memcpy(w->at[k], z, nz * sizeof *z);
		w->n_at[k] = nz;
		w->end = k + 1;
		if (!lp_log_is_yield_point(&d[k]) && lp_sleep_has(z, nz, d[k].chosen))
			return LP_WALK_ASLEEP;
		w->postponed |= k == w->stop;
		nz = lp_sleep_after(z, nz, d, n, k, ex->reduction);
	}
	return LP_WALK_FULL;
}

/* Symmetry: at each node, which members have started their first operation, and which
 * stand at an operation start (so that choosing them starts one). */
static void walk_symmetry(const struct lp_explore *ex, struct walk *w)
{
	const struct lp_explore_decision *d = w->d;
	w->started = xrealloc(NULL, (w->n + 1) * sizeof *w->started);
	w->at_start = xrealloc(NULL, (w->n + 1) * sizeof *w->at_start);
	uint64_t go = 0, ready = 0;
	for (size_t k = 0; k < w->n; k++) {
		int r = member_of(ex, d[k].running), ch = member_of(ex, d[k].chosen);
		if (r >= 0 && d[k].point == LP_PT_OP_START)
			ready |= 1ull << r;
		w->started[k] = go, w->at_start[k] = ready;
		if (ch >= 0 && (ready >> ch & 1))
			go |= 1ull << ch, ready &= ~(1ull << ch);
	}
}

enum { POST_JOIN = 1, POST_HELD }; /* a join return, a held-back run */

/* The siblings at node k in the order chosen first, then by tid, with what choosing each
 * costs and what leaving it after its forced run costs: each may sleep in the subtrees of
 * the later ones, when (*) of explore.h holds. */
struct siblings {
	size_t n;
	struct lp_sleeper *z;
	unsigned *cost, *sw;
	uint8_t *post; /* left out (explore.h), last in the order: POST_JOIN, POST_HELD or 0 */
	struct lp_sleeper *extra; /* room for the sleepers one child gains */
};

static void node_siblings(const struct lp_explore *ex, const struct walk *w, size_t k,
			  struct siblings *s)
{
	const struct lp_explore_decision *d = w->d;
	uint32_t nc = d[k].n_candidates;
	s->z = xrealloc(NULL, (nc + 1) * sizeof *s->z);
	s->cost = xrealloc(NULL, (nc + 1) * sizeof *s->cost);
	s->sw = xrealloc(NULL, (nc + 1) * sizeof *s->sw);
	s->extra = xrealloc(NULL, (nc + 1) * sizeof *s->extra);
	s->post = xrealloc(NULL, (nc + 1) * sizeof *s->post);
	memset(s->post, 0, (nc + 1) * sizeof *s->post);
	s->n = w->reduce ? lp_log_siblings(d, w->n, k, w->run, ex->reduction, s->z, s->cost, s->sw)
			 : 0;
}

static void siblings_free(struct siblings *s)
{
	free(s->z);
	free(s->cost);
	free(s->sw);
	free(s->extra);
	free(s->post);
}

/* Join returns (explore.h): whether c, chosen at node k or not, is left out there: its
 * steps from there act on the thread table (whose one actor it is) and otherwise only on
 * threads that have ended, until it is held back at a join, no other candidate costs more
 * there, and the point is no yield. */
static bool join_postponed(const struct lp_explore *ex, const struct walk *w, size_t k, lp_tid_t c)
{
	const struct lp_explore_decision *d = w->d;
	if (ex->join_off || !w->reduce || c != ex->table_owner || lp_log_is_yield_point(&d[k]))
		return false;
	return lp_log_costs_most(&d[k], c) && lp_log_table_run(d, w->n, k, c, ex->reduction);
}

/* The point child ch (c chosen at node k) reaches with its override's step, where that
 * step is known, with the sleepers its own walk will have there. */
static void child_first_point(struct lp_explore *ex, const struct walk *w, size_t k, lp_tid_t c,
			      struct pending *ch)
{
	const struct lp_explore_decision *d = w->d;
	for (size_t i = w->q ? w->q_at[k] : 0; w->q && i < w->q_at[k + 1]; i++) {
		if (w->q[i].tid != c)
			continue;
		struct lp_sleeper *zc = xrealloc(NULL, (ch->n_sleep + 1) * sizeof *zc);
		if (ch->n_sleep)
			memcpy(zc, ch->sleep, ch->n_sleep * sizeof *zc);
		size_t nzc = lp_sleep_filter(zc, ch->n_sleep, c, &w->q[i].fp, ex->reduction);
		/* whether c's step ends held back depends on the state at k, not only on the
		 * log's: taken as held wherever it may be */
		size_t k2 = lp_log_next_choice(d, w->n, k, c);
		if (k2 + 1 >= w->n || lp_log_may_hold(&d[k2 + 1]))
			nzc = lp_sleep_wake_releasers(zc, nzc, lp_log_held_on(d, w->n, k2 + 1));
		ch->have_first = sleep_mask(ex, zc, nzc, &ch->first_sleep);
		ch->first = w->q[i].key;
		free(zc);
		/* a yield point prunes no sleeper there (explore-points.h) */
		if (k2 + 1 < w->n && lp_log_is_yield_point(&d[k2 + 1]))
			ch->first_sleep = 0;
	}
}

/* The children of node k, into sk: the candidates other than the one chosen, last first,
 * except those beyond the bound, out of symmetric order, asleep or covered. */
static void node_children(struct lp_explore *ex, const struct lp_schedule *p, const struct walk *w,
			  size_t k, const struct sink *sk)
{
	const struct lp_explore_decision *d = w->d;
	bool may_prune = w->reduce && !lp_log_is_yield_point(&d[k]);
	struct siblings s;
	node_siblings(ex, w, k, &s);
	for (size_t i = 1; may_prune && i < s.n; i++) {
		lp_tid_t c = s.z[i].tid; /* held-back runs: under the invisible-step premise */
		if (join_postponed(ex, w, k, c))
			s.post[i] = POST_JOIN;
		else if (!ex->invisible_off && lp_log_costs_most(&d[k], c) &&
			 lp_log_held_run(d, w->n, k, c, ex->reduction))
			s.post[i] = POST_HELD;
	}
	s.post[0] = s.n && k == w->stop && w->postponed ? POST_JOIN : 0; /* its subtree: out */
	for (uint32_t j = d[k].n_candidates; j-- > 0;) {
		lp_tid_t c = d[k].candidates[j];
		if (c == d[k].chosen)
			continue;
		unsigned step_cost = lp_explore_is_preemption(&d[k], c) ? 1u : 0u;
		unsigned cost = p->cost + step_cost;
		if (ex->bound >= 0 && cost > (unsigned)ex->bound)
			continue;
		int ci = w->started ? member_of(ex, c) : -1;
		if (ci >= 0 && (w->at_start[k] >> ci & 1) && out_of_order(ex, w->started[k], c)) {
			(*sk->symmetric)++;
			continue;
		}
		if (may_prune && lp_sleep_has(w->at[k], w->n_at[k], c)) {
			count(&ex->pruned, &ex->n_pruned, cost);
			continue;
		}
		bool defer = may_prune && !ex->invisible_off &&
			     (lp_log_later_same(d, w->n, k, c, ex->reduction) ||
			      lp_log_free_before(d, w->n, k, c, ex->reduction));
		size_t ic = 0;
		while (ic < s.n && s.z[ic].tid != c)
			ic++;
		bool post = ic < s.n && s.post[ic];
		/* An earlier sibling's step sleeps in c's subtree only when moving it first
		 * never costs more preemptions (explore.h); one left out as a join return comes
		 * after the others */
		size_t n_extra = 0;
		for (size_t i = 0; i < ic; i++)
			if (s.sw[i] < 2 && s.cost[i] + s.sw[i] <= step_cost &&
			    (post || !s.post[i])) {
				s.extra[n_extra] = s.z[i];
				s.extra[n_extra++].slack = step_cost - s.cost[i] - s.sw[i];
			}
		struct pending ch = child(p, d[k].step, c, cost, w->at[k],
					  w->reduce ? w->n_at[k] : 0, s.extra, n_extra);
		child_first_point(ex, w, k, c, &ch);
		if (ch.have_first && first_covered(ex, &ch)) {
			count(&ex->pruned, &ex->n_pruned, cost); /* first point explored */
			free(ch.s.ov);
			free(ch.sleep);
			continue;
		}
		if (defer || post) {
			/* a held-back run is left out under the invisible-step rule's premise */
			bool under_invisible = defer || s.post[ic] == POST_HELD;
			count(&ex->pruned, &ex->n_pruned, cost);
			push(ex, under_invisible ? &ex->deferred : &ex->join_deferred, ch);
			continue;
		}
		if (sk->held)
			count(&ex->pruned, &ex->n_pruned, cost);
		/* <= : a deferred schedule run late may cost less than the iteration */
		push(ex, cost <= ex->iteration ? sk->now : sk->later, ch);
	}
	siblings_free(&s);
}

/* The children of schedule p, run with decision log d and sleepers z at its last override
 * (changed in place), into sk. */
static void generate(struct lp_explore *ex, const struct lp_schedule *p, struct lp_sleeper *z,
		     size_t nz, const struct lp_explore_decision *d, size_t n,
		     const struct sink *sk)
{
	struct walk w = {.d = d, .n = n, .stop = SIZE_MAX};
	w.reduce = (ex->reduction & LP_REDUCE_BASE) != LP_REDUCE_OFF;
	nz = walk_first(ex, p, &w, z, nz);
	for (size_t k = w.first; p->n < LP_MAX_OVERRIDES && k < n && w.stop == SIZE_MAX; k++)
		if (d[k].n_candidates > 1 && join_postponed(ex, &w, k, d[k].chosen))
			w.stop = k;
	w.at = xrealloc(NULL, (n + 1) * sizeof *w.at);
	w.n_at = xrealloc(NULL, (n + 1) * sizeof *w.n_at);
	if (w.reduce && ex->cache && w.first < n)
		walk_queries(ex, &w);
	if (w.reduce) /* the log's trace names, when the walk has them, serve both */
		lp_explore_stats_trace(ex->stats, p->cost, d, n, ex->reduction, w.keys);
	enum lp_walk_end end = walk_sleep(ex, p->cost, &w, z, nz);
	if (w.reduce)
		lp_explore_stats_end(ex->stats, p->cost, end);
	if (ex->n_sym)
		walk_symmetry(ex, &w);
	if (w.reduce && w.first < n) {
		w.run = xrealloc(NULL, n * sizeof *w.run);
		lp_log_forced_runs(d, n, w.first, w.run);
	}
	/* Push later steps first so the stack pops the earliest alternative first; the order
	 * inside one iteration does not matter for completeness, only for which violation of
	 * equal cost is found first. */
	struct sink held = *sk; /* the subtree of a join return chosen at w.stop */
	held.now = held.later = &ex->join_deferred;
	held.held = true;
	for (size_t k = w.end; k-- > w.first;) {
		if (p->n >= LP_MAX_OVERRIDES)
			*sk->dropped += d[k].n_candidates - 1; /* the cli reports it */
		else
			node_children(ex, p, &w, k, w.postponed && k > w.stop ? &held : sk);
	}
	walk_free(&w);
}

void lp_explore_done(struct lp_explore *ex, const struct lp_explore_decision *d, size_t n)
{
	if (!ex->pending)
		return;
	ex->pending = false;
	struct ahead *a = ex->cur_ahead;
	if (a) { /* the children of this iteration are on the stack already */
		for (size_t i = 0; i < a->later.n; i++)
			push(ex, &ex->seeds, a->later.v[i]);
		a->later.n = 0;
		ex->symmetric += a->symmetric;
		ex->dropped += a->dropped;
		ahead_free(a);
		ex->cur_ahead = NULL;
		return;
	}
	bool reduce = (ex->reduction & LP_REDUCE_BASE) != LP_REDUCE_OFF;
	bool broke = reduce && (lp_log_has_yield(d, n) || lp_log_ended_early(d, n));
	if (broke && !ex->invisible_off)
		release_deferred(ex, &ex->deferred, &ex->invisible_off);
	if (reduce && !ex->join_off && (broke || !lp_log_table_owner(d, n, &ex->table_owner)))
		release_deferred(ex, &ex->join_deferred, &ex->join_off);
	struct sink sk = {&ex->stack, &ex->seeds, &ex->symmetric, &ex->dropped, false};
	generate(ex, &ex->cur, ex->cur_sleep, ex->n_cur_sleep, d, n, &sk);
}

/* The stack index of the schedule with this id, or SIZE_MAX. */
static size_t stack_index(const struct lp_explore *ex, uint64_t id)
{
	size_t lo = 0, hi = ex->stack.n; /* ids grow from the stack's bottom to its top */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ex->stack.v[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ex->stack.n && ex->stack.v[lo].id == id ? lo : SIZE_MAX;
}

bool lp_explore_expand(struct lp_explore *ex, uint64_t id, unsigned iteration,
		       const struct lp_explore_decision *d, size_t n)
{
	if ((ex->reduction & LP_REDUCE_BASE) != LP_REDUCE_OFF || iteration != ex->iteration)
		return false;
	size_t i = stack_index(ex, id);
	if (i == SIZE_MAX || ex->stack.v[i].ahead)
		return false;
	struct ahead *a = xrealloc(NULL, sizeof *a);
	memset(a, 0, sizeof *a);
	struct vec now = {0};
	struct sink sk = {&now, &a->later, &a->symmetric, &a->dropped, false};
	generate(ex, &ex->stack.v[i].s, NULL, 0, d, n, &sk);
	/* ids between the schedule below and this one, the first to pop the highest */
	uint64_t below = i ? ex->stack.v[i - 1].id : 0, gap = (id - below) / (now.n + 1);
	if (!gap) {
		clear_vec(&now);
		ahead_free(a);
		return false;
	}
	if (ex->stack.n + now.n > ex->stack.cap) {
		ex->stack.cap = 2 * (ex->stack.n + now.n);
		ex->stack.v = xrealloc(ex->stack.v, ex->stack.cap * sizeof *ex->stack.v);
	}
	memmove(&ex->stack.v[i + now.n], &ex->stack.v[i], (ex->stack.n - i) * sizeof now.v[0]);
	for (size_t j = 0; j < now.n; j++) {
		ex->stack.v[i + j] = now.v[j];
		ex->stack.v[i + j].id = below + gap * (j + 1);
	}
	ex->stack.n += now.n;
	ex->stack.v[i + now.n].ahead = a;
	free(now.v);
	return true;
}

bool lp_explore_lists_held(const struct lp_explore *ex)
{
	return (ex->reduction & LP_REDUCE_BASE) != LP_REDUCE_OFF && !ex->invisible_off;
}

void lp_explore_set_reduction(struct lp_explore *ex, enum lp_reduction mode)
{
	ex->reduction = mode;
	if ((mode & LP_REDUCE_BASE) != LP_REDUCE_OFF && !ex->cache) {
		ex->cache = lp_state_cache_new();
		ex->stats = lp_explore_stats_new();
	}
}

const struct lp_explore_stats *lp_explore_stats(const struct lp_explore *ex) { return ex->stats; }

uint64_t lp_explore_pruned(const struct lp_explore *ex, unsigned cost)
{
	return cost < ex->n_pruned ? ex->pruned[cost] : 0;
}

unsigned lp_explore_iteration(const struct lp_explore *ex) { return ex->iteration; }

uint64_t lp_explore_count(const struct lp_explore *ex, unsigned cost)
{
	return cost < ex->n_counts ? ex->counts[cost] : 0;
}

void lp_explore_progress(const struct lp_explore *ex, uint64_t *seeds, uint64_t *seeds_left,
			 uint64_t *next_seeds)
{
	*seeds = ex->iter_seeds;
	*seeds_left = ex->seeds_left;
	*next_seeds = ex->seeds.n;
}

uint64_t lp_explore_dropped(const struct lp_explore *ex) { return ex->dropped; }

uint64_t lp_explore_current_id(const struct lp_explore *ex) { return ex->cur_id; }

size_t lp_explore_upcoming(struct lp_explore *ex, size_t max, struct lp_explore_upcoming *out)
{
	size_t k = 0;
	for (size_t i = ex->stack.n; i-- > 0 && k < max;) {
		struct pending *p = &ex->stack.v[i];
		if (p->started || p->covered)
			continue;
		if (p->have_first && first_covered(ex, p)) {
			p->covered = true; /* pruned when popped */
			continue;
		}
		out[k++] = (struct lp_explore_upcoming){.s = &p->s, .id = p->id};
	}
	return k;
}

void lp_explore_mark_started(struct lp_explore *ex, uint64_t id)
{
	size_t i = stack_index(ex, id);
	if (i != SIZE_MAX)
		ex->stack.v[i].started = true;
}
