/* cli/report/root-cause.c — conflict cycles of a failing trace, the candidate repairs they
 * give, and the ranking of the repairs that removed the violation (root-cause.h). */
#include <stdlib.h>
#include <string.h>

#include "cli/report/root-cause.h"
#include "lineup/die.h"
#include "scheduler/atomic-region.h"

#define SEARCH_STEPS 200000 /* edge choices tried before the search gives up */
#define POOL_MAX 1024	    /* distinct candidates kept before sorting */

struct edge {
	size_t a, b; /* a before b, different threads, conflicting */
};

struct cycle_walk {
	const struct lp_rc_access *t;
	size_t n;
	const size_t *pos; /* ordinal of each access within its thread */
	const struct edge *e;
	size_t ne;
	const size_t *from; /* first edge whose source is >= i: from[i] .. from[i+1] */
	struct edge path[LP_RC_MAX_REGIONS];
	unsigned depth;
	struct lp_rc_cand *pool;
	size_t n_pool;
	unsigned long steps;
	bool truncated;
};

static bool conflict(const struct lp_rc_access *x, const struct lp_rc_access *y)
{
	return x->tid != y->tid && x->addr != 0 && x->addr == y->addr && (x->write || y->write);
}

static int cmp_region(const void *p, const void *q)
{
	const struct lp_rc_region *a = p, *b = q;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->end != b->end)
		return a->end < b->end ? -1 : 1;
	return a->first < b->first ? -1 : a->first > b->first;
}

static bool same_code(const struct lp_rc_cand *a, const struct lp_rc_cand *b)
{
	if (a->n != b->n)
		return false;
	for (unsigned i = 0; i < a->n; i++)
		if (a->r[i].start != b->r[i].start || a->r[i].end != b->r[i].end)
			return false;
	return true;
}

/* The cycle path[0..depth) closed by edge c back into the first thread. */
static void emit(struct cycle_walk *s, struct edge c)
{
	struct lp_rc_cand k = {.verdict = -1};
	struct edge cyc[LP_RC_MAX_REGIONS + 1];
	memcpy(cyc, s->path, s->depth * sizeof cyc[0]);
	cyc[s->depth] = c;
	for (unsigned i = 0; i <= s->depth; i++) {
		/* thread i is left by cyc[i].a, entered by the previous edge's b */
		size_t out = cyc[i].a, in = cyc[i == 0 ? s->depth : i - 1].b;
		size_t lo = in < out ? in : out, hi = in < out ? out : in;
		if (lo == hi)
			continue;
		const struct lp_rc_access *f = &s->t[lo], *l = &s->t[hi];
		bool dup = false;
		for (unsigned j = 0; j < k.n; j++)
			dup |= k.r[j].start == f->pc && k.r[j].end == l->pc;
		if (dup)
			continue;
		k.r[k.n++] = (struct lp_rc_region){.tid = f->tid,
						   .first = lo,
						   .last = hi,
						   .start = f->pc,
						   .end = l->pc,
						   .start_write = f->write,
						   .end_write = l->write,
						   .start_sync = f->sync,
						   .end_sync = l->sync};
		k.size += s->pos[hi] - s->pos[lo] + 1;
	}
	if (k.n == 0)
		return;
	qsort(k.r, k.n, sizeof k.r[0], cmp_region);
	for (size_t i = 0; i < s->n_pool; i++) {
		if (same_code(&s->pool[i], &k)) {
			if (k.size < s->pool[i].size)
				s->pool[i] = k;
			return;
		}
	}
	if (s->n_pool == POOL_MAX) {
		s->truncated = true;
		return;
	}
	s->pool[s->n_pool++] = k;
}

static bool on_path(const struct cycle_walk *s, lp_tid_t t)
{
	for (unsigned i = 0; i < s->depth; i++)
		if (s->t[s->path[i].a].tid == t)
			return true;
	return false;
}

/* path[0..depth) chosen; the current thread was entered at path[depth-1].b. */
static void extend(struct cycle_walk *s)
{
	const struct lp_rc_access *t = s->t;
	size_t entry = s->path[s->depth - 1].b;
	size_t first_a = s->path[0].a;
	lp_tid_t t0 = t[first_a].tid, u = t[entry].tid;
	for (size_t a = 0; a < s->n; a++) {
		if (t[a].tid != u || t[a].op != t[entry].op)
			continue;
		for (size_t k = s->from[a]; k < s->from[a + 1]; k++) {
			if (++s->steps > SEARCH_STEPS) {
				s->truncated = true;
				return;
			}
			const struct lp_rc_access *b = &t[s->e[k].b];
			if (b->tid == t0) {
				if (b->op == t[first_a].op)
					emit(s, s->e[k]);
			} else if (b->tid > t0 && s->depth + 1 < LP_RC_MAX_REGIONS &&
				   !on_path(s, b->tid) && b->tid != u) {
				s->path[s->depth++] = s->e[k];
				extend(s);
				s->depth--;
				if (s->truncated)
					return;
			}
		}
	}
}

static int cmp_cand(const void *p, const void *q)
{
	const struct lp_rc_cand *a = p, *b = q;
	if (a->size != b->size)
		return a->size < b->size ? -1 : 1;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return cmp_region(&a->r[0], &b->r[0]);
}

size_t lp_rc_candidates(const struct lp_rc_access *t, size_t n, unsigned trace,
			struct lp_rc_cand *out, size_t max, bool *truncated)
{
	struct cycle_walk s = {.t = t, .n = n};
	size_t *pos = lp_xcalloc(n + 1, sizeof *pos), *from = lp_xcalloc(n + 2, sizeof *from);
	size_t cap = 64, ne = 0;
	struct edge *e = lp_xmalloc(cap * sizeof *e);
	for (size_t i = 0; i < n; i++) {
		size_t c = 0;
		for (size_t j = 0; j < i; j++)
			c += t[j].tid == t[i].tid;
		pos[i] = c;
	}
	for (size_t i = 0; i < n; i++) {
		from[i] = ne;
		for (size_t j = i + 1; j < n; j++) {
			if (!conflict(&t[i], &t[j]))
				continue;
			if (ne == cap) {
				cap *= 2;
				e = lp_xrealloc(e, cap * sizeof *e);
			}
			e[ne++] = (struct edge){i, j};
		}
	}
	from[n] = from[n + 1] = ne;
	s.pos = pos;
	s.e = e;
	s.ne = ne;
	s.from = from;
	s.pool = lp_xcalloc(POOL_MAX, sizeof *s.pool);
	for (size_t k = 0; k < ne && !s.truncated; k++) {
		/* the cycle starts at its lowest thread: each cycle is found once per rotation */
		s.path[0] = e[k];
		s.depth = 1;
		if (t[e[k].b].tid > t[e[k].a].tid)
			extend(&s);
	}
	qsort(s.pool, s.n_pool, sizeof *s.pool, cmp_cand);
	size_t m = s.n_pool < max ? s.n_pool : max;
	memcpy(out, s.pool, m * sizeof *out);
	for (size_t i = 0; i < m; i++)
		for (unsigned j = 0; j < out[i].n; j++)
			out[i].r[j].trace = trace;
	if (truncated)
		*truncated = s.truncated || s.n_pool > max;
	free(s.pool);
	free(e);
	free(from);
	free(pos);
	return m;
}

static bool region_in(const struct lp_rc_region *a, const struct lp_rc_region *b)
{
	if (a->start == b->start && a->end == b->end)
		return true;
	return a->trace == b->trace && a->tid == b->tid && a->first >= b->first &&
	       a->last <= b->last;
}

bool lp_rc_merge(struct lp_rc_cand *into, const struct lp_rc_cand *add)
{
	struct lp_rc_cand k = *into;
	for (unsigned i = 0; i < add->n; i++) {
		bool have = false;
		for (unsigned j = 0; j < k.n && !have; j++)
			have = k.r[j].start == add->r[i].start && k.r[j].end == add->r[i].end;
		if (have)
			continue;
		if (k.n == LP_RC_MAX_SET)
			return false;
		k.r[k.n++] = add->r[i];
		k.size += add->size; /* an upper bound: the added cycle's accesses */
	}
	if (k.n == into->n)
		return false;
	qsort(k.r, k.n, sizeof k.r[0], cmp_region);
	*into = k;
	return true;
}

bool lp_rc_covers(const struct lp_rc_cand *b, const struct lp_rc_cand *a)
{
	for (unsigned i = 0; i < a->n; i++) {
		bool in = false;
		for (unsigned j = 0; j < b->n && !in; j++)
			in = region_in(&a->r[i], &b->r[j]);
		if (!in)
			return false;
	}
	return true;
}

static int cmp_rank(const void *p, const void *q)
{
	const struct lp_rc_cand *a = p, *b = q;
	if (a->forbids != b->forbids)
		return a->forbids < b->forbids ? -1 : 1;
	return cmp_cand(p, q);
}

size_t lp_rc_rank(struct lp_rc_cand *c, size_t n)
{
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (c[i].verdict != 1)
			continue;
		bool minimal = true;
		for (size_t j = 0; j < n && minimal; j++) {
			if (j == i || c[j].verdict != 1 || !lp_rc_covers(&c[i], &c[j]))
				continue;
			/* c[j] inside c[i]: c[i] is not minimal, unless they are equal and c[i]
			 * comes first */
			minimal = lp_rc_covers(&c[j], &c[i]) && i < j;
		}
		if (minimal) {
			struct lp_rc_cand k = c[i];
			c[i] = c[m];
			c[m++] = k;
		}
	}
	qsort(c, m, sizeof *c, cmp_rank);
	return m;
}

bool lp_rc_forbids(const struct lp_rc_cand *c, const struct lp_rc_step *steps, size_t n)
{
	struct lp_atomic_region r[LP_RC_MAX_SET];
	struct {
		lp_tid_t tid;
		uint64_t site;
		struct lp_region_state st;
	} th[LP_MAX_THREADS];
	unsigned nth = 0;
	for (unsigned i = 0; i < c->n; i++)
		r[i] = (struct lp_atomic_region){c->r[i].start, c->r[i].end};
	for (size_t i = 0; i < n; i++) {
		const struct lp_rc_step *d = &steps[i];
		unsigned run = nth, ch = nth;
		for (unsigned k = 0; k < nth; k++) {
			if (th[k].tid == d->running)
				run = k;
			if (th[k].tid == d->chosen)
				ch = k;
		}
		if (run == nth) {
			if (nth == LP_MAX_THREADS)
				return false;
			th[nth++] = (typeof(th[0])){d->running, 0, {0, 0}};
			if (d->chosen == d->running)
				ch = run;
		}
		th[run].site = d->site;
		lp_region_arrive(&th[run].st, d->point);
		if (lp_region_locked(&th[run].st, d->point) && d->running_candidate &&
		    d->chosen != d->running)
			return true;
		if (ch == nth) {
			if (nth == LP_MAX_THREADS)
				return false;
			/* a thread's first point: it has run no region yet */
			th[nth++] = (typeof(th[0])){d->chosen, 0, {0, 0}};
			continue;
		}
		lp_region_chosen(&th[ch].st, r, c->n, th[ch].site);
	}
	return false;
}
