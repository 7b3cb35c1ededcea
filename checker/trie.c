/* checker/trie.c — observation trie with hashed children and the determinism check. */
#include "checker/trie.h"
#include "checker/huge.h"
#include "lineup/die.h"

#include <stdlib.h>
#include <string.h>

static uint32_t edge_hash(uint32_t parent, uint32_t tid, uint32_t text)
{
	uint64_t h =
	    (parent * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)tid << 32 | text) * 0xbf58476d1ce4e5b9ull;
	h ^= h >> 31;
	return (uint32_t)(h ^ h >> 29);
}

_Static_assert(sizeof(struct lp_trie_node) == 32, "a call node and its return share a cache line");

static void init_hole(struct lp_trie_node *n)
{
	memset(n, 0, sizeof(*n));
	n->parent = n->first_child = n->next_sibling = LP_NO_NODE;
	n->text = n->func = n->tid = LP_NO_STR;
	n->is_ret = 1;
}

void lp_trie_init(struct lp_trie *t)
{
	memset(t, 0, sizeof(*t));
	t->cap = 4096;
	t->n = lp_huge_alloc(t->cap * sizeof(*t->n));
	t->nslots = 4096;
	t->slots = lp_huge_alloc(t->nslots * sizeof(*t->slots));
	t->ncallslots = 256;
	t->calls = lp_xcalloc(t->ncallslots, sizeof(*t->calls));
	init_hole(&t->n[0]);
	t->n[0].is_ret = 0; /* the root, and a hole after it */
	init_hole(&t->n[1]);
	t->nnodes = 2;
}

void lp_trie_free(struct lp_trie *t)
{
	lp_huge_free(t->n, t->cap * sizeof(*t->n));
	lp_huge_free(t->slots, t->nslots * sizeof(*t->slots));
	free(t->calls);
	free(t->path);
	memset(t, 0, sizeof(*t));
}

uint32_t lp_trie_child(const struct lp_trie *t, uint32_t parent, uint32_t tid, bool is_ret,
		       uint32_t text)
{
	if (is_ret) { /* a call's return child is the node after it: no probe */
		uint32_t r = lp_trie_ret_child(t, parent);
		return r != LP_NO_NODE && t->n[r].text == text && t->n[r].tid == tid ? r
										     : LP_NO_NODE;
	}
	uint32_t mask = t->nslots - 1;
	for (uint32_t i = edge_hash(parent, tid, text) & mask;; i = (i + 1) & mask) {
		const struct lp_trie_slot *s = &t->slots[i];
		if (s->node == LP_NO_SLOT)
			return LP_NO_NODE;
		if (s->parent == parent && s->text == text && s->tid == tid)
			return s->node;
	}
}

static uint32_t call_hash(uint32_t tid, uint32_t text) { return edge_hash(LP_NO_NODE, tid, text); }

bool lp_trie_has_call(const struct lp_trie *t, uint32_t tid, uint32_t text)
{
	uint32_t mask = t->ncallslots - 1;
	for (uint32_t i = call_hash(tid, text) & mask; t->calls[i] != LP_NO_SLOT;
	     i = (i + 1) & mask)
		if (t->n[t->calls[i]].tid == tid && t->n[t->calls[i]].text == text)
			return true;
	return false;
}

static void insert_call(struct lp_trie *t, uint32_t id)
{
	uint32_t mask = t->ncallslots - 1;
	uint32_t i = call_hash(t->n[id].tid, t->n[id].text) & mask;
	while (t->calls[i] != LP_NO_SLOT)
		i = (i + 1) & mask;
	t->calls[i] = id;
}

static void note_call(struct lp_trie *t, uint32_t id)
{
	if (lp_trie_has_call(t, t->n[id].tid, t->n[id].text))
		return;
	if (++t->ncalls * 2 > t->ncallslots) {
		uint32_t *old = t->calls, n = t->ncallslots;
		t->ncallslots *= 2;
		t->calls = lp_xcalloc(t->ncallslots, sizeof(*t->calls));
		for (uint32_t i = 0; i < n; i++)
			if (old[i] != LP_NO_SLOT)
				insert_call(t, old[i]);
		free(old);
	}
	insert_call(t, id);
}

static void insert_slot(struct lp_trie_slot *slots, uint32_t nslots, struct lp_trie_slot e)
{
	uint32_t mask = nslots - 1;
	uint32_t i = edge_hash(e.parent, e.tid, e.text) & mask;
	while (slots[i].node != LP_NO_SLOT)
		i = (i + 1) & mask;
	slots[i] = e;
}

/* Inlined into lp_trie_add, the hot caller. */
static inline __attribute__((always_inline)) uint32_t new_child(struct lp_trie *t, uint32_t parent,
								uint32_t tid, bool is_ret,
								uint32_t text, uint32_t func)
{
	/* a return fills the hole after its call (determinism is checked before adding); a
	 * call comes with a hole */
	BUG_ON(is_ret && ((parent & 1) || lp_trie_ret_child(t, parent) != LP_NO_NODE));
	if (!is_ret && t->nnodes + 2 > t->cap) {
		BUG_ON(t->cap >= UINT32_MAX / 2);
		t->n = lp_huge_grow(t->n, t->cap * sizeof(*t->n), 2 * t->cap * sizeof(*t->n));
		t->cap *= 2;
	}
	if (!is_ret &&
	    (uint64_t)t->nnodes >= t->nslots) { /* call edges are at most half the nodes */
		struct lp_trie_slot *old = t->slots;
		uint32_t n = t->nslots;
		t->nslots *= 2;
		t->slots = lp_huge_alloc(t->nslots * sizeof(*t->slots));
		for (uint32_t i = 0; i < n; i++)
			if (old[i].node != LP_NO_SLOT)
				insert_slot(t->slots, t->nslots, old[i]);
		lp_huge_free(old, n * sizeof(*old));
	}
	uint32_t id = is_ret ? parent + 1 : t->nnodes;
	if (!is_ret) {
		t->nnodes += 2;
		init_hole(&t->n[id + 1]);
	}
	struct lp_trie_node *n = &t->n[id], *p = &t->n[parent];
	n->tid = tid;
	n->parent = parent;
	n->first_child = LP_NO_NODE;
	n->next_sibling = p->first_child;
	p->first_child = id;
	n->text = text;
	n->func = func;
	n->depth = p->depth + 1;
	n->is_ret = is_ret;
	n->flags = 0;
	if (!is_ret) {
		insert_slot(t->slots, t->nslots, (struct lp_trie_slot){parent, tid, text, id});
		note_call(t, id);
	}
	return id;
}

/* Whether node x is the child of parent for event i of h. A node has one child per event,
 * so that is lp_trie_child's answer, without a probe. */
static bool is_child_for(const struct lp_trie *t, uint32_t x, uint32_t parent,
			 const struct lp_hist *h, uint32_t i)
{
	const struct lp_trie_node *n = &t->n[x];
	const struct lp_hist_op *o = &h->ops[h->evs[i].op];
	bool is_ret = h->evs[i].is_ret;
	return n->parent == parent && n->is_ret == is_ret && n->tid == h->tids[o->thread] &&
	       n->text == (is_ret ? o->ret : o->call);
}

/* Adds a serial history in one walk: existing nodes are followed (and checked for a
 * contradiction) until the first event the trie lacks; from there on every node is new,
 * so nothing can contradict and the rest is appended. Serial histories come in schedule
 * order, so most of the walk is the last history's path, which is followed first. */
bool lp_trie_add(struct lp_trie *t, const struct lp_hist *h, struct lp_trie_conflict *c)
{
	if (h->nevs > t->cappath) {
		t->cappath = h->nevs;
		t->path = lp_xrealloc(t->path, t->cappath * sizeof(*t->path));
	}
	uint32_t node = LP_TRIE_ROOT, i = 0;
	for (; i < t->npath && i < h->nevs && is_child_for(t, t->path[i], node, h, i); i++)
		node = t->path[i];
	for (; i < h->nevs; i++) {
		const struct lp_hist_op *o = &h->ops[h->evs[i].op];
		bool is_ret = h->evs[i].is_ret;
		uint32_t next =
		    lp_trie_child(t, node, h->tids[o->thread], is_ret, is_ret ? o->ret : o->call);
		if (next == LP_NO_NODE) {
			uint32_t old = lp_trie_ret_child(t, node);
			if (is_ret && (old != LP_NO_NODE || (t->n[node].flags & LP_TN_STUCK))) {
				c->call_node = node;
				c->old_node = old != LP_NO_NODE ? old : node;
				c->new_ev = i;
				return false;
			}
			break;
		}
		node = t->path[i] = next;
	}
	if (i == h->nevs && h->stuck && !(t->n[node].flags & LP_TN_STUCK) &&
	    lp_trie_ret_child(t, node) != LP_NO_NODE) {
		c->call_node = node;
		c->old_node = lp_trie_ret_child(t, node);
		c->new_ev = LP_NO_EV;
		return false;
	}
	for (; i < h->nevs; i++) {
		const struct lp_hist_op *o = &h->ops[h->evs[i].op];
		bool is_ret = h->evs[i].is_ret;
		node = t->path[i] =
		    new_child(t, node, h->tids[o->thread], is_ret, is_ret ? o->ret : o->call,
			      is_ret ? LP_NO_STR : o->func);
	}
	t->npath = h->nevs;
	uint8_t flag = h->stuck ? LP_TN_STUCK : LP_TN_END;
	if (!(t->n[node].flags & flag))
		t->nends++;
	t->n[node].flags |= flag;
	t->nhist++;
	return true;
}

uint32_t lp_trie_some_leaf(const struct lp_trie *t, uint32_t node)
{
	while (node != LP_NO_NODE && !(t->n[node].flags & (LP_TN_END | LP_TN_STUCK)))
		node = t->n[node].first_child;
	return node;
}

uint32_t lp_trie_extend(struct lp_trie *t, uint32_t parent, uint32_t tid, bool is_ret,
			uint32_t text, uint32_t func)
{
	return new_child(t, parent, tid, is_ret, text, is_ret ? LP_NO_STR : func);
}
