/* checker/observations.c — writes the observations grouped by what each thread did (its
 * calls and results), like Line-Up's observation file, in a form lineup-checker reads back. */
#include "checker/checker.h"
#include "lineup/die.h"

#include <stdlib.h>
#include <string.h>

struct leaf {
	uint32_t node;
	uint32_t group;
};

static int by_group(const void *a, const void *b)
{
	const struct leaf *x = a, *y = b;
	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return x->node < y->node ? -1 : x->node > y->node;
}

static const struct lp_checker *sort_c; /* qsort has no context argument */
/* Path positions by thread (lp_hist_tid_cmp order), then by position. */
static int by_thread_then_pos(const void *a, const void *b)
{
	const struct lp_trie_node *x = &sort_c->trie.n[*(const uint32_t *)a],
				  *y = &sort_c->trie.n[*(const uint32_t *)b];
	if (x->tid != y->tid)
		return lp_hist_tid_cmp(lp_intern_str(sort_c->strs, x->tid),
				       lp_intern_str(sort_c->strs, y->tid));
	return x->depth < y->depth ? -1 : x->depth > y->depth;
}

/* Per-thread operation sequences of the path to node, threads in lp_hist_tid_cmp order. */
static void signature(const struct lp_checker *c, uint32_t node, struct lp_buf *key,
		      struct lp_buf *text)
{
	const struct lp_trie *tr = &c->trie;
	uint32_t n = tr->n[node].depth;
	uint32_t *p = lp_xmalloc((n + 1) * sizeof(*p));
	for (uint32_t i = n, x = node; i > 0; i--, x = tr->n[x].parent)
		p[i - 1] = x;
	sort_c = c;
	qsort(p, n, sizeof(*p), by_thread_then_pos);
	for (uint32_t i = 0; i < n;) {
		uint32_t tid = tr->n[p[i]].tid;
		lp_buf_printf(key, "%u:", tid);
		lp_buf_printf(text, "#   thread %s:", lp_intern_str(c->strs, tid));
		for (; i < n && tr->n[p[i]].tid == tid; i++) {
			const struct lp_trie_node *x = &tr->n[p[i]];
			lp_buf_printf(key, "%u,", x->text);
			if (!x->is_ret)
				lp_buf_printf(text, " %s", lp_intern_str(c->strs, x->text));
			else
				lp_buf_printf(text, " -> %s;", lp_intern_str(c->strs, x->text));
		}
		if (tr->n[node].flags & LP_TN_STUCK && tr->n[node].tid == tid)
			lp_buf_puts(text, " -> (blocks forever)");
		lp_buf_puts(key, "|");
		lp_buf_puts(text, "\n");
	}
	lp_buf_printf(key, "%u", tr->n[node].flags & LP_TN_STUCK);
	free(p);
}

void lp_checker_observations(const struct lp_checker *c, struct lp_buf *out)
{
	const struct lp_trie *tr = &c->trie;
	struct lp_intern *keys = lp_intern_new();
	struct leaf *leaves = NULL;
	uint32_t nleaves = 0, cap = 0;
	struct lp_buf key = {0}, text = {0};
	for (uint32_t i = 0; i < tr->nnodes; i++) {
		for (uint8_t f = LP_TN_END; f <= LP_TN_STUCK; f <<= 1) {
			if (!(tr->n[i].flags & f))
				continue;
			lp_buf_reset(&key);
			lp_buf_reset(&text);
			signature(c, i, &key, &text);
			if (nleaves == cap) {
				cap = cap ? 2 * cap : 64;
				leaves = lp_xrealloc(leaves, cap * sizeof(*leaves));
			}
			leaves[nleaves].node = i;
			leaves[nleaves].group = lp_intern_add(keys, key.s, key.len);
			nleaves++;
		}
	}
	if (nleaves)
		qsort(leaves, nleaves, sizeof(*leaves), by_group);
	uint32_t ngroups = lp_intern_count(keys);
	lp_buf_printf(
	    out, "# lineup-checker observations: %u serial histories, %u distinct observations\n",
	    nleaves, ngroups);
	lp_buf_puts(out, "# (read back with: lineup-checker FILE ...)\n");
	for (uint32_t i = 0; i < nleaves;) {
		uint32_t j = i;
		while (j < nleaves && leaves[j].group == leaves[i].group)
			j++;
		lp_buf_reset(&key);
		lp_buf_reset(&text);
		signature(c, leaves[i].node, &key, &text);
		lp_buf_printf(out, "\n# observation %u of %u: %u serial histor%s\n",
			      leaves[i].group + 1, ngroups, j - i, j - i == 1 ? "y" : "ies");
		lp_buf_puts(out, lp_buf_str(&text));
		for (; i < j; i++) {
			lp_buf_puts(out, "history serial\n");
			lp_report_path(c, leaves[i].node, "", out);
			if (tr->n[leaves[i].node].flags & LP_TN_STUCK)
				lp_buf_puts(out, "stuck\n");
			lp_buf_puts(out, "end\n");
		}
	}
	free(leaves);
	lp_buf_free(&key);
	lp_buf_free(&text);
	lp_intern_free(keys);
}
