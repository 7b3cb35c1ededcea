/* scheduler/explore.c — depth-first exploration with iterative preemption bounding over
 * override lists (see explore.h for the search and why each schedule is visited once). */
#include "explore.h"
#include "footprint.h"
#include "sched-pick.h"
#include "state-cache.h"

#include <stdlib.h>
#include <string.h>

/* The key form of a point reached by any thread (point_seen); no thread has this id. */
#define ANY_THREAD (LP_TID_NONE - 1)
/* Ids are pushes counted in the high bits: the children lp_explore_expand puts below a
 * schedule take ids in the gap under it (2^40 pushes; nested expansions until a gap is
 * too small to share, and then the children wait for their parent's turn as usual). */
#define ID_SHIFT 24

/* A sleeping thread: its next step was already explored from an earlier sibling (see
 * explore.h); it stays asleep while the steps run are independent of that step. */
struct sleeper {
	lp_tid_t tid;
	struct lp_footprint fp;
};

/* A schedule waiting to run, with the sleep set at its last override (before that
 * override's own step is known: it is filtered once the schedule has run). */
struct pending {
	struct lp_schedule s;
	uint64_t id; /* increasing from the stack's bottom to its top (lp_explore_upcoming) */
	size_t n_sleep;
	struct sleeper *sleep;
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
	struct sleeper *cur_sleep;
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
	uint64_t symmetric;	      /* alternatives left out by symmetry */
	struct lp_state_cache *cache; /* points explored (state-cache.h), with a reduction */
	lp_tid_t sleep_tid[64];	      /* the bit of each thread in the cache's sleep sets */
	unsigned n_sleep_tid;
	uint64_t next_id, cur_id;
	/* Invisible steps (explore.h): alternatives left out while no execution has shown a
	 * yield point or ended early, run after all once one does. */
	bool invisible_off;
	struct vec deferred;
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
	free(ex->cur.ov);
	free(ex->cur_sleep);
	ahead_free(ex->cur_ahead);
	free(ex->counts);
	free(ex->pruned);
	free(ex->sym);
	lp_state_cache_free(ex->cache);
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

/* Whether the point a pending schedule's override reaches was explored: as a free point,
 * or reached by the same thread (state-cache.h). */
static bool first_covered(const struct lp_explore *ex, const struct pending *p)
{
	struct lp_state_key kf = lp_state_point(&p->first, LP_TID_NONE),
			    kr = lp_state_point(&p->first, p->s.ov[p->s.n - 1].tid),
			    ka = lp_state_point(&p->first, ANY_THREAD);
	unsigned c = p->s.cost;
	return lp_state_cache_covered(ex->cache, &kf, c, p->first_sleep) ||
	       lp_state_cache_covered(ex->cache, &kr, c, p->first_sleep) ||
	       (c > 0 && lp_state_cache_covered(ex->cache, &ka, c - 1, p->first_sleep));
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

/* A decision the log marks LP_DEC_YIELD counts as a yield point whatever its point. */
static bool is_yield(const struct lp_explore_decision *e)
{
	return e->point == LP_PT_YIELD || (e->flags & LP_DEC_YIELD);
}

/* The rule itself is sched-pick.c's, shared with the preload. */
bool lp_explore_is_preemption(const struct lp_explore_decision *d, lp_tid_t chosen)
{
	uint32_t point = is_yield(d) ? (uint32_t)LP_PT_YIELD : d->point;
	return lp_sched_is_preemption(d->candidates, d->n_candidates, d->running, point, chosen);
}

static struct pending child(const struct lp_schedule *parent, uint64_t step, lp_tid_t tid,
			    unsigned cost, const struct sleeper *z, size_t nz,
			    const struct sleeper *extra, size_t n_extra)
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

bool lp_footprint_independent(const struct lp_footprint *a, const struct lp_footprint *b,
			      enum lp_reduction mode)
{
	if (!a || !b)
		return false;
	if (!(mode & LP_REDUCE_CALLS_COMMUTE) &&
	    (((a->flags & LP_FP_CALL) && (b->flags & LP_FP_RET)) ||
	     ((a->flags & LP_FP_RET) && (b->flags & LP_FP_CALL))))
		return false; /* which operation precedes which */
	return !lp_footprint_overlap(a, b, (mode & LP_REDUCE_BASE) == LP_REDUCE_ASSUME_RACE_FREE);
}

/* The footprint of the step chosen at decision k: recorded by the next decision, which
 * the chosen thread reaches (NULL when the log ends first or says otherwise). */
static const struct lp_footprint *step_of(const struct lp_explore_decision *d, size_t n, size_t k)
{
	if (k + 1 >= n || d[k + 1].running != d[k].chosen)
		return NULL;
	return &d[k + 1].done;
}

static bool sole_running(const struct lp_explore_decision *e)
{
	return e->n_candidates == 1 && e->candidates[0] == e->running;
}

/* Forced runs (explore.h): the step chosen at k, extended by the steps its thread is then
 * forced to run (points where it is the sole candidate: nothing else can come between),
 * their footprints united; and what switching away after them costs: 0 (the thread
 * blocked, finished or yields), 1 (a preemption), or 2 when unknown. run[j] is the run
 * from the step that reaches decision j, made for every j of a log at once, backwards,
 * since a run from j is j's step joined to the run from j+1 (one pass, where asking at
 * each decision walked the same long runs again and again). */
struct forced {
	unsigned sw;
	struct lp_footprint fp;
};

static void forced_runs(const struct lp_explore_decision *d, size_t n, size_t from,
			struct forced *run)
{
	for (size_t j = n; j-- > from;) {
		struct forced *r = &run[j];
		const struct lp_explore_decision *e = &d[j];
		r->fp = e->done;
		if (sole_running(e) && e->chosen == e->running) {
			r->sw = 2;
			if (j + 1 >= n || d[j + 1].running != e->chosen || run[j + 1].sw == 2)
				continue;
			const struct lp_footprint *g = &run[j + 1].fp;
			r->fp.flags |= g->flags;
			bool full = false;
			for (uint32_t i = 0; i < g->n && i < LP_FP_MAX && !full; i++)
				full = !lp_footprint_add(&r->fp, g->obj[i]);
			if (!full)
				r->sw = run[j + 1].sw;
			continue;
		}
		bool running_cand = false;
		for (uint32_t i = 0; i < e->n_candidates; i++)
			if (e->candidates[i] == e->running)
				running_cand = true;
		r->sw = !running_cand || is_yield(e) ? 0 : 1;
	}
}

/* The forced run of the step chosen at k (run: forced_runs of the log from k+1 or less). */
static unsigned forced_run(const struct lp_explore_decision *d, size_t n, size_t k,
			   const struct forced *run, struct lp_footprint *fp)
{
	if (k + 1 >= n || d[k + 1].running != d[k].chosen)
		return 2;
	*fp = run[k + 1].fp;
	return run[k + 1].sw;
}

/* The step that candidate c, not chosen at k, would run there, read from its next run in
 * this log (chosen at k2 > k, forced steps joined): valid when every step chosen at
 * k..k2-1 is independent of it, so that it would behave the same at k. Returns its
 * switch cost as forced_run does (2: unknown). */
/* Where c is chosen next after decision k (n: never). */
static size_t next_choice(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c)
{
	size_t k2 = k + 1;
	while (k2 < n && d[k2].chosen != c)
		k2++;
	return k2;
}

/* Whether every step chosen at k..k2-1 is independent of fp: a step fp names would then
 * behave the same at k. */
static bool unaffected(const struct lp_explore_decision *d, size_t n, size_t k, size_t k2,
		       const struct lp_footprint *fp, enum lp_reduction mode)
{
	for (size_t i = k; i < k2; i++)
		if (!lp_footprint_independent(fp, step_of(d, n, i), mode))
			return false;
	return true;
}

static unsigned lookahead(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
			  const struct forced *run, enum lp_reduction mode, struct lp_footprint *fp)
{
	size_t k2 = next_choice(d, n, k, c);
	if (k2 >= n)
		return 2;
	unsigned sw = forced_run(d, n, k2, run, fp);
	return sw == 2 || !unaffected(d, n, k, k2, fp, mode) ? 2 : sw;
}

/* Whether the point of decision e (trace name given; more than one candidate) was
 * explored before; else records it. A free point (state-cache.h) covers the others of its
 * state at no lower cost; a point of that state reached by any thread covers them at one
 * preemption less, if it is no yield: from there each continuation costs at most one more
 * (only its first choice may differ in being a preemption), and every thread that can run
 * is a candidate there (a yield point leaves out the thread yielding).
 * A visit's sleepers say which continuations other subtrees cover, but a yield point
 * prunes none of them (explore.h): there only a visit without sleepers covers it. Else
 * a free point whose sleeper was pruned, relying on a subtree through this yield point,
 * would in turn cut that subtree short at the yield point: neither would run the
 * continuation. Its visit is recorded with its sleepers all the same (the subtree below
 * prunes with them). */
static bool point_seen(struct lp_explore *ex, const struct lp_explore_decision *e,
		       const struct lp_state_key *trace, unsigned cost, uint64_t mask)
{
	bool yield = is_yield(e);
	bool free_pt = !yield && !lp_sched_is_candidate(e->candidates, e->n_candidates, e->running);
	uint64_t claim = yield ? 0 : mask;
	struct lp_state_key kf = lp_state_point(trace, LP_TID_NONE),
			    ka = lp_state_point(trace, ANY_THREAD);
	if (!free_pt && lp_state_cache_covered(ex->cache, &kf, cost, claim))
		return true;
	if (cost > 0 && lp_state_cache_covered(ex->cache, &ka, cost - 1, claim))
		return true;
	struct lp_state_key own = free_pt ? kf : lp_state_point(trace, e->running);
	if (yield) {
		if (lp_state_cache_covered(ex->cache, &own, cost, 0))
			return true;
		lp_state_cache_visit(ex->cache, &own, cost, mask); /* recorded (or dominated) */
		return false;
	}
	if (lp_state_cache_visit(ex->cache, &own, cost, mask))
		return true;
	lp_state_cache_visit(ex->cache, &ka, cost, mask); /* recorded (or covered) */
	return false;
}

/* The step candidate c, not chosen at k, would run there: its next step in this log,
 * when every step chosen from k until then is independent of it (it then behaves the same
 * at k; the forced steps that may follow are not joined, unlike lookahead). */
static bool next_step(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
		      enum lp_reduction mode, struct lp_footprint *fp)
{
	size_t k2 = next_choice(d, n, k, c);
	const struct lp_footprint *f = k2 < n ? step_of(d, n, k2) : NULL;
	if (!f || !unaffected(d, n, k, k2, f, mode))
		return false;
	*fp = *f;
	return true;
}

/* Whether a step commutes with every step any thread may run: it acts on no object, runs no
 * target code whose accesses are untracked, and records no call or return unless those
 * commute. */
static bool invisible(const struct lp_footprint *fp, enum lp_reduction mode)
{
	if (!fp || fp->n || (fp->flags & LP_FP_UNKNOWN))
		return false;
	if ((fp->flags & LP_FP_TARGET) && (mode & LP_REDUCE_BASE) != LP_REDUCE_ASSUME_RACE_FREE)
		return false;
	if ((fp->flags & (LP_FP_CALL | LP_FP_RET)) && !(mode & LP_REDUCE_CALLS_COMMUTE))
		return false;
	return true;
}

/* Whether choosing c at decision k gives nothing that choosing it one decision later does
 * not (explore.h, "Invisible steps"): the thread chosen at k runs an invisible step and
 * reaches decision k+1 neither finished nor blocked, and c is a candidate there again at no
 * higher cost. */
static bool later_same(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
		       enum lp_reduction mode)
{
	if (k + 1 >= n || is_yield(&d[k]))
		return false;
	if (!invisible(step_of(d, n, k), mode) ||
	    !lp_sched_is_candidate(d[k + 1].candidates, d[k + 1].n_candidates, c) ||
	    d[k + 1].point == LP_PT_THREAD_EXIT || d[k + 1].point == LP_PT_BLOCK)
		return false;
	return lp_explore_is_preemption(&d[k + 1], c) <= lp_explore_is_preemption(&d[k], c);
}

static bool has_yield(const struct lp_explore_decision *d, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (is_yield(&d[k]))
			return true;
	return false;
}

/* Whether the run ended early: with a candidate other than the thread chosen last, or
 * with a thread whose last point is neither its end nor a block (the process exited, the
 * run was cut or crashed). A thread left before its invisible step is then not the same as
 * one left after it (a call recorded or not). */
static bool ended_early(const struct lp_explore_decision *d, size_t n)
{
	if (!n)
		return false;
	const struct lp_explore_decision *e = &d[n - 1];
	for (uint32_t i = 0; i < e->n_candidates; i++)
		if (e->candidates[i] != e->chosen)
			return true;
	/* each thread's last point, latest first (a thread is seen once: at most 64 kept) */
	lp_tid_t seen[64];
	size_t n_seen = 0;
	for (size_t k = n; k-- > 0;) {
		size_t i = 0;
		while (i < n_seen && seen[i] != d[k].running)
			i++;
		if (i < n_seen)
			continue;
		if (n_seen == 64)
			return true; /* too many threads to tell: taken as early */
		seen[n_seen++] = d[k].running;
		if (d[k].running == e->running || d[k].running == e->chosen ||
		    d[k].point == LP_PT_THREAD_EXIT || d[k].point == LP_PT_BLOCK)
			continue; /* the thread chosen last ran on after the log's end */
		return true;
	}
	return false;
}

/* A yield point or a run ended early was seen: the alternatives left out for invisible
 * steps are run after all, next (explore.h, "Invisible steps"), and no more are left out. */
static void release_deferred(struct lp_explore *ex)
{
	ex->invisible_off = true;
	for (size_t i = 0; i < ex->deferred.n; i++) {
		struct pending *q = &ex->deferred.v[i];
		if (q->s.cost < ex->n_pruned && ex->pruned[q->s.cost])
			ex->pruned[q->s.cost]--;
		push(ex, q->s.cost <= ex->iteration ? &ex->stack : &ex->seeds, *q);
	}
	free(ex->deferred.v);
	memset(&ex->deferred, 0, sizeof ex->deferred);
}

static bool asleep(const struct sleeper *z, size_t nz, lp_tid_t t)
{
	for (size_t i = 0; i < nz; i++)
		if (z[i].tid == t)
			return true;
	return false;
}

/* The sleep set as a bit per thread; false when a thread has no bit (more than 64 seen). */
static bool sleep_mask(struct lp_explore *ex, const struct sleeper *z, size_t nz, uint64_t *mask)
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

/* Keeps the sleepers independent of the step fp that thread t ran (all of them go when fp
 * is unknown; t's own entry goes: it ran, where sleeping threads may run, at a yield). */
static size_t filter(struct sleeper *z, size_t nz, lp_tid_t t, const struct lp_footprint *fp,
		     enum lp_reduction mode)
{
	size_t m = 0;
	for (size_t i = 0; i < nz; i++)
		if (z[i].tid != t && lp_footprint_independent(&z[i].fp, fp, mode))
			z[m++] = z[i];
	return m;
}

/* The children of schedule p, run with decision log d and sleepers z at its last override
 * (changed in place), into sk. */
static void generate(struct lp_explore *ex, const struct lp_schedule *p, struct sleeper *z,
		     size_t nz, const struct lp_explore_decision *d, size_t n,
		     const struct sink *sk)
{
	bool have_last = p->n > 0;
	uint64_t last = have_last ? p->ov[p->n - 1].step : 0;
	bool reduce = (ex->reduction & LP_REDUCE_BASE) != LP_REDUCE_OFF;
	if (!reduce)
		nz = 0;
	size_t first = 0;
	if (have_last) {
		while (first < n && d[first].step < last)
			first++;
		if (first < n && d[first].step == last) {
			nz = filter(z, nz, d[first].chosen, step_of(d, n, first), ex->reduction);
			first++;
		} else {
			nz = 0;
		}
	}
	/* Nodes from `first` on; a node whose chosen thread sleeps ends the walk: what
	 * follows is equivalent to a schedule explored from an earlier sibling. */
	size_t end = n;
	struct sleeper **at = xrealloc(NULL, (n + 1) * sizeof *at);
	size_t *n_at = xrealloc(NULL, (n + 1) * sizeof *n_at);
	/* A point explored before (state-cache.h) ends the walk too: its subtree covers this
	 * one's. The points of this log after the last override all have this schedule's cost
	 * (default choices never preempt). */
	struct lp_state_key *keys = NULL;
	/* The points the children's overrides reach, where their steps are known. */
	struct lp_state_query *q = NULL;
	size_t nq = 0, *q_at = NULL; /* node k's queries: q[q_at[k] .. q_at[k + 1]) */
	if (reduce && ex->cache && first < n) {
		size_t cap = 0;
		for (size_t k = first; k < n; k++)
			cap += d[k].n_candidates;
		q = xrealloc(NULL, (cap + 1) * sizeof *q);
		q_at = xrealloc(NULL, (n + 1) * sizeof *q_at);
		for (size_t k = first; k <= n; k++) {
			q_at[k] = nq;
			for (uint32_t j = 0;
			     k < n && d[k].n_candidates > 1 && j < d[k].n_candidates; j++) {
				struct lp_state_query *e = &q[nq];
				e->k = k;
				e->tid = d[k].candidates[j];
				if (e->tid != d[k].chosen &&
				    next_step(d, n, k, e->tid, ex->reduction, &e->fp))
					nq++;
			}
		}
		keys = xrealloc(NULL, n * sizeof *keys);
		lp_state_keys(d, n, ex->reduction, keys, q, nq);
	}
	/* Sleep sets shrink along the walk: keep a copy per node. */
	for (size_t k = first; k < n; k++) {
		uint64_t mask;
		if (keys && d[k].n_candidates > 1 && sleep_mask(ex, z, nz, &mask) &&
		    point_seen(ex, &d[k], &keys[k], p->cost, mask)) {
			count(&ex->pruned, &ex->n_pruned, p->cost);
			end = k;
			break;
		}
		at[k] = nz ? xrealloc(NULL, nz * sizeof *z) : NULL;
		if (nz)
			memcpy(at[k], z, nz * sizeof *z);
		n_at[k] = nz;
		bool may_prune = !is_yield(&d[k]);
		if (may_prune && asleep(z, nz, d[k].chosen)) {
			end = k + 1;
			break;
		}
		nz = filter(z, nz, d[k].chosen, step_of(d, n, k), ex->reduction);
		end = k + 1;
	}
	/* Symmetry: at each node, which members have started their first operation, and
	 * which stand at an operation start (so that choosing them starts one). */
	uint64_t *started = NULL, *at_start = NULL;
	if (ex->n_sym) {
		started = xrealloc(NULL, (n + 1) * sizeof *started);
		at_start = xrealloc(NULL, (n + 1) * sizeof *at_start);
		uint64_t go = 0, ready = 0;
		for (size_t k = 0; k < n; k++) {
			int r = member_of(ex, d[k].running), ch = member_of(ex, d[k].chosen);
			if (r >= 0 && d[k].point == LP_PT_OP_START)
				ready |= 1ull << r;
			started[k] = go, at_start[k] = ready;
			if (ch >= 0 && (ready >> ch & 1))
				go |= 1ull << ch, ready &= ~(1ull << ch);
		}
	}
	struct forced *run = NULL;
	if (reduce && first < n) {
		run = xrealloc(NULL, n * sizeof *run);
		forced_runs(d, n, first, run);
	}
	/* Push later steps first so the stack pops the earliest alternative first; the order
	 * inside one iteration does not matter for completeness, only for which violation of
	 * equal cost is found first. */
	for (size_t k = end; k-- > first;) {
		if (p->n >= LP_MAX_OVERRIDES) {
			*sk->dropped += d[k].n_candidates - 1; /* the cli reports it */
			free(at[k]);
			continue;
		}
		bool may_prune = reduce && !is_yield(&d[k]);
		/* Siblings in the order chosen first, then by tid: each may sleep in the
		 * subtrees of the later ones, when (*) of explore.h holds. */
		uint32_t nc = d[k].n_candidates;
		struct sleeper *sib = xrealloc(NULL, (nc + 1) * sizeof *sib);
		unsigned *sib_cost = xrealloc(NULL, (nc + 1) * sizeof *sib_cost);
		unsigned *sib_sw = xrealloc(NULL, (nc + 1) * sizeof *sib_sw);
		struct sleeper *extra = xrealloc(NULL, (nc + 1) * sizeof *extra);
		size_t n_sib = 0;
		if (reduce) {
			sib[0] = (struct sleeper){.tid = d[k].chosen};
			sib_cost[0] = lp_explore_is_preemption(&d[k], d[k].chosen) ? 1u : 0u;
			sib_sw[0] = forced_run(d, n, k, run, &sib[0].fp);
			n_sib = 1;
			for (uint32_t j = 0; j < nc; j++) {
				lp_tid_t c = d[k].candidates[j];
				if (c == d[k].chosen)
					continue;
				sib[n_sib] = (struct sleeper){.tid = c};
				sib_cost[n_sib] = lp_explore_is_preemption(&d[k], c) ? 1u : 0u;
				sib_sw[n_sib] =
				    lookahead(d, n, k, c, run, ex->reduction, &sib[n_sib].fp);
				n_sib++;
			}
		}
		for (uint32_t j = d[k].n_candidates; j-- > 0;) {
			lp_tid_t c = d[k].candidates[j];
			if (c == d[k].chosen)
				continue;
			unsigned step_cost = lp_explore_is_preemption(&d[k], c) ? 1u : 0u;
			unsigned cost = p->cost + step_cost;
			if (ex->bound >= 0 && cost > (unsigned)ex->bound)
				continue;
			int ci = started ? member_of(ex, c) : -1;
			if (ci >= 0 && (at_start[k] >> ci & 1) && out_of_order(ex, started[k], c)) {
				(*sk->symmetric)++;
				continue;
			}
			if (may_prune && asleep(at[k], n_at[k], c)) {
				count(&ex->pruned, &ex->n_pruned, cost);
				continue;
			}
			bool defer = may_prune && !ex->invisible_off &&
				     later_same(d, n, k, c, ex->reduction);
			/* An earlier sibling's step sleeps in c's subtree only when moving it
			 * first never costs more preemptions (explore.h) */
			size_t n_extra = 0;
			for (size_t i = 0; i < n_sib && sib[i].tid != c; i++)
				if (sib_sw[i] < 2 && sib_cost[i] + sib_sw[i] <= step_cost)
					extra[n_extra++] = sib[i];
			struct pending ch = child(p, d[k].step, c, cost, at[k],
						  reduce ? n_at[k] : 0, extra, n_extra);
			for (size_t i = q ? q_at[k] : 0; q && i < q_at[k + 1]; i++) {
				if (q[i].tid != c)
					continue;
				/* its sleepers at that point, as its own walk will have them */
				struct sleeper *zc = xrealloc(NULL, (ch.n_sleep + 1) * sizeof *zc);
				if (ch.n_sleep)
					memcpy(zc, ch.sleep, ch.n_sleep * sizeof *zc);
				size_t nzc = filter(zc, ch.n_sleep, c, &q[i].fp, ex->reduction);
				ch.have_first = sleep_mask(ex, zc, nzc, &ch.first_sleep);
				ch.first = q[i].key;
				free(zc);
				/* a yield point prunes no sleeper there (point_seen) */
				size_t k2 = next_choice(d, n, k, c);
				if (k2 + 1 < n && is_yield(&d[k2 + 1]))
					ch.first_sleep = 0;
			}
			if (ch.have_first && first_covered(ex, &ch)) {
				count(&ex->pruned, &ex->n_pruned, cost); /* first point explored */
				free(ch.s.ov);
				free(ch.sleep);
				continue;
			}
			if (defer) {
				count(&ex->pruned, &ex->n_pruned, cost);
				push(ex, &ex->deferred, ch);
				continue;
			}
			/* <= : a deferred schedule run late may cost less than the iteration */
			push(ex, cost <= ex->iteration ? sk->now : sk->later, ch);
		}
		free(sib);
		free(sib_cost);
		free(sib_sw);
		free(extra);
		free(at[k]);
	}
	free(at);
	free(n_at);
	free(keys);
	free(q);
	free(q_at);
	free(run);
	free(started);
	free(at_start);
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
	if (reduce && !ex->invisible_off && (has_yield(d, n) || ended_early(d, n)))
		release_deferred(ex);
	struct sink sk = {&ex->stack, &ex->seeds, &ex->symmetric, &ex->dropped};
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
	struct sink sk = {&now, &a->later, &a->symmetric, &a->dropped};
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

void lp_explore_set_reduction(struct lp_explore *ex, enum lp_reduction mode)
{
	ex->reduction = mode;
	if ((mode & LP_REDUCE_BASE) != LP_REDUCE_OFF && !ex->cache)
		ex->cache = lp_state_cache_new();
}

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
