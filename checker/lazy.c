/* checker/lazy.c — lazy phase 1: serial executions run when the witness search needs them.
 * At a trie node the search wants thread T's next operation. In a deterministic client the
 * node's path fixes what T does next, so the trie answers at once when any serial run went
 * through the node and then let T start its operation (the node has a call child of T),
 * and when the question was asked before. Otherwise the cli runs the serial execution that
 * starts the path's operations in order and then T's, then goes on in the order the search
 * would take next (a hint, followed as far as the client lets it; then the default order):
 * its history joins the trie as an eager phase 1's would, with the same nondeterminism
 * check, and the answer "none" says no serial execution lets T start there. The same
 * request, made again for a point already in the trie, is how a violation is confirmed
 * (confirm.c, lp_lazy_rerun). */
#include "checker/checker.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "lineup/hash.h"

#include <stdlib.h>
#include <string.h>

struct lp_lazy {
	struct lp_node_keys asked; /* (node, tid) asked */
	struct lp_hist_parser *parser;
};

static void keys_put(struct lp_node_keys *z, uint64_t key)
{
	size_t i = lp_hash_mix64(key) & (z->size - 1);
	while (z->keys[i] && z->keys[i] != key)
		i = (i + 1) & (z->size - 1);
	if (!z->keys[i]) {
		z->keys[i] = key;
		z->used++;
	}
}

bool lp_node_keys_add(struct lp_node_keys *z, uint32_t node, uint32_t tid)
{
	uint64_t key = ((uint64_t)node << 32 | tid) + 1;
	if (z->size)
		for (size_t i = lp_hash_mix64(key) & (z->size - 1); z->keys[i];
		     i = (i + 1) & (z->size - 1))
			if (z->keys[i] == key)
				return false;
	if ((z->used + 1) * 2 > z->size) {
		struct lp_node_keys n = {.size = z->size ? z->size * 2 : 1024};
		n.keys = lp_xcalloc(n.size, sizeof(*n.keys));
		for (size_t i = 0; i < z->size; i++)
			if (z->keys[i])
				keys_put(&n, z->keys[i]);
		free(z->keys);
		*z = n;
	}
	keys_put(z, key);
	return true;
}

void lp_node_keys_free(struct lp_node_keys *z)
{
	free(z->keys);
	memset(z, 0, sizeof(*z));
}

/* Whether some serial run let thread tid start an operation right after node. */
static bool has_call_of(const struct lp_trie *t, uint32_t node, uint32_t tid)
{
	for (uint32_t x = t->n[node].first_child; x != LP_NO_NODE; x = t->n[x].next_sibling)
		if (!t->n[x].is_ret && t->n[x].tid == tid)
			return true;
	return false;
}

/* " + U1 U2 ...": where the witness search goes after h's operation hop if every result
 * matches (lp_linearize tries the lowest thread whose next operation the real-time order
 * allows), so that one serial run answers its next questions too; c->counts are the
 * search's at the node. */
static void hint(const struct lp_checker *c, const struct lp_hist *h, uint32_t hop,
		 struct lp_buf *req)
{
	uint32_t *cnt = lp_xmalloc(h->nthreads * sizeof *cnt);
	memcpy(cnt, c->counts, h->nthreads * sizeof *cnt);
	cnt[h->ops[hop].thread]++;
	bool seq = c->crit == LP_CRIT_SEQUENTIAL, first = true;
	for (;;) {
		uint32_t minret = seq ? LP_NO_EV : lp_checker_min_ret(c, h, cnt),
			 pick = h->nthreads;
		for (uint32_t t = 0; t < h->nthreads && pick == h->nthreads; t++)
			if (cnt[t] < c->limit[t] &&
			    (seq || lp_hist_thread_op(h, t, cnt[t])->call_ev <= minret))
				pick = t;
		if (pick == h->nthreads)
			break;
		lp_buf_printf(req, "%s %s", first ? " +" : "",
			      lp_intern_str(c->strs, h->tids[pick]));
		first = false;
		cnt[pick]++;
	}
	free(cnt);
}

/* "T1 T2 ... Tk T\n": the threads of the node's operations in order, then tid; with h, the
 * hint of where the search goes after h's operation hop (tid's). */
static void request(const struct lp_checker *c, uint32_t node, uint32_t tid,
		    const struct lp_hist *h, uint32_t hop, struct lp_buf *req)
{
	uint32_t depth;
	uint32_t *tids = lp_checker_path_calls(c, node, &depth);
	for (uint32_t i = 0; i < depth; i++)
		tids[i] = c->trie.n[tids[i]].tid;
	tids[depth] = tid;
	for (uint32_t i = 0; i <= depth; i++)
		lp_buf_printf(req, "%s%s", i ? " " : "", lp_intern_str(c->strs, tids[i]));
	if (h)
		hint(c, h, hop, req);
	lp_buf_puts(req, "\n");
	free(tids);
}

/* Adds the serial history of the answer; false (and aborted) on nondeterminism. */
static bool add_answer(struct lp_checker *c, const char *text)
{
	struct lp_lazy *z = c->lz;
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		enum lp_hp_status st = lp_hist_parse_line(z->parser, p, len);
		if (st == LP_HP_ERROR)
			lp_die(LP_EXIT_USAGE, "lazy phase 1: an unreadable serial history: %s",
			       lp_hist_parser_error(z->parser));
		if (st == LP_HP_DONE) {
			const struct lp_hist *h = lp_hist_parser_history(z->parser);
			struct lp_trie_conflict k;
			if (!h->serial)
				lp_die(LP_EXIT_USAGE, "lazy phase 1: the answer is not a serial "
						      "history");
			if (!lp_trie_add(&c->trie, h, &k)) {
				c->nnondet++;
				lp_report_nondet(c, h, &k, &c->lazy_report);
				c->aborted = true;
				return false;
			}
			c->nserial++;
		}
		p = nl ? nl + 1 : p + len;
	}
	return true;
}

static struct lp_lazy *lazy_state(struct lp_checker *c)
{
	if (!c->lz) {
		c->lz = lp_xcalloc(1, sizeof(*c->lz));
		c->lz->parser = lp_hist_parser_new(c->strs, "lazy phase 1");
	}
	return c->lz;
}

/* Asks for the serial execution of node's operations and then tid's (with h, hinted on
 * to where the search goes after h's operation hop); adds its history. Returns false when
 * the answer is "none" or showed nondeterminism (aborted). */
static bool run_serial(struct lp_checker *c, uint32_t node, uint32_t tid, const struct lp_hist *h,
		       uint32_t hop)
{
	if (!c->ask)
		lp_die(LP_EXIT_USAGE, "lazy phase 1 needs lineup-preload to run serial executions");
	lazy_state(c);
	struct lp_buf req = {0}, ans = {0};
	request(c, node, tid, h, hop, &req);
	c->lasks++;
	if (!c->ask(c->ask_ctx, lp_buf_str(&req), &ans))
		lp_die(LP_EXIT_USAGE, "lazy phase 1: %s", lp_buf_str(&ans));
	/* Strings of the new observations must outlive this history's. */
	c->keep_strings = true;
	bool added = strcmp(lp_buf_str(&ans), "none\n") && add_answer(c, lp_buf_str(&ans));
	if (added)
		lp_checker_cover(c);
	lp_buf_free(&req);
	lp_buf_free(&ans);
	return added;
}

uint32_t lp_lazy_call_node(struct lp_checker *c, const struct lp_hist *h, uint32_t node,
			   uint32_t hop)
{
	const struct lp_hist_op *o = &h->ops[hop];
	uint32_t tid = h->tids[o->thread];
	if (c->aborted || has_call_of(&c->trie, node, tid))
		return LP_NO_NODE;
	if (!lp_node_keys_add(&lazy_state(c)->asked, node, tid))
		return LP_NO_NODE;
	return run_serial(c, node, tid, h, hop) ? lp_trie_child(&c->trie, node, tid, false, o->call)
						: LP_NO_NODE;
}

bool lp_lazy_rerun(struct lp_checker *c, uint32_t node, uint32_t tid)
{
	run_serial(c, node, tid, NULL, 0);
	return !c->aborted;
}

void lp_lazy_free(struct lp_checker *c)
{
	if (c->lz) {
		lp_hist_parser_free(c->lz->parser);
		lp_node_keys_free(&c->lz->asked);
		free(c->lz);
		c->lz = NULL;
	}
	lp_buf_free(&c->lazy_report);
}
