/* checker/quasi.c — quasi linearizability (Round-Up, Zhang et al. PLDI 2013, strict
 * out-of-order): a witness is a linearization L of the history and an observation S such
 * that, at every position, L and S hold the same operation, or operations of the same
 * function F with a factor K > 0; the F-operations of L are a permutation of those of S
 * in which each one moves by at most K places among F's operations.
 *
 * The search walks L and S together. Unmatched F-operations on either side wait in a
 * window; one that waited more than K F-positions kills the branch. A trie node no
 * longer determines the state (L's prefix and the windows also count), so states are
 * memoised in a hash set of their full encoding. */
#include "checker/checker.h"
#include "lineup/die.h"

#include <stdlib.h>
#include <string.h>

struct pend {
	uint32_t id;   /* L: history op index; S: trie return node */
	uint32_t slot; /* F-position where it was placed */
	uint32_t q;    /* index into c->quasi */
};

struct quasi_memo {
	uint32_t *keys; /* arena of encoded states, each prefixed by its length */
	size_t nkeys, capkeys;
	uint64_t *table; /* (hash << 32 | offset + 1), 0 empty */
	size_t tsize, used;
	struct pend *pool; /* window arrays, one per search depth */
	size_t poolcap;
	uint32_t *jslot; /* F-positions so far, per quasi function */
	uint32_t *enc;
	size_t enccap;
};

struct qs {
	struct lp_checker *c;
	const struct lp_hist *h;
	struct quasi_memo *m;
	uint32_t target, total, width;
	struct lp_best *best;
	bool seq;
};

void lp_quasi_free(struct lp_checker *c)
{
	struct quasi_memo *m = c->qmemo;
	if (!m)
		return;
	free(m->keys);
	free(m->table);
	free(m->pool);
	free(m->jslot);
	free(m->enc);
	free(m);
	c->qmemo = NULL;
}

static uint32_t quasi_index(const struct lp_checker *c, uint32_t func)
{
	for (uint32_t i = 0; i < c->nquasi; i++)
		if (c->quasi[i].func == func)
			return i;
	return LP_NO_EV;
}

static uint64_t hash_words(const uint32_t *w, size_t n)
{
	uint64_t h = 0x84222325cbf29ce4ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ w[i]) * 0x100000001b3ull;
	return h ^ h >> 32;
}

/* Inserts the state; false if it was already there. */
static bool memo_insert(struct quasi_memo *m, const uint32_t *w, uint32_t n)
{
	if ((m->used + 1) * 2 > m->tsize) {
		size_t ns = m->tsize ? m->tsize * 2 : 1024;
		uint64_t *nt = lp_xcalloc(ns, sizeof(*nt));
		for (size_t i = 0; i < m->tsize; i++)
			if (m->table[i]) {
				size_t j = (m->table[i] >> 32) & (ns - 1);
				while (nt[j])
					j = (j + 1) & (ns - 1);
				nt[j] = m->table[i];
			}
		free(m->table);
		m->table = nt;
		m->tsize = ns;
	}
	uint32_t hv = (uint32_t)hash_words(w, n);
	for (size_t j = hv & (m->tsize - 1);; j = (j + 1) & (m->tsize - 1)) {
		uint64_t e = m->table[j];
		if (!e)
			break;
		if ((uint32_t)(e >> 32) != hv)
			continue;
		const uint32_t *k = m->keys + (uint32_t)e - 1;
		if (k[0] == n && !memcmp(k + 1, w, n * sizeof(*w)))
			return false;
	}
	if (m->nkeys + n + 1 > m->capkeys) {
		m->capkeys = 2 * (m->nkeys + n + 1);
		m->keys = lp_xrealloc(m->keys, m->capkeys * sizeof(*m->keys));
	}
	BUG_ON(m->nkeys + 1 >= UINT32_MAX);
	size_t off = m->nkeys;
	m->keys[off] = n;
	memcpy(m->keys + off + 1, w, n * sizeof(*w));
	m->nkeys += n + 1;
	size_t j = hv & (m->tsize - 1);
	while (m->table[j])
		j = (j + 1) & (m->tsize - 1);
	m->table[j] = (uint64_t)hv << 32 | (off + 1);
	m->used++;
	return true;
}

static bool same_op(const struct qs *s, uint32_t hop, uint32_t rn)
{
	const struct lp_trie *tr = &s->c->trie;
	const struct lp_hist_op *o = &s->h->ops[hop];
	uint32_t cn = tr->n[rn].parent;
	return tr->n[rn].text == o->ret && tr->n[cn].text == o->call &&
	       tr->n[cn].tid == s->h->tids[o->thread];
}

static bool search(struct qs *s, uint32_t node, uint32_t done, struct pend *win, uint32_t nl,
		   uint32_t ns);

/* With a golden model the legal sequence S may take any of the history's operations of
 * func next (not only those a serial run of the client made): asks for each one that S's
 * path has not used yet. */
static void golden_candidates(struct qs *s, uint32_t node, uint32_t func)
{
	struct lp_checker *c = s->c;
	const struct lp_hist *h = s->h;
	bool *used = lp_xcalloc(h->nops + 1, sizeof(*used));
	uint32_t n;
	free(lp_golden_path(c, h, node, &n, used));
	for (uint32_t j = 0; j < h->nops; j++)
		if (!used[j] && h->ops[j].func == func && h->ops[j].ret != LP_NO_STR)
			lp_golden_call_node(c, h, node, j); /* at once when an equal one asked */
	free(used);
}

/* One F-position: L takes history op hop, S takes the trie return node rn. */
static bool step_quasi(struct qs *s, uint32_t done, struct pend *win, uint32_t nl, uint32_t ns,
		       uint32_t t, uint32_t hop, uint32_t rn, uint32_t q)
{
	struct lp_checker *c = s->c;
	struct quasi_memo *m = s->m;
	struct pend *nw = win + s->width; /* the next depth's window */
	uint32_t slot = m->jslot[q];
	/* windows: L entries first (nl), then S entries (ns), each in slot order */
	uint32_t nnl = 0, nns = 0;
	/* k-th equal op of L pairs with the k-th of S: older waiting entries go first */
	bool matched_l = false, matched_s = false;
	struct pend *tmpS = nw + s->width / 2;
	for (uint32_t i = 0; i < nl; i++) {
		if (!matched_s && same_op(s, win[i].id, rn)) {
			matched_s = true; /* S's new op takes the earliest equal waiting L op */
			continue;
		}
		nw[nnl++] = win[i];
	}
	for (uint32_t i = 0; i < ns; i++) {
		const struct pend *e = &win[nl + i];
		if (!matched_l && same_op(s, hop, e->id)) {
			matched_l = true;
			continue;
		}
		tmpS[nns++] = *e;
	}
	if (!matched_l && !matched_s && same_op(s, hop, rn))
		matched_l = matched_s = true;
	if (!matched_l)
		nw[nnl++] = (struct pend){hop, slot, q};
	if (!matched_s)
		tmpS[nns++] = (struct pend){rn, slot, q};
	BUG_ON(nnl + nns > s->width / 2 + s->width / 2);
	memmove(nw + nnl, tmpS, nns * sizeof(*tmpS));
	m->jslot[q]++;
	bool ok = true;
	for (uint32_t i = 0; i < nnl + nns && ok; i++)
		if (nw[i].q == q && nw[i].slot + c->quasi[nw[i].q].k < m->jslot[q])
			ok = false; /* waited more than K positions of F */
	if (ok) {
		c->counts[t]++;
		ok = search(s, rn, done + 1, nw, nnl, nns);
		c->counts[t]--;
	}
	m->jslot[q]--;
	return ok;
}

static bool search(struct qs *s, uint32_t node, uint32_t done, struct pend *win, uint32_t nl,
		   uint32_t ns)
{
	struct lp_checker *c = s->c;
	const struct lp_hist *h = s->h;
	const struct lp_trie *tr = &c->trie;
	struct quasi_memo *m = s->m;
	if (done > s->best->done) {
		s->best->done = done;
		s->best->node = node;
	}
	if (done == s->total) {
		if (nl || ns)
			return false;
		if (s->target == LP_NO_EV)
			return c->golden || (tr->n[node].flags & LP_TN_END);
		const struct lp_hist_op *e = &h->ops[s->target];
		uint32_t cn = c->golden
				  ? lp_golden_call_node(c, h, node, s->target)
				  : lp_trie_child(tr, node, h->tids[e->thread], false, e->call);
		return cn != LP_NO_NODE && (tr->n[cn].flags & LP_TN_STUCK);
	}
	/* memo key: node, L prefix (counts), windows */
	uint32_t n = 0;
	m->enc[n++] = node;
	for (uint32_t t = 0; t < h->nthreads; t++)
		m->enc[n++] = c->counts[t];
	m->enc[n++] = nl;
	for (uint32_t i = 0; i < nl + ns; i++) {
		m->enc[n++] = win[i].id;
		m->enc[n++] = win[i].slot;
	}
	if (!memo_insert(m, m->enc, n))
		return false;
	uint32_t minret = LP_NO_EV;
	if (!s->seq)
		for (uint32_t t = 0; t < h->nthreads; t++)
			if (c->counts[t] < c->limit[t]) {
				uint32_t r = lp_hist_thread_op(h, t, c->counts[t])->ret_ev;
				minret = r < minret ? r : minret;
			}
	for (uint32_t t = 0; t < h->nthreads; t++) {
		if (c->counts[t] >= c->limit[t])
			continue;
		uint32_t hop = h->thread_ops[h->thread_start[t] + c->counts[t]];
		const struct lp_hist_op *o = &h->ops[hop];
		if (o->call_ev > minret)
			continue;
		uint32_t q = quasi_index(c, o->func);
		if (q == LP_NO_EV || c->quasi[q].k == 0) {
			uint32_t tid = h->tids[t];
			uint32_t cn = c->golden ? lp_golden_call_node(c, h, node, hop)
						: lp_trie_child(tr, node, tid, false, o->call);
			uint32_t rn = cn == LP_NO_NODE ? LP_NO_NODE
						       : lp_trie_child(tr, cn, tid, true, o->ret);
			if (rn == LP_NO_NODE)
				continue;
			/* windows carry over unchanged to the next depth */
			struct pend *nw = win + s->width;
			memcpy(nw, win, (nl + ns) * sizeof(*win));
			c->counts[t]++;
			bool ok = search(s, rn, done + 1, nw, nl, ns);
			c->counts[t]--;
			if (ok)
				return true;
			continue;
		}
		if (c->golden)
			golden_candidates(s, node, o->func);
		for (uint32_t cn = tr->n[node].first_child; cn != LP_NO_NODE;
		     cn = tr->n[cn].next_sibling) {
			if (tr->n[cn].is_ret || tr->n[cn].func != o->func)
				continue;
			for (uint32_t rn = tr->n[cn].first_child; rn != LP_NO_NODE;
			     rn = tr->n[rn].next_sibling)
				if (tr->n[rn].is_ret &&
				    step_quasi(s, done, win, nl, ns, t, hop, rn, q))
					return true;
		}
	}
	return false;
}

bool lp_quasi_linearize(struct lp_checker *c, const struct lp_hist *h, uint32_t target,
			struct lp_best *best)
{
	lp_checker_scratch(c, h);
	if (!c->qmemo)
		c->qmemo = lp_xcalloc(1, sizeof(*c->qmemo));
	struct quasi_memo *m = c->qmemo;
	struct qs s = {.c = c,
		       .h = h,
		       .m = m,
		       .target = target,
		       .best = best,
		       .seq = c->crit == LP_CRIT_SEQUENTIAL};
	for (uint32_t t = 0; t < h->nthreads; t++) {
		c->counts[t] = 0;
		c->limit[t] = lp_hist_thread_nops(h, t);
		if (c->limit[t] && lp_hist_thread_op(h, t, c->limit[t] - 1)->ret == LP_NO_STR)
			c->limit[t]--;
		s.total += c->limit[t];
	}
	/* at most K+1 waiting entries per function and side */
	uint64_t w = 0;
	for (uint32_t i = 0; i < c->nquasi; i++)
		w += 2 * ((uint64_t)c->quasi[i].k + 2);
	BUG_ON(w > UINT32_MAX / 4);
	s.width = (uint32_t)w;
	size_t need = ((size_t)s.total + 2) * s.width;
	if (need > m->poolcap) {
		m->pool = lp_xrealloc(m->pool, need * sizeof(*m->pool));
		m->poolcap = need;
	}
	m->jslot = lp_xrealloc(m->jslot, (c->nquasi + 1) * sizeof(*m->jslot));
	memset(m->jslot, 0, (c->nquasi + 1) * sizeof(*m->jslot));
	size_t enc = 3 + h->nthreads + 2 * (size_t)s.width;
	if (enc > m->enccap) {
		m->enc = lp_xrealloc(m->enc, enc * sizeof(*m->enc));
		m->enccap = enc;
	}
	m->nkeys = 0;
	m->used = 0;
	if (m->table)
		memset(m->table, 0, m->tsize * sizeof(*m->table));
	best->node = LP_TRIE_ROOT;
	best->done = 0;
	return search(&s, LP_TRIE_ROOT, 0, m->pool, 0, 0);
}
