/* checker/golden.c — observations on demand from a golden model (--spec-from; Round-Up's
 * legality check). A sequence of the history's operations is legal when the model, called
 * in that order with the same arguments, returns the same results. The search asks, at a
 * trie node, for the result of one more operation after the node's path; the answer
 * (results of the whole sequence, run from the start) extends the trie. Each history gets
 * a fresh trie, because the model's handles are renamed into that history's values;
 * answers are cached across histories under the sequence's text (thread, call, the
 * history's result), which is all they depend on. */
#include "checker/checker.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "lineup/hash.h"

#include <stdlib.h>
#include <string.h>

struct entry {
	char *key, *answer;
	uint64_t hash;
};

struct lp_golden_cache {
	struct entry *e;
	size_t size, used; /* size: power of two */
};

static uint64_t hash_text(const char *s, size_t n) { return lp_hash_fnv1a(LP_FNV_OFFSET, s, n); }

static struct entry *slot(struct lp_golden_cache *g, const char *key, uint64_t h)
{
	for (size_t i = h & (g->size - 1);; i = (i + 1) & (g->size - 1))
		if (!g->e[i].key || (g->e[i].hash == h && !strcmp(g->e[i].key, key)))
			return &g->e[i];
}

static void cache_put(struct lp_golden_cache *g, const char *key, const char *answer)
{
	if ((g->used + 1) * 2 > g->size) {
		struct lp_golden_cache n = {.size = g->size ? g->size * 2 : 256};
		n.e = lp_xcalloc(n.size, sizeof(*n.e));
		for (size_t i = 0; i < g->size; i++)
			if (g->e[i].key)
				*slot(&n, g->e[i].key, g->e[i].hash) = g->e[i];
		free(g->e);
		g->e = n.e;
		g->size = n.size;
	}
	uint64_t h = hash_text(key, strlen(key));
	struct entry *e = slot(g, key, h);
	if (e->key)
		return;
	*e = (struct entry){lp_xstrdup(key), lp_xstrdup(answer), h};
	g->used++;
}

static const char *cache_get(struct lp_golden_cache *g, const char *key)
{
	if (!g->size)
		return NULL;
	const struct entry *e = slot(g, key, hash_text(key, strlen(key)));
	return e->key ? e->answer : NULL;
}

void lp_golden_free(struct lp_checker *c)
{
	struct lp_golden_cache *g = c->gcache;
	if (!g)
		return;
	for (size_t i = 0; i < g->size; i++)
		if (g->e[i].key) {
			free(g->e[i].key);
			free(g->e[i].answer);
		}
	free(g->e);
	free(g);
	c->gcache = NULL;
}

void lp_golden_begin(struct lp_checker *c)
{
	lp_trie_free(&c->trie);
	lp_trie_init(&c->trie);
	if (!c->gcache)
		c->gcache = lp_xcalloc(1, sizeof(*c->gcache));
}

/* The history's operations along node's path, root first (call nodes matched to the
 * earliest unused operation of the same thread and call); n of them. */
uint32_t *lp_checker_path_calls(const struct lp_checker *c, uint32_t node, uint32_t *n)
{
	const struct lp_trie *t = &c->trie;
	uint32_t depth = 0;
	for (uint32_t x = node; x != LP_TRIE_ROOT; x = t->n[x].parent)
		depth += !t->n[x].is_ret;
	uint32_t *calls = lp_xmalloc((depth + 1) * sizeof(*calls));
	uint32_t k = depth;
	for (uint32_t x = node; x != LP_TRIE_ROOT; x = t->n[x].parent)
		if (!t->n[x].is_ret)
			calls[--k] = x;
	*n = depth;
	return calls;
}

uint32_t *lp_golden_path(struct lp_checker *c, const struct lp_hist *h, uint32_t node, uint32_t *n,
			 bool *used)
{
	const struct lp_trie *t = &c->trie;
	uint32_t depth;
	uint32_t *calls = lp_checker_path_calls(c, node, &depth);
	for (uint32_t i = 0; i < depth; i++) {
		const struct lp_trie_node *cn = &t->n[calls[i]];
		uint32_t op = LP_NO_EV;
		for (uint32_t j = 0; j < h->nops && op == LP_NO_EV; j++)
			if (!used[j] && h->tids[h->ops[j].thread] == cn->tid &&
			    h->ops[j].call == cn->text)
				op = j;
		if (op == LP_NO_EV)
			lp_die(LP_EXIT_USAGE, "golden model: a trie path left its history (bug)");
		used[op] = true;
		calls[i] = op;
	}
	*n = depth;
	return calls;
}

static void key_line(const struct lp_checker *c, const struct lp_hist *h, uint32_t op,
		     struct lp_buf *key)
{
	const struct lp_hist_op *o = &h->ops[op];
	lp_buf_printf(key, "%s\x1f%s\x1f%s\n", lp_intern_str(c->strs, h->tids[o->thread]),
		      lp_intern_str(c->strs, o->call),
		      o->ret == LP_NO_STR ? "\x1e" : lp_intern_str(c->strs, o->ret));
}

/* Puts the answer's results into the trie along the path and one call further. */
static uint32_t extend(struct lp_checker *c, const struct lp_hist *h, uint32_t node,
		       const uint32_t *ops, uint32_t n, const char *answer)
{
	struct lp_trie *t = &c->trie;
	uint32_t x = LP_TRIE_ROOT, cn = LP_NO_NODE;
	const char *p = answer;
	for (uint32_t i = 0; i < n; i++) {
		const struct lp_hist_op *o = &h->ops[ops[i]];
		uint32_t tid = h->tids[o->thread];
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		bool stuck = len == 5 && !memcmp(p, "stuck", 5);
		bool last = i + 1 == n;
		cn = lp_trie_child(t, x, tid, false, o->call);
		if (!last && (cn == LP_NO_NODE || stuck || !nl))
			lp_die(LP_EXIT_USAGE,
			       "the golden model is not deterministic: the calls up to %s gave "
			       "other results when run again",
			       lp_intern_str(c->strs, o->call));
		if (last) {
			BUG_ON(x != node);
			if (cn == LP_NO_NODE)
				cn = lp_trie_extend(t, x, tid, false, o->call, o->func);
			if (stuck || !len)
				t->n[cn].flags |= LP_TN_STUCK;
			else if (lp_trie_ret_child(t, cn) == LP_NO_NODE)
				lp_trie_extend(t, cn, tid, true, lp_intern_add(c->strs, p, len),
					       LP_NO_STR);
			break;
		}
		uint32_t rn = lp_trie_ret_child(t, cn);
		if (rn == LP_NO_NODE || strlen(lp_intern_str(c->strs, t->n[rn].text)) != len ||
		    memcmp(lp_intern_str(c->strs, t->n[rn].text), p, len))
			lp_die(LP_EXIT_USAGE,
			       "the golden model is not deterministic: %s returned %.*s, and %s "
			       "before",
			       lp_intern_str(c->strs, o->call), (int)len, p,
			       rn == LP_NO_NODE ? "nothing"
						: lp_intern_str(c->strs, t->n[rn].text));
		x = rn;
		p = nl + 1;
	}
	lp_checker_cover(c);
	return cn;
}

uint32_t lp_golden_call_node(struct lp_checker *c, const struct lp_hist *h, uint32_t node,
			     uint32_t hop)
{
	const struct lp_hist_op *o = &h->ops[hop];
	uint32_t cn = lp_trie_child(&c->trie, node, h->tids[o->thread], false, o->call);
	if (cn != LP_NO_NODE)
		return cn;
	bool *used = lp_xcalloc(h->nops + 1, sizeof(*used));
	uint32_t n;
	uint32_t *ops = lp_golden_path(c, h, node, &n, used);
	ops[n++] = hop;
	struct lp_buf req = {0}, key = {0}, ans = {0};
	for (uint32_t i = 0; i < n; i++) {
		lp_buf_printf(&req, "%s%u", i ? " " : "", ops[i]);
		key_line(c, h, ops[i], &key);
	}
	c->gasks++;
	const char *answer = cache_get(c->gcache, lp_buf_str(&key));
	if (answer) {
		c->gcached++;
	} else {
		if (!c->ask)
			lp_die(LP_EXIT_USAGE, "a golden model needs lineup-preload to run it");
		if (!c->ask(c->ask_ctx, lp_buf_str(&req), &ans))
			lp_die(LP_EXIT_USAGE, "golden model: %s", lp_buf_str(&ans));
		cache_put(c->gcache, lp_buf_str(&key), lp_buf_str(&ans));
		answer = cache_get(c->gcache, lp_buf_str(&key));
	}
	cn = extend(c, h, node, ops, n, answer);
	lp_buf_free(&req);
	lp_buf_free(&key);
	lp_buf_free(&ans);
	free(ops);
	free(used);
	return cn;
}
