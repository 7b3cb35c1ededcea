/* checker/report.c — reports a person can read without the formal definition: the test,
 * the history as a per-thread timeline, and why no serial execution explains it. */
#include "checker/checker.h"
#include "lineup/die.h"

#include <stdlib.h>
#include <string.h>

static const char *str(const struct lp_checker *c, uint32_t id)
{
	return lp_intern_str(c->strs, id);
}

/* Nodes root(excluded)..node in order; caller frees. */
static uint32_t *path_of(const struct lp_checker *c, uint32_t node, uint32_t *n)
{
	const struct lp_trie *tr = &c->trie;
	*n = tr->n[node].depth;
	uint32_t *p = lp_xmalloc((*n + 1) * sizeof(*p));
	for (uint32_t i = *n; i > 0; i--) {
		p[i - 1] = node;
		node = tr->n[node].parent;
	}
	return p;
}

void lp_report_path(const struct lp_checker *c, uint32_t node, const char *indent,
		    struct lp_buf *out)
{
	const struct lp_trie *tr = &c->trie;
	uint32_t n;
	uint32_t *p = path_of(c, node, &n);
	for (uint32_t i = 0; i < n; i++) {
		const struct lp_trie_node *x = &tr->n[p[i]];
		lp_buf_printf(out, "%s%s %s %s\n", indent, str(c, x->tid),
			      x->is_ret ? "ret" : "call", str(c, x->text));
	}
	free(p);
}

static void header_line(const struct lp_checker *c, const struct lp_hist *h, struct lp_buf *out)
{
	lp_buf_printf(out, "%s history", h->serial ? "serial" : "concurrent");
	if (!c->hide_source)
		lp_buf_printf(out, " at %s:%u", h->name, h->line);
	if (h->attrs[0])
		lp_buf_printf(out, " (%s)", h->attrs);
}

/* Reports stay linear in the history's size: at most this many threads (test table,
 * timeline columns, divergence lines), timeline rows and path lines are shown, columns
 * are no wider than LP_REPORT_MAX_COL (a longer cell runs past its column), and what is
 * left out is counted. */
#define LP_REPORT_MAX_THREADS 16
#define LP_REPORT_MAX_ROWS 200
#define LP_REPORT_MAX_COL 60

static uint32_t shown_threads(const struct lp_hist *h)
{
	return h->nthreads < LP_REPORT_MAX_THREADS ? h->nthreads : LP_REPORT_MAX_THREADS;
}

static void more_threads(const struct lp_hist *h, struct lp_buf *out)
{
	if (h->nthreads > LP_REPORT_MAX_THREADS)
		lp_buf_printf(out, "  ... %u more threads not shown\n",
			      h->nthreads - LP_REPORT_MAX_THREADS);
}

static void test_table(const struct lp_checker *c, const struct lp_hist *h, struct lp_buf *out)
{
	uint32_t nt = shown_threads(h);
	size_t w = 6; /* the id column: at least 6 wide, and a space after the longest id */
	for (uint32_t t = 0; t < nt; t++) {
		size_t n = strlen(str(c, h->tids[t])) + 1;
		w = n > w ? n : w;
	}
	w = w > LP_REPORT_MAX_COL ? LP_REPORT_MAX_COL : w;
	lp_buf_puts(out, "The test (operations per thread):\n");
	for (uint32_t t = 0; t < nt; t++) {
		const char *id = str(c, h->tids[t]);
		size_t n = strlen(id);
		lp_buf_printf(out, "  thread %s", id);
		lp_buf_pad(out, n < w ? w - n : 1);
		for (uint32_t i = 0; i < lp_hist_thread_nops(h, t); i++)
			lp_buf_printf(out, "%s%s", i ? "; " : "",
				      str(c, lp_hist_thread_op(h, t, i)->call));
		lp_buf_puts(out, "\n");
	}
	more_threads(h, out);
}

static size_t cell(const struct lp_checker *c, const struct lp_hist *h, uint32_t ev,
		   struct lp_buf *b)
{
	const struct lp_hist_op *o = &h->ops[h->evs[ev].op];
	size_t before = b->len;
	if (h->evs[ev].is_ret)
		lp_buf_printf(b, "-> %s", str(c, o->ret));
	else
		lp_buf_printf(b, "%s%s", str(c, o->call),
			      o->ret == LP_NO_STR ? " ...never returns" : "");
	return b->len - before;
}

/* One column per thread, one row per event. */
void lp_report_timeline(const struct lp_checker *c, const struct lp_hist *h, struct lp_buf *out);
void lp_report_timeline(const struct lp_checker *c, const struct lp_hist *h, struct lp_buf *out)
{
	uint32_t nt = shown_threads(h);
	size_t *w = lp_xcalloc(nt + 1, sizeof(*w));
	struct lp_buf tmp = {0};
	for (uint32_t t = 0; t < nt; t++)
		w[t] = strlen(str(c, h->tids[t])) + 7;
	uint32_t rows = 0, hidden = 0;
	for (uint32_t e = 0; e < h->nevs; e++) {
		uint32_t t = h->ops[h->evs[e].op].thread;
		if (t >= nt || rows++ >= LP_REPORT_MAX_ROWS)
			continue;
		lp_buf_reset(&tmp);
		size_t n = cell(c, h, e, &tmp);
		if (n > w[t])
			w[t] = n;
	}
	for (uint32_t t = 0; t < nt; t++)
		w[t] = w[t] > LP_REPORT_MAX_COL ? LP_REPORT_MAX_COL : w[t];
	lp_buf_puts(out, "The history (a column per thread, time goes down):\n      ");
	for (uint32_t t = 0; t < nt; t++) {
		const char *id = str(c, h->tids[t]);
		size_t n = strlen(id) + 7;
		lp_buf_printf(out, "thread %s", id);
		if (t + 1 < nt)
			lp_buf_pad(out, (n < w[t] ? w[t] - n : 0) + 2);
	}
	lp_buf_puts(out, "\n");
	rows = 0;
	for (uint32_t e = 0; e < h->nevs; e++) {
		uint32_t t = h->ops[h->evs[e].op].thread;
		if (t >= nt)
			continue;
		if (rows++ >= LP_REPORT_MAX_ROWS) {
			hidden++;
			continue;
		}
		lp_buf_printf(out, "  %3u ", e + 1);
		for (uint32_t u = 0; u < t; u++)
			lp_buf_pad(out, w[u] + 2);
		cell(c, h, e, out);
		lp_buf_puts(out, "\n");
	}
	if (hidden)
		lp_buf_printf(out, "  ... %u more events not shown\n", hidden);
	more_threads(h, out);
	free(w);
	lp_buf_free(&tmp);
}

/* Why each remaining operation cannot come next at the closest point. */
/* What a witness is made of: serial executions of the client, or, with a golden model,
 * sequences of the history's operations run on it. */
#define SE(c) ((c)->golden ? "sequence on the golden model" : "serial execution")
#define SES(c) ((c)->golden ? "sequences on the golden model" : "serial executions")

static void divergence(const struct lp_checker *c, const struct lp_hist *h, uint32_t target,
		       uint32_t node, struct lp_buf *out)
{
	const struct lp_trie *tr = &c->trie;
	uint32_t *cnt = lp_xcalloc(h->nthreads + 1, sizeof(*cnt));
	for (uint32_t x = node; x != LP_TRIE_ROOT; x = tr->n[x].parent)
		if (tr->n[x].is_ret) {
			uint32_t t = lp_hist_thread_of(h, tr->n[x].tid);
			if (t != LP_NO_EV)
				cnt[t]++;
		}
	bool any = false;
	uint32_t lines = 0;
	uint32_t minret = LP_NO_EV, minop = LP_NO_EV;
	for (uint32_t t = 0; t < h->nthreads; t++)
		if (cnt[t] < lp_hist_thread_nops(h, t)) {
			const struct lp_hist_op *o = lp_hist_thread_op(h, t, cnt[t]);
			if (o->ret_ev < minret) {
				minret = o->ret_ev;
				minop = h->thread_ops[h->thread_start[t] + cnt[t]];
			}
		}
	for (uint32_t t = 0; t < h->nthreads; t++) {
		if (cnt[t] >= lp_hist_thread_nops(h, t))
			continue;
		uint32_t hop = h->thread_ops[h->thread_start[t] + cnt[t]];
		const struct lp_hist_op *o = &h->ops[hop];
		uint32_t tid = h->tids[t];
		const char *tb = str(c, tid);
		if (o->ret == LP_NO_STR && hop != target)
			continue; /* another pending op: not part of H[target] */
		any = true;
		if (lines++ == LP_REPORT_MAX_THREADS) {
			lp_buf_puts(out, "  ... and so on for the other threads (not shown)\n");
			continue;
		}
		if (lines > LP_REPORT_MAX_THREADS)
			continue;
		if (c->crit != LP_CRIT_SEQUENTIAL && o->ret != LP_NO_STR && o->call_ev > minret) {
			const struct lp_hist_op *m = &h->ops[minop];
			lp_buf_printf(out,
				      "  - %s's %s cannot come next: %s's %s returned (event %u) "
				      "before it was called (event %u)\n",
				      tb, str(c, o->call), str(c, h->tids[m->thread]),
				      str(c, m->call), m->ret_ev + 1, o->call_ev + 1);
			continue;
		}
		uint32_t cn = lp_trie_child(tr, node, tid, false, o->call);
		if (cn == LP_NO_NODE) {
			lp_buf_printf(out, "  - no %s has %s call %s at this point\n", SE(c), tb,
				      str(c, o->call));
			continue;
		}
		uint32_t rn = LP_NO_NODE;
		for (uint32_t x = tr->n[cn].first_child; x != LP_NO_NODE; x = tr->n[x].next_sibling)
			if (tr->n[x].is_ret)
				rn = x;
		if (hop == target) {
			if (tr->n[cn].flags & LP_TN_STUCK)
				continue;
			lp_buf_printf(out,
				      "  - no %s in which %s's %s blocks forever here: ", SE(c), tb,
				      str(c, o->call));
			if (rn != LP_NO_NODE)
				lp_buf_printf(out, "in the %s it returns %s\n", SES(c),
					      str(c, tr->n[rn].text));
			else
				lp_buf_printf(out, "no %s blocks there\n", SE(c));
			continue;
		}
		if (tr->n[rn == LP_NO_NODE ? cn : rn].text == o->ret && rn != LP_NO_NODE) {
			lp_buf_printf(out,
				      "  - %s's %s returning %s fits here, but every continuation "
				      "after it fails\n",
				      tb, str(c, o->call), str(c, o->ret));
		} else if (rn != LP_NO_NODE) {
			lp_buf_printf(out,
				      "  - no %s in which %s's %s returns %s at this "
				      "point: the %s return %s\n",
				      SE(c), tb, str(c, o->call), str(c, o->ret), SES(c),
				      str(c, tr->n[rn].text));
		} else {
			lp_buf_printf(out,
				      "  - no %s in which %s's %s returns %s at this "
				      "point: in the %s it never returns (stuck)\n",
				      SE(c), tb, str(c, o->call), str(c, o->ret), SES(c));
		}
	}
	if (!any)
		lp_buf_printf(out, "  - every operation fits, but no %s ends here\n", SE(c));
	free(cnt);
}

void lp_report_violation(const struct lp_checker *c, const struct lp_hist *h, uint32_t target,
			 const struct lp_best *best, struct lp_buf *out)
{
	const char *crit =
	    c->crit == LP_CRIT_SEQUENTIAL ? "sequentially consistent" : "linearizable";
	lp_buf_puts(out, "VIOLATION: ");
	header_line(c, h, out);
	if (target == LP_NO_EV) {
		lp_buf_printf(out, " is not %s", crit);
		for (uint32_t i = 0; i < c->nquasi; i++)
			lp_buf_printf(out, "%s%s=%u", i ? ", " : " (quasi ",
				      str(c, c->quasi[i].func), c->quasi[i].k);
		lp_buf_printf(out, "%s:\nno %s explains its results.\n", c->nquasi ? ")" : "",
			      c->golden ? "sequence of its operations on the golden model"
					: "serial execution of the test");
	} else
		lp_buf_printf(
		    out,
		    " is stuck without justification:\nthread %s's %s never returns, but no %s "
		    "blocks in it after the history's complete operations.\n",
		    str(c, h->tids[h->ops[target].thread]), str(c, h->ops[target].call), SE(c));
	test_table(c, h, out);
	lp_report_timeline(c, h, out);
	if (c->golden)
		lp_buf_printf(out,
			      "Why: the golden model was asked for the sequences the search "
			      "needed. The closest agrees with the history on %u operation%s:\n",
			      best->done, best->done == 1 ? "" : "s");
	else
		lp_buf_printf(out,
			      "Why: %llu serial executions were observed. The closest one agrees "
			      "with the history on %u operation%s:\n",
			      (unsigned long long)c->trie.nhist, best->done,
			      best->done == 1 ? "" : "s");
	lp_report_path(c, best->node, "    ", out);
	uint32_t leaf = lp_trie_some_leaf(&c->trie, best->node);
	if (leaf != LP_NO_NODE && leaf != best->node) {
		lp_buf_puts(out, "  and then continues:\n");
		uint32_t n = c->trie.n[leaf].depth - c->trie.n[best->node].depth;
		uint32_t *p = lp_xmalloc((n + 1) * sizeof(*p));
		for (uint32_t i = n, x = leaf; i > 0; i--, x = c->trie.n[x].parent)
			p[i - 1] = x;
		for (uint32_t i = 0; i < n; i++) {
			const struct lp_trie_node *x = &c->trie.n[p[i]];
			lp_buf_printf(out, "    %s %s %s\n", str(c, x->tid),
				      x->is_ret ? "ret" : "call", str(c, x->text));
		}
		if (c->trie.n[leaf].flags & LP_TN_STUCK)
			lp_buf_puts(out, "    stuck\n");
		free(p);
	}
	lp_buf_printf(out, "After those operations, every %s diverges from the history:\n", SE(c));
	divergence(c, h, target, best->node, out);
	/* a call no observation ever makes usually means the test differs, not the component */
	for (uint32_t i = 0; i < h->nops && !c->golden; i++) {
		const struct lp_hist_op *o = &h->ops[i];
		if (lp_trie_has_call(&c->trie, h->tids[o->thread], o->call))
			continue;
		lp_buf_printf(
		    out,
		    "Warning: no serial history has thread %s call %s at all. If the serial and "
		    "concurrent runs differ in their arguments (addresses, for instance), the "
		    "observations do not cover this test and this report may be a false alarm.\n",
		    str(c, h->tids[o->thread]), str(c, o->call));
		break;
	}
}

static void print_hist(const struct lp_checker *c, const struct lp_hist *h, struct lp_buf *out)
{
	lp_buf_printf(out, "    history serial%s%s\n", h->attrs[0] ? " " : "", h->attrs);
	for (uint32_t e = 0; e < h->nevs; e++) {
		const struct lp_hist_op *o = &h->ops[h->evs[e].op];
		lp_buf_printf(out, "    %s %s %s\n", str(c, h->tids[o->thread]),
			      h->evs[e].is_ret ? "ret" : "call",
			      str(c, h->evs[e].is_ret ? o->ret : o->call));
	}
	lp_buf_printf(out, "%s    end\n", h->stuck ? "    stuck\n" : "");
}

void lp_report_nondet(const struct lp_checker *c, const struct lp_hist *h,
		      const struct lp_trie_conflict *k, struct lp_buf *out)
{
	const struct lp_trie *tr = &c->trie;
	const struct lp_trie_node *call = &tr->n[k->call_node];
	const char *was = k->old_node == k->call_node ? "never returned (stuck)" : NULL;
	struct lp_buf tmp = {0};
	if (!was) {
		lp_buf_printf(&tmp, "returned %s", str(c, tr->n[k->old_node].text));
		was = lp_buf_str(&tmp);
	}
	lp_buf_puts(out, "NONDETERMINISTIC: ");
	header_line(c, h, out);
	lp_buf_puts(out, " contradicts an earlier serial history:\n");
	if (call->depth > 1)
		lp_buf_printf(out, "after the same %u events, ", call->depth - 1);
	else
		lp_buf_puts(out, "as the first event, ");
	lp_buf_printf(out, "thread %s's %s %s in the earlier one but ", str(c, call->tid),
		      str(c, call->text), was);
	if (k->new_ev == LP_NO_EV)
		lp_buf_puts(out, "never returns (stuck) in this one.\n");
	else
		lp_buf_printf(out, "returned %s in this one.\n",
			      str(c, h->ops[h->evs[k->new_ev].op].ret));
	lp_buf_puts(out, "A deterministic sequential specification cannot give both, so the "
			 "observations are no specification.\nThe earlier history:\n");
	uint32_t leaf =
	    k->old_node == k->call_node ? k->call_node : lp_trie_some_leaf(tr, k->old_node);
	lp_buf_puts(out, "    history serial\n");
	lp_report_path(c, leaf, "    ", out);
	lp_buf_printf(out, "%s    end\n", tr->n[leaf].flags & LP_TN_END ? "" : "    stuck\n");
	lp_buf_puts(out, "This history:\n");
	print_hist(c, h, out);
	lp_buf_free(&tmp);
}
