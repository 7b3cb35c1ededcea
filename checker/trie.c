/* checker/trie.c — observation trie with hashed children and the determinism check. */
#include "checker/trie.h"
#include "lineup/die.h"

#include <stdlib.h>
#include <string.h>

static uint32_t edge_hash(uint32_t parent, lp_tid_t tid, bool is_ret, uint32_t text)
{
	uint64_t h = parent * 0x9e3779b97f4a7c15ull;
	h ^= (tid + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull;
	h ^= ((uint64_t)text << 1 | is_ret) * 0x94d049bb133111ebull;
	h ^= h >> 31;
	return (uint32_t)(h ^ h >> 29);
}

void lp_trie_init(struct lp_trie *t)
{
	memset(t, 0, sizeof(*t));
	t->cap = 1024;
	t->n = lp_xmalloc(t->cap * sizeof(*t->n));
	t->nslots = 2048;
	t->slots = lp_xmalloc(t->nslots * sizeof(*t->slots));
	memset(t->slots, 0xff, t->nslots * sizeof(*t->slots));
	struct lp_trie_node *r = &t->n[0];
	memset(r, 0, sizeof(*r));
	r->parent = r->first_child = r->next_sibling = LP_NO_NODE;
	r->text = r->func = LP_NO_STR;
	t->nnodes = 1;
}

void lp_trie_free(struct lp_trie *t)
{
	free(t->n);
	free(t->slots);
	memset(t, 0, sizeof(*t));
}

uint32_t lp_trie_child(const struct lp_trie *t, uint32_t parent, lp_tid_t tid, bool is_ret, uint32_t text)
{
	uint32_t mask = t->nslots - 1;
	for (uint32_t i = edge_hash(parent, tid, is_ret, text) & mask;; i = (i + 1) & mask) {
		uint32_t c = t->slots[i];
		if (c == LP_NO_NODE)
			return LP_NO_NODE;
		const struct lp_trie_node *n = &t->n[c];
		if (n->parent == parent && n->text == text && n->tid == tid && n->is_ret == is_ret)
			return c;
	}
}

static void insert_slot(struct lp_trie *t, uint32_t id)
{
	const struct lp_trie_node *n = &t->n[id];
	uint32_t mask = t->nslots - 1;
	uint32_t i = edge_hash(n->parent, n->tid, n->is_ret, n->text) & mask;
	while (t->slots[i] != LP_NO_NODE)
		i = (i + 1) & mask;
	t->slots[i] = id;
}

static uint32_t new_child(struct lp_trie *t, uint32_t parent, lp_tid_t tid, bool is_ret, uint32_t text,
			  uint32_t func)
{
	if (t->nnodes == t->cap) {
		BUG_ON(t->cap >= UINT32_MAX / 2);
		t->cap *= 2;
		t->n = lp_xrealloc(t->n, t->cap * sizeof(*t->n));
	}
	if ((uint64_t)t->nnodes * 2 >= t->nslots) {
		t->nslots *= 2;
		t->slots = lp_xrealloc(t->slots, t->nslots * sizeof(*t->slots));
		memset(t->slots, 0xff, t->nslots * sizeof(*t->slots));
		for (uint32_t i = 1; i < t->nnodes; i++)
			insert_slot(t, i);
	}
	uint32_t id = t->nnodes++;
	struct lp_trie_node *n = &t->n[id], *p = &t->n[parent];
	n->tid = tid;
	n->parent = parent;
	n->first_child = LP_NO_NODE;
	n->next_sibling = p->first_child;
	p->first_child = id;
	n->text = text;
	n->func = func;
	n->depth = p->depth + 1;
	n->nops = p->nops + is_ret;
	n->is_ret = is_ret;
	n->flags = 0;
	insert_slot(t, id);
	return id;
}

/* The return child of a call node, if any (at most one: determinism). */
static uint32_t ret_child(const struct lp_trie *t, uint32_t call)
{
	for (uint32_t c = t->n[call].first_child; c != LP_NO_NODE; c = t->n[c].next_sibling)
		if (t->n[c].is_ret)
			return c;
	return LP_NO_NODE;
}

bool lp_trie_add(struct lp_trie *t, const struct lp_hist *h, struct lp_trie_conflict *c)
{
	/* first pass: look for a conflict without changing anything */
	uint32_t node = LP_TRIE_ROOT;
	for (uint32_t i = 0; i < h->nevs; i++) {
		const struct lp_hist_op *o = &h->ops[h->evs[i].op];
		lp_tid_t tid = h->tids[o->thread];
		bool is_ret = h->evs[i].is_ret;
		uint32_t next = lp_trie_child(t, node, tid, is_ret, is_ret ? o->ret : o->call);
		if (is_ret && next == LP_NO_NODE) {
			uint32_t other = ret_child(t, node);
			if (other != LP_NO_NODE || (t->n[node].flags & LP_TN_STUCK)) {
				c->call_node = node;
				c->old_node = other != LP_NO_NODE ? other : node;
				c->new_ev = i;
				return false;
			}
		}
		if (next == LP_NO_NODE)
			break;
		node = next;
		if (i + 1 == h->nevs && h->stuck && !(t->n[node].flags & LP_TN_STUCK)) {
			uint32_t other = ret_child(t, node);
			if (other != LP_NO_NODE) {
				c->call_node = node;
				c->old_node = other;
				c->new_ev = LP_NO_EV;
				return false;
			}
		}
	}
	node = LP_TRIE_ROOT;
	for (uint32_t i = 0; i < h->nevs; i++) {
		const struct lp_hist_op *o = &h->ops[h->evs[i].op];
		lp_tid_t tid = h->tids[o->thread];
		bool is_ret = h->evs[i].is_ret;
		uint32_t text = is_ret ? o->ret : o->call;
		uint32_t next = lp_trie_child(t, node, tid, is_ret, text);
		if (next == LP_NO_NODE)
			next = new_child(t, node, tid, is_ret, text, is_ret ? LP_NO_STR : o->func);
		node = next;
	}
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
