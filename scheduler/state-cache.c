/* scheduler/state-cache.c — trace names of scheduling points and the table of points
 * explored (see state-cache.h for why a trace names a state). */
#include "state-cache.h"

#include <stdlib.h>
#include <string.h>

#include "explore-log.h"
#include "lineup/hash.h"

static void *xalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);
	if (!p)
		abort(); /* as explore.c: no I/O here, so no message (lp_xmalloc has one) */
	return p;
}

static uint64_t mix(uint64_t x, uint64_t seed) { return lp_hash_mix64(x ^ seed); }

#define SEED_A LP_HASH_GOLDEN
#define SEED_B 0xc2b2ae3d27d4eb4full

/* The running clocks of one log: per thread, per object, and the joins the dependence
 * rules need (explore.c's lp_footprint_independent, applied to whole classes of steps). */
struct clocks {
	size_t nt;	   /* threads (columns) */
	lp_tid_t *tid;	   /* [nt] */
	uint32_t *thread;  /* [nt][nt]: each thread's clock after its last step */
	uint32_t *unknown; /* the last step dependent on everything */
	uint32_t *all;	   /* join of every step */
	uint32_t *target;  /* last step running target code (not race-free mode) */
	uint32_t *memory;  /* join of the steps that wrote memory without code (flushes) */
	uint32_t *calls;   /* join of the steps that recorded a call */
	uint32_t *rets;	   /* join of the steps that recorded a return */
	uint32_t *scratch; /* holds the six joins above and one more clock */
	size_t nobj, cap_obj;
	uint64_t *obj;	    /* [nobj] addresses, each read (LP_FP_OBJ_READ) or written */
	uint32_t *obj_last; /* [nobj][nt] */
};

static size_t thread_index(struct clocks *c, lp_tid_t t)
{
	for (size_t i = 0; i < c->nt; i++)
		if (c->tid[i] == t)
			return i;
	return (size_t)-1;
}

static void join(uint32_t *to, const uint32_t *from, size_t nt)
{
	for (size_t i = 0; i < nt; i++)
		if (from[i] > to[i])
			to[i] = from[i];
}

static uint32_t *obj_clock(struct clocks *c, uint64_t addr)
{
	for (size_t i = 0; i < c->nobj; i++)
		if (c->obj[i] == addr)
			return c->obj_last + i * c->nt;
	if (c->nobj == c->cap_obj) { /* grows: a log rarely names more than a few dozen */
		size_t cap = c->cap_obj ? 2 * c->cap_obj : 16;
		uint64_t *o = xalloc(cap * sizeof *o);
		uint32_t *l = xalloc(cap * c->nt * sizeof *l);
		if (c->nobj) {
			memcpy(o, c->obj, c->nobj * sizeof *o);
			memcpy(l, c->obj_last, c->nobj * c->nt * sizeof *l);
		}
		free(c->obj);
		free(c->obj_last);
		c->obj = o, c->obj_last = l, c->cap_obj = cap;
	}
	c->obj[c->nobj] = addr;
	return c->obj_last + c->nobj++ * c->nt; /* zeroed: nothing touched it yet */
}

/* Adds the event (thread i, clock vc) to the name. */
static void name_event(struct lp_state_key *name, const struct clocks *c, size_t i,
		       const uint32_t *vc)
{
	uint64_t a = mix(c->tid[i] * 31 + vc[i], SEED_A), b = mix(c->tid[i] * 37 + vc[i], SEED_B);
	for (size_t u = 0; u < c->nt; u++)
		if (u != i && vc[u]) {
			a += mix(c->tid[u] ^ (uint64_t)vc[u] << 40, SEED_A + 1);
			b += mix(c->tid[u] * 0x100000001b3ull + vc[u], SEED_B + 1);
		}
	name->a += mix(a, SEED_A + 2);
	name->b += mix(b, SEED_B + 2);
}

/* Whether target code conflicts only through the objects it names (race-free mode). */
static bool target_tracked(enum lp_reduction mode)
{
	return (mode & LP_REDUCE_BASE) == LP_REDUCE_ASSUME_RACE_FREE;
}

/* The clock a step with footprint fp by thread i gets now, in vc (the rules of
 * lp_footprint_independent applied to whole classes of steps). */
static void step_clock(const struct clocks *c, size_t i, const struct lp_footprint *fp,
		       enum lp_reduction mode, uint32_t *vc)
{
	size_t nt = c->nt;
	memcpy(vc, c->thread + i * nt, nt * sizeof *vc);
	vc[i]++;
	if (!fp || (fp->flags & LP_FP_UNKNOWN)) {
		join(vc, c->all, nt);
		return;
	}
	join(vc, c->unknown, nt);
	/* An object's entry without LP_FP_OBJ_READ holds its last write (which follows every
	 * access before it), the one with it the join of its reads: a read follows the last
	 * write, a write follows both. */
	for (uint32_t j = 0; j < fp->n && j < LP_FP_MAX; j++)
		for (size_t o = 0; o < c->nobj; o++)
			if (c->obj[o] == (fp->obj[j] & ~(uint64_t)LP_FP_OBJ_READ) ||
			    (c->obj[o] == (fp->obj[j] | LP_FP_OBJ_READ) &&
			     !(fp->obj[j] & LP_FP_OBJ_READ)))
				join(vc, c->obj_last + o * nt, nt);
	/* target code follows the last target step and every flush; a flush the last
	 * target step (lp_footprint_overlap) */
	if ((fp->flags & (LP_FP_TARGET | LP_FP_MEMORY)) && !target_tracked(mode))
		join(vc, c->target, nt);
	if ((fp->flags & LP_FP_TARGET) && !target_tracked(mode))
		join(vc, c->memory, nt);
	if (mode & LP_REDUCE_CALLS_COMMUTE)
		return;
	if (fp->flags & LP_FP_CALL)
		join(vc, c->rets, nt);
	if (fp->flags & LP_FP_RET)
		join(vc, c->calls, nt);
}

/* Starts the clocks of a log of n decisions (and nq queried threads): a column per thread. */
static void clocks_init(struct clocks *c, const struct lp_explore_decision *d, size_t n,
			const struct lp_state_query *q, size_t nq)
{
	memset(c, 0, sizeof *c);
	c->tid = xalloc((n + nq + 1) * sizeof *c->tid);
	for (size_t k = 0; k < n; k++)
		if (thread_index(c, d[k].chosen) == (size_t)-1)
			c->tid[c->nt++] = d[k].chosen;
	for (size_t j = 0; j < nq; j++) /* a thread that never ran here has a column too */
		if (thread_index(c, q[j].tid) == (size_t)-1)
			c->tid[c->nt++] = q[j].tid;
	size_t nt = c->nt;
	c->thread = xalloc(nt * nt * sizeof *c->thread);
	c->scratch = xalloc(7 * nt * sizeof *c->scratch);
	c->unknown = c->scratch, c->all = c->scratch + nt, c->target = c->scratch + 2 * nt;
	c->calls = c->scratch + 3 * nt, c->rets = c->scratch + 4 * nt;
	c->memory = c->scratch + 6 * nt;
}

static void clocks_free(struct clocks *c)
{
	free(c->tid);
	free(c->thread);
	free(c->scratch);
	free(c->obj);
	free(c->obj_last);
}

/* Runs the step chosen at decision k: its clock into vc (nt entries), and the clocks it
 * updates. Returns the chosen thread's column. */
static size_t clocks_step(struct clocks *c, const struct lp_explore_decision *d, size_t n, size_t k,
			  enum lp_reduction mode, uint32_t *vc)
{
	size_t nt = c->nt;
	size_t i = thread_index(c, d[k].chosen);
	/* The chosen thread's step ends at the next decision, which it reaches (a flush's:
	 * the next decision asks again). */
	const struct lp_footprint *fp = lp_log_step(d, n, k);
	step_clock(c, i, fp, mode, vc);
	if (!fp || (fp->flags & LP_FP_UNKNOWN)) {
		memcpy(c->unknown, vc, nt * sizeof *vc);
	} else {
		for (uint32_t j = 0; j < fp->n && j < LP_FP_MAX; j++) {
			if (fp->obj[j] & LP_FP_OBJ_READ)
				join(obj_clock(c, fp->obj[j]), vc, nt);
			else
				memcpy(obj_clock(c, fp->obj[j]), vc, nt * sizeof *vc);
		}
		if ((fp->flags & LP_FP_TARGET) && !target_tracked(mode))
			memcpy(c->target, vc, nt * sizeof *vc);
		if ((fp->flags & LP_FP_MEMORY) && !target_tracked(mode))
			join(c->memory, vc, nt);
		if (fp->flags & LP_FP_CALL)
			join(c->calls, vc, nt);
		if (fp->flags & LP_FP_RET)
			join(c->rets, vc, nt);
	}
	join(c->all, vc, nt);
	memcpy(c->thread + i * nt, vc, nt * sizeof *vc);
	return i;
}

uint32_t *lp_trace_clocks(const struct lp_explore_decision *d, size_t n, enum lp_reduction mode,
			  size_t *nt, size_t *column)
{
	struct clocks c;
	clocks_init(&c, d, n, NULL, 0);
	uint32_t *vc = xalloc((n ? n : 1) * c.nt * sizeof *vc);
	for (size_t k = 0; k < n; k++) {
		column[k] = clocks_step(&c, d, n, k, mode, vc + k * c.nt);
	}
	*nt = c.nt;
	clocks_free(&c);
	return vc;
}

void lp_state_keys(const struct lp_explore_decision *d, size_t n, enum lp_reduction mode,
		   struct lp_state_key *keys, struct lp_state_query *q, size_t nq)
{
	if (!n)
		return;
	struct clocks c;
	clocks_init(&c, d, n, q, nq);
	uint32_t *vc = c.scratch + 5 * c.nt;
	struct lp_state_key name = {0, 0};
	size_t qi = 0;
	for (size_t k = 0; k < n; k++) {
		keys[k] = name;
		for (; qi < nq && q[qi].k <= k; qi++) {
			if (q[qi].k < k)
				continue;
			size_t t = thread_index(&c, q[qi].tid);
			step_clock(&c, t, &q[qi].fp, mode, vc);
			q[qi].key = name;
			name_event(&q[qi].key, &c, t, vc);
		}
		size_t i = clocks_step(&c, d, n, k, mode, vc);
		name_event(&name, &c, i, vc);
	}
	clocks_free(&c);
}

struct lp_state_key lp_state_point(const struct lp_state_key *trace, lp_tid_t running)
{
	return (struct lp_state_key){trace->a ^ mix(running, SEED_A + 3),
				     trace->b + mix(running, SEED_B + 3)};
}

/* ---- the table: open addressing over 128-bit keys ---- */

struct bucket {
	uint64_t a, b;
	uint64_t sleep;
	uint32_t cost;
	uint32_t used;
};

struct lp_state_cache {
	struct bucket *s;
	size_t cap, n; /* cap a power of two */
};

struct lp_state_cache *lp_state_cache_new(void)
{
	struct lp_state_cache *c = xalloc(sizeof *c);
	c->cap = 1024;
	c->s = xalloc(c->cap * sizeof *c->s);
	return c;
}

void lp_state_cache_free(struct lp_state_cache *c)
{
	if (!c)
		return;
	free(c->s);
	free(c);
}

size_t lp_state_cache_size(const struct lp_state_cache *c) { return c ? c->n : 0; }

static struct bucket *find(struct bucket *s, size_t cap, uint64_t a, uint64_t b)
{
	size_t i = (size_t)(a ^ b >> 17) & (cap - 1);
	while (s[i].used && (s[i].a != a || s[i].b != b))
		i = (i + 1) & (cap - 1);
	return &s[i];
}

static void grow(struct lp_state_cache *c)
{
	size_t cap = 2 * c->cap;
	struct bucket *s = xalloc(cap * sizeof *s);
	for (size_t i = 0; i < c->cap; i++)
		if (c->s[i].used)
			*find(s, cap, c->s[i].a, c->s[i].b) = c->s[i];
	free(c->s);
	c->s = s;
	c->cap = cap;
}

bool lp_state_cache_covered(const struct lp_state_cache *c, const struct lp_state_key *k,
			    unsigned cost, uint64_t sleep)
{
	const struct bucket *e = find(c->s, c->cap, k->a, k->b);
	return e->used && e->cost <= cost && !(e->sleep & ~sleep);
}

bool lp_state_cache_visit(struct lp_state_cache *c, const struct lp_state_key *k, unsigned cost,
			  uint64_t sleep)
{
	struct bucket *e = find(c->s, c->cap, k->a, k->b);
	if (e->used) {
		if (e->cost <= cost && !(e->sleep & ~sleep))
			return true;
		if (cost <= e->cost && !(sleep & ~e->sleep))
			e->cost = cost, e->sleep = sleep; /* this visit covers the earlier one */
		return false;
	}
	if (c->n >= LP_STATE_CACHE_MAX)
		return false; /* full: explored as if new (less pruning, nothing lost) */
	*e = (struct bucket){.a = k->a, .b = k->b, .sleep = sleep, .cost = cost, .used = 1};
	if (++c->n * 2 > c->cap)
		grow(c);
	return false;
}
