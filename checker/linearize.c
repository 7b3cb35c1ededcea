/* checker/linearize.c — witness search through the trie for (stuck) concurrent histories,
 * depth-first with an explicit stack, memoised on trie nodes. Never enumerates
 * permutations: each trie node is entered at most once per search. */
#include "checker/checker.h"
#include "lineup/die.h"

#include <stdlib.h>
#include <string.h>

struct frame {
	uint32_t node;
	uint32_t next_t; /* next thread to try */
	uint32_t via_t;	 /* thread whose op led here */
	uint32_t minret; /* earliest return event among the unlinearized ops */
};

void lp_checker_scratch(struct lp_checker *c, const struct lp_hist *h)
{
	if (h->nthreads > c->nscratch) {
		c->nscratch = h->nthreads;
		c->counts = lp_xrealloc(c->counts, c->nscratch * sizeof(*c->counts));
		c->limit = lp_xrealloc(c->limit, c->nscratch * sizeof(*c->limit));
	}
	if (h->nops + 1 > c->nframes) {
		c->nframes = h->nops + 1;
		c->frames = lp_xrealloc(c->frames, c->nframes * sizeof(*c->frames));
	}
	if (c->trie.nnodes > c->visit_cap) {
		uint32_t cap = c->trie.nnodes + c->trie.nnodes / 2;
		c->visit = lp_xrealloc(c->visit, cap * sizeof(*c->visit));
		memset(c->visit + c->visit_cap, 0, (cap - c->visit_cap) * sizeof(*c->visit));
		c->visit_cap = cap;
	}
	if (++c->gen == 0) {
		memset(c->visit, 0, c->visit_cap * sizeof(*c->visit));
		c->gen = 1;
	}
}

void lp_checker_cover(struct lp_checker *c)
{
	if (c->trie.nnodes <= c->visit_cap)
		return;
	uint32_t cap = c->trie.nnodes * 2;
	c->visit = lp_xrealloc(c->visit, cap * sizeof(*c->visit));
	memset(c->visit + c->visit_cap, 0, (cap - c->visit_cap) * sizeof(*c->visit));
	c->visit_cap = cap;
}

uint32_t lp_checker_min_ret(const struct lp_checker *c, const struct lp_hist *h,
			    const uint32_t *counts)
{
	uint32_t m = LP_NO_EV;
	for (uint32_t t = 0; t < h->nthreads; t++)
		if (counts[t] < c->limit[t]) {
			uint32_t r = lp_hist_thread_op(h, t, counts[t])->ret_ev;
			if (r < m)
				m = r;
		}
	return m;
}

bool lp_linearize(struct lp_checker *c, const struct lp_hist *h, uint32_t target,
		  struct lp_best *best)
{
	const struct lp_trie *tr = &c->trie;
	lp_checker_scratch(c, h);
	uint32_t total = 0;
	for (uint32_t t = 0; t < h->nthreads; t++) {
		c->counts[t] = 0;
		c->limit[t] = lp_hist_thread_nops(h, t);
		/* pending ops are last in their thread and never linearized here */
		if (c->limit[t] && lp_hist_thread_op(h, t, c->limit[t] - 1)->ret == LP_NO_STR)
			c->limit[t]--;
		total += c->limit[t];
	}
	bool seq = c->crit == LP_CRIT_SEQUENTIAL, note = c->collect;
	struct frame *st = c->frames;
	uint32_t sp = 0;
	st[sp++] = (struct frame){LP_TRIE_ROOT, 0, LP_NO_EV, lp_checker_min_ret(c, h, c->counts)};
	c->visit[LP_TRIE_ROOT] = c->gen;
	best->node = LP_TRIE_ROOT;
	best->done = 0;
	while (sp) {
		struct frame *f = &st[sp - 1];
		if (sp - 1 == total) {
			if (target == LP_NO_EV) {
				if (c->golden || (tr->n[f->node].flags & LP_TN_END))
					return true; /* a model's sequence may end anywhere */
			} else {
				uint32_t cn = lp_call_node(c, h, f->node, target);
				if (cn != LP_NO_NODE && (tr->n[cn].flags & LP_TN_STUCK))
					return true;
				if (note)
					lp_confirm_note(c, f->node, h->tids[h->ops[target].thread]);
			}
			f->next_t = h->nthreads; /* nothing left to linearize */
		}
		bool pushed = false;
		for (uint32_t t = f->next_t; t < h->nthreads; t++) {
			if (c->counts[t] >= c->limit[t])
				continue;
			const struct lp_hist_op *o = lp_hist_thread_op(h, t, c->counts[t]);
			if (!seq && o->call_ev > f->minret)
				continue; /* an unlinearized op returned before o was called */
			uint32_t tid = h->tids[t];
			uint32_t cn = lp_call_node(c, h, f->node, (uint32_t)(o - h->ops));
			if (c->aborted)
				return false; /* lazy: a serial execution showed nondeterminism */
			uint32_t rn = cn == LP_NO_NODE ? LP_NO_NODE
						       : lp_trie_child(tr, cn, tid, true, o->ret);
			if (rn == LP_NO_NODE) {
				if (note) /* the observations say otherwise (or nothing) here */
					lp_confirm_note(c, f->node, tid);
				continue;
			}
			if (c->visit[rn] == c->gen)
				continue;
			c->visit[rn] = c->gen;
			f->next_t = t + 1;
			c->counts[t]++;
			st[sp++] = (struct frame){
			    rn, 0, t, seq ? LP_NO_EV : lp_checker_min_ret(c, h, c->counts)};
			if (sp - 1 > best->done) {
				best->done = sp - 1;
				best->node = rn;
			}
			pushed = true;
			break;
		}
		if (!pushed) {
			if (f->via_t != LP_NO_EV)
				c->counts[f->via_t]--;
			sp--;
		}
	}
	return false;
}
