/* cli/campaign/test-gen.c — see test-gen.h. */
#include "cli/campaign/test-gen.h"

#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"
#include "lineup/hash.h"

static uint64_t splitmix(uint64_t *s) { return lp_hash_mix64(*s += LP_HASH_GOLDEN); }

/* A fixed test with g's targets, signatures, init and final calls, and no thread. */
static void frame_of(const struct lp_tdesc *g, struct lp_tdesc *out)
{
	struct lp_tdesc tmp = *g;
	tmp.n_ops = 0, tmp.ops = NULL;
	tmp.n_threads = 0, tmp.threads = NULL;
	lp_tdesc_copy(out, &tmp);
}

static void concrete_of(const struct lp_targ *a, uint64_t pick, struct lp_targ *out)
{
	if (a->kind == LP_TARG_RANGE) {
		uint64_t span = (uint64_t)(a->hi - a->lo) + 1;
		memset(out, 0, sizeof *out);
		out->kind = LP_TARG_INT;
		out->i = a->lo + (long long)(span ? pick % span : pick);
	} else if (a->kind == LP_TARG_SET) {
		lp_targ_copy(out, &a->set[pick % (uint64_t)a->n_set]);
	} else {
		lp_targ_copy(out, a);
	}
}

static void add_threads(struct lp_tdesc *out, int threads, int calls)
{
	out->n_threads = threads;
	out->threads = lp_xcalloc((size_t)threads, sizeof *out->threads);
	for (int t = 0; t < threads; t++) {
		out->threads[t].n_calls = calls;
		out->threads[t].calls = lp_xcalloc((size_t)calls, sizeof(struct lp_tcall));
	}
}

static void op_call(const struct lp_tcall *op, struct lp_tcall *c, uint64_t (*pick)(void *, int),
		    void *ctx)
{
	memset(c, 0, sizeof *c);
	c->func = lp_xstrdup(op->func);
	c->n_args = op->n_args;
	c->args = op->n_args ? lp_xcalloc((size_t)op->n_args, sizeof *c->args) : NULL;
	for (int a = 0; a < op->n_args; a++)
		concrete_of(&op->args[a], pick(ctx, a), &c->args[a]);
}

static uint64_t pick_random(void *ctx, int arg)
{
	(void)arg;
	return splitmix(ctx);
}

void lp_tgen_random(const struct lp_tdesc *g, int threads, int calls, uint64_t seed, uint64_t index,
		    struct lp_tdesc *out)
{
	BUG_ON(!g->n_ops);
	uint64_t s = seed * 0x2545f4914f6cdd1dull ^ (index * LP_HASH_GOLDEN);
	splitmix(&s);
	frame_of(g, out);
	add_threads(out, threads, calls);
	for (int t = 0; t < threads; t++)
		for (int k = 0; k < calls; k++) {
			const struct lp_tcall *op = &g->ops[splitmix(&s) % (uint64_t)g->n_ops];
			op_call(op, &out->threads[t].calls[k], pick_random, &s);
		}
}

int lp_tgen_auto_shapes(int threads, int calls, int *t_out, int *k_out, int max)
{
	int t = 1, k = 1, n = 0;
	for (;;) {
		if (n < max)
			t_out[n] = t, k_out[n] = k;
		n++;
		if (t >= threads && k >= calls)
			break;
		if (t < threads && (t <= k || k >= calls))
			t++;
		else
			k++;
	}
	return n < max ? n : max;
}

/* C(n, r) or UINT64_MAX when it does not fit. */
static uint64_t choose(uint64_t n, uint64_t r)
{
	if (r > n)
		return 0;
	if (r > n - r)
		r = n - r;
	uint64_t c = 1;
	for (uint64_t i = 1; i <= r; i++) {
		uint64_t f = n - r + i;
		if (c > UINT64_MAX / f)
			return UINT64_MAX;
		c = c * f / i; /* exact: c * f is a multiple of i */
	}
	return c;
}

/* The number of sequences of K op lines, or UINT64_MAX. */
static uint64_t sequences(const struct lp_tdesc *g, int calls)
{
	uint64_t s = 1;
	for (int k = 0; k < calls; k++) {
		if (s > UINT64_MAX / (uint64_t)g->n_ops)
			return UINT64_MAX;
		s *= (uint64_t)g->n_ops;
	}
	return s;
}

uint64_t lp_tgen_auto_count(const struct lp_tdesc *g, int threads, int calls)
{
	uint64_t s = sequences(g, calls);
	if (s == UINT64_MAX || s > UINT64_MAX - (uint64_t)threads)
		return UINT64_MAX;
	return choose(s + (uint64_t)threads - 1, (uint64_t)threads);
}

struct in_turn {
	int *used; /* per op line and argument: values handed out so far */
	const struct lp_tdesc *g;
	int op;
};

static uint64_t pick_in_turn(void *ctx, int arg)
{
	struct in_turn *it = ctx;
	int *u = &it->used[it->op * 16 + (arg < 16 ? arg : 15)];
	return (uint64_t)(*u)++;
}

void lp_tgen_auto(const struct lp_tdesc *g, int threads, int calls, uint64_t n,
		  struct lp_tdesc *out)
{
	uint64_t s = sequences(g, calls);
	BUG_ON(s == UINT64_MAX);
	uint64_t *seq = lp_xcalloc((size_t)threads, sizeof *seq);
	uint64_t prev = 0;
	for (int j = 0; j < threads; j++) { /* unrank a non-decreasing tuple */
		uint64_t rest = (uint64_t)(threads - j - 1);
		for (uint64_t v = prev; v < s; v++) {
			uint64_t c = rest ? choose(s - v + rest - 1, rest) : 1;
			if (n < c) {
				seq[j] = prev = v;
				break;
			}
			n -= c;
		}
	}
	frame_of(g, out);
	add_threads(out, threads, calls);
	struct in_turn it = {.used = lp_xcalloc((size_t)g->n_ops * 16, sizeof(int)), .g = g};
	for (int t = 0; t < threads; t++) {
		uint64_t x = seq[t];
		int *ops = lp_xcalloc((size_t)calls, sizeof *ops);
		for (int k = calls - 1; k >= 0; k--) {
			ops[k] = (int)(x % (uint64_t)g->n_ops);
			x /= (uint64_t)g->n_ops;
		}
		for (int k = 0; k < calls; k++) {
			it.op = ops[k];
			op_call(&g->ops[ops[k]], &out->threads[t].calls[k], pick_in_turn, &it);
		}
		free(ops);
	}
	free(it.used);
	free(seq);
}

int lp_test_calls(const struct lp_tdesc *t)
{
	int n = 0;
	for (int i = 0; i < t->n_threads; i++)
		n += t->threads[i].n_calls;
	return n;
}

static bool arg_uses_var(const struct lp_targ *a, const char *var)
{
	if (a->kind == LP_TARG_VAR)
		return !strcmp(a->s, var);
	for (int m = 0; a->kind == LP_TARG_STRUCT && m < a->n_set; m++)
		if (arg_uses_var(&a->set[m], var))
			return true;
	return false;
}

static bool uses_var(const struct lp_tcall *c, int n, const char *var)
{
	for (int i = 0; i < n; i++)
		for (int a = 0; a < c[i].n_args; a++)
			if (arg_uses_var(&c[i].args[a], var))
				return true;
	return false;
}

static bool var_used(const struct lp_tdesc *t, const char *var)
{
	if (uses_var(t->init, t->n_init, var) || uses_var(t->final, t->n_final, var))
		return true;
	for (int i = 0; i < t->n_threads; i++)
		if (uses_var(t->threads[i].calls, t->threads[i].n_calls, var))
			return true;
	return false;
}

static void remove_call(struct lp_tcall *c, int *n, int at)
{
	lp_tcall_free(&c[at]);
	memmove(&c[at], &c[at + 1], sizeof *c * (size_t)(*n - at - 1));
	(*n)--;
}

/* Smaller values an integer argument may take: toward the low end of the range its op
 * line allows, or an earlier value of its set. Writes up to 2; returns how many. */
static int smaller(const struct lp_tdesc *g, const struct lp_tcall *c, int a, long long *v)
{
	long long x = c->args[a].i;
	for (int o = 0; o < g->n_ops; o++) {
		const struct lp_tcall *op = &g->ops[o];
		if (strcmp(op->func, c->func) || op->n_args != c->n_args)
			continue;
		const struct lp_targ *arg = &op->args[a];
		if (arg->kind == LP_TARG_RANGE && x > arg->lo && x <= arg->hi) {
			int n = 0;
			v[n++] = arg->lo;
			if ((arg->lo + x) / 2 != arg->lo && (arg->lo + x) / 2 != x)
				v[n++] = (arg->lo + x) / 2;
			return n;
		}
		if (arg->kind == LP_TARG_SET)
			for (int s = 1; s < arg->n_set; s++)
				if (arg->set[s].kind == LP_TARG_INT && arg->set[s].i == x &&
				    arg->set[0].kind == LP_TARG_INT) {
					v[0] = arg->set[0].i;
					return 1;
				}
	}
	return 0;
}

bool lp_tmin_variant(const struct lp_tdesc *g, const struct lp_tdesc *t, int i,
		     struct lp_tdesc *out)
{
	if (t->n_threads > 1) { /* a thread removed */
		if (i < t->n_threads) {
			lp_tdesc_copy(out, t);
			for (int k = 0; k < out->threads[i].n_calls; k++)
				lp_tcall_free(&out->threads[i].calls[k]);
			free(out->threads[i].calls);
			memmove(&out->threads[i], &out->threads[i + 1],
				sizeof *out->threads * (size_t)(out->n_threads - i - 1));
			out->n_threads--;
			return true;
		}
		i -= t->n_threads;
	}
	for (int th = 0; th < t->n_threads; th++) { /* a call removed */
		int n = t->threads[th].n_calls;
		if (n < 2)
			continue;
		if (i < n) {
			lp_tdesc_copy(out, t);
			remove_call(out->threads[th].calls, &out->threads[th].n_calls, i);
			return true;
		}
		i -= n;
	}
	if (i < t->n_final) { /* a final call removed */
		lp_tdesc_copy(out, t);
		remove_call(out->final, &out->n_final, i);
		return true;
	}
	i -= t->n_final;
	for (int k = 0; k < t->n_init; k++) { /* an init call nothing depends on */
		if (t->init[k].bind && var_used(t, t->init[k].bind))
			continue;
		if (i-- == 0) {
			lp_tdesc_copy(out, t);
			remove_call(out->init, &out->n_init, k);
			return true;
		}
	}
	for (int th = 0; th < t->n_threads; th++) /* an argument made smaller */
		for (int k = 0; k < t->threads[th].n_calls; k++) {
			const struct lp_tcall *c = &t->threads[th].calls[k];
			for (int a = 0; a < c->n_args; a++) {
				if (c->args[a].kind != LP_TARG_INT)
					continue;
				long long v[2];
				int n = smaller(g, c, a, v);
				if (i < n) {
					lp_tdesc_copy(out, t);
					out->threads[th].calls[k].args[a].i = v[i];
					return true;
				}
				i -= n;
			}
		}
	return false;
}
