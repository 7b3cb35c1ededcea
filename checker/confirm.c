/* checker/confirm.c — a violation is a proof only if the observations it rests on are those
 * of a deterministic component. A failed witness search refutes the history at a set of
 * points: after a trie node, thread T's next operation has no observation with the
 * history's call and result. Before the violation is reported, the serial execution behind
 * each point (the node's operations in order, then T's) is asked for once more (lazy.c's
 * request): its history joins the trie, so a result that differs from the earlier run is
 * reported as nondeterminism with both histories, exactly as in phase 1. New observations
 * can make new points (or a witness): the search runs again until every point of a failed
 * search has been run twice. */
#include "checker/checker.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

#include <stdlib.h>

/* Each round runs a point never run before, which only new calls of a client that does
 * not follow the library's results can keep making. */
#define LP_CONFIRM_ROUNDS 64

struct lp_confirm {
	uint64_t *pts; /* this search's points: node << 32 | tid */
	size_t n, cap;
	struct lp_node_keys rerun; /* points run again, over all histories */
};

void lp_confirm_note(struct lp_checker *c, uint32_t node, uint32_t tid)
{
	struct lp_confirm *f = c->cf;
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 64;
		f->pts = lp_xrealloc(f->pts, f->cap * sizeof(*f->pts));
	}
	f->pts[f->n++] = (uint64_t)node << 32 | tid;
}

/* The nondeterminism report starts with how it was found. */
static void said_why(struct lp_checker *c)
{
	struct lp_buf b = {0};
	lp_buf_puts(&b, "A concurrent history had no serial witness; before that was reported "
			"as a violation, the serial executions refuting it were run again, and one "
			"disagreed with its earlier run:\n");
	lp_buf_puts(&b, lp_buf_str(&c->lazy_report));
	lp_buf_free(&c->lazy_report);
	c->lazy_report = b;
}

bool lp_confirm_violation(struct lp_checker *c, const struct lp_hist *h, uint32_t target,
			  struct lp_best *best)
{
	if (!c->cf)
		c->cf = lp_xcalloc(1, sizeof(*c->cf));
	struct lp_confirm *f = c->cf;
	for (unsigned round = 0;; round++) {
		if (round == LP_CONFIRM_ROUNDS)
			lp_die(
			    LP_EXIT_USAGE,
			    "confirming a violation: serial executions run again kept making "
			    "calls never seen before (%u rounds): make the client's calls depend "
			    "only on the library's results, not on time, input or randomness",
			    round);
		f->n = 0;
		c->collect = true;
		bool ok = lp_linearize(c, h, target, best);
		c->collect = false;
		if (ok || c->aborted)
			return false;
		size_t runs = 0;
		for (size_t i = 0; i < f->n; i++) {
			uint32_t node = (uint32_t)(f->pts[i] >> 32), tid = (uint32_t)f->pts[i];
			if (!lp_node_keys_add(&f->rerun, node, tid))
				continue;
			runs++;
			if (!lp_lazy_rerun(c, node, tid)) {
				said_why(c);
				return false;
			}
		}
		if (!runs)
			return true;
	}
}

void lp_confirm_free(struct lp_checker *c)
{
	if (!c->cf)
		return;
	free(c->cf->pts);
	lp_node_keys_free(&c->cf->rerun);
	free(c->cf);
	c->cf = NULL;
}
