/* checker/checker.h — the checker library (libchecker.a): histories in, verdicts and
 * report text out; no I/O. lineup-checker(1) and the cli both drive it.
 *
 * Serial histories build the observation trie (lp_trie). A concurrent history passes
 * when it has a serial witness: a path of the trie whose per-thread subhistories are the
 * history's and that keeps the real-time order of non-overlapping operations (only the
 * per-thread order under LP_CRIT_SEQUENTIAL). A stuck history passes when, for each
 * pending operation e, a stuck observation witnesses H[e]: the complete operations, then
 * e pending forever (Line-Up's generalized linearizability, Burckhardt et al. PLDI 2010).
 *
 * The search walks the trie, one operation (call node, then return node) at a time. A
 * trie node determines which operations are already linearized, so a node reached once
 * and abandoned is never searched again for the same history (memo by generation
 * stamps: no clearing between histories). With --quasi the node no longer determines
 * the state (see quasi.c), which keeps its own memo. */
#ifndef LP_CHECKER_CHECKER_H
#define LP_CHECKER_CHECKER_H

#include "lineup/buf.h"
#include "checker/history.h"
#include "checker/intern.h"
#include "checker/trie.h"

#include <stdbool.h>
#include <stdint.h>

enum lp_criterion { LP_CRIT_LINEARIZABLE = 0, LP_CRIT_SEQUENTIAL = 1 };

enum lp_verdict {
	LP_VERDICT_OK = 0,	  /* serial added, or concurrent passed */
	LP_VERDICT_VIOLATION = 1, /* concurrent history without witness */
	LP_VERDICT_ERROR = 2,	  /* the history cannot be checked (report says why) */
	LP_VERDICT_NONDET = 3,	  /* serial history contradicts an earlier one */
};

/* The quasi search recurses once per operation: longer histories are refused, not
 * risked (documented in lineup-checker(1)). */
#define LP_QUASI_MAX_OPS 10000

struct lp_quasi {
	uint32_t func; /* interned function name */
	uint32_t k;
};

/* The deepest point a failed search reached: the report starts from there. */
struct lp_best {
	uint32_t node; /* trie node */
	uint32_t done; /* operations linearized on the way */
};

/* Asks for the results of a sequence of the current history's operations, given as
 * "I1 I2 ... IK" (indexes in call order); the answer is one result text per line for the
 * calls made, then "stuck" when call J never returned. Returns false with a message in
 * answer when it cannot be answered. */
typedef bool (*lp_golden_ask_fn)(void *ctx, const char *request, struct lp_buf *answer);
struct lp_golden_cache;
struct lp_lazy;
struct lp_confirm;

/* A set of (trie node, thread) pairs. */
struct lp_node_keys {
	uint64_t *keys; /* node << 32 | tid, plus 1; 0 = free */
	size_t size, used;
};

struct lp_checker {
	struct lp_intern *strs; /* shared with the parser */
	struct lp_trie trie;
	enum lp_criterion crit;
	bool hide_source; /* reports omit "at FILE:LINE" (--server: the cli's pipe) */
	struct lp_quasi *quasi;
	uint32_t nquasi;
	/* search scratch, reused across histories */
	uint32_t *visit;
	uint32_t visit_cap, gen;
	uint32_t *counts, *limit;
	uint32_t nscratch;
	struct frame *frames;
	uint32_t nframes;
	struct quasi_memo *qmemo;
	/* A golden model (golden.c): no serial histories; each concurrent history gets a fresh
	 * trie whose nodes come from asking the model, through ask, for the results of
	 * sequences of the history's operations. */
	bool golden;
	lp_golden_ask_fn ask;
	void *ask_ctx;
	struct lp_golden_cache *gcache;
	uint64_t gasks, gcached; /* requests, and those answered from the cache */
	/* Lazy phase 1 (lazy.c): the trie holds the serial histories run so far; where the
	 * search needs a thread's next operation after a node that no run covered, it asks,
	 * through ask, for a serial execution starting operations in the node's order and then
	 * that thread's, and adds its history. A nondeterminism found on the way ends the
	 * search (aborted) with its report in lazy_report. */
	bool lazy, aborted;
	bool keep_strings; /* an answer interned strings the trie keeps: no rollback */
	struct lp_lazy *lz;
	struct lp_buf lazy_report;
	uint64_t lasks; /* serial executions asked for */
	/* Confirming a violation (confirm.c, set by the caller for one history): the serial
	 * observations that refute the history are run again, through ask, before it is
	 * reported; one that disagrees is nondeterminism (aborted, lazy_report). */
	bool confirm;
	bool collect; /* lp_linearize notes where it refutes (lp_confirm_note) */
	struct lp_confirm *cf;
	/* statistics */
	uint64_t nserial, nconcurrent, nviolations, nnondet;
};

struct lp_checker *lp_checker_new(struct lp_intern *strs, enum lp_criterion crit);
void lp_checker_free(struct lp_checker *c);
/* FUNC=K; returns -1 with *why for a malformed spec. */
int lp_checker_add_quasi(struct lp_checker *c, const char *spec, const char **why);
uint32_t lp_checker_quasi_k(const struct lp_checker *c, uint32_t func);

/* Feeds one parsed history. On VIOLATION or NONDET the report text is appended to
 * *report. Strings a concurrent history interned are dropped again afterwards. */
enum lp_verdict lp_checker_feed(struct lp_checker *c, const struct lp_hist *h,
				struct lp_buf *report);

/* The observations in lineup-history(5) format, grouped by their per-thread operation
 * sequences (what each thread called and got), readable back as a serial stream. */
void lp_checker_observations(const struct lp_checker *c, struct lp_buf *out);

/* ---- internal between the checker's files ---- */
/* Searches a witness for h: target is a pending op index (stuck history) or LP_NO_EV. */
bool lp_linearize(struct lp_checker *c, const struct lp_hist *h, uint32_t target,
		  struct lp_best *best);
bool lp_quasi_linearize(struct lp_checker *c, const struct lp_hist *h, uint32_t target,
			struct lp_best *best);
void lp_quasi_free(struct lp_checker *c);
/* golden.c: the call node of history op hop's call under node, asking the model when the
 * trie lacks it (NULL message and LP_NO_NODE never: an unanswerable request ends the run);
 * lp_golden_begin gives the history a fresh trie. */
uint32_t lp_golden_call_node(struct lp_checker *c, const struct lp_hist *h, uint32_t node,
			     uint32_t hop);
void lp_golden_begin(struct lp_checker *c);
/* The history's operations along node's path, root first (each call node matched to the
 * earliest operation of its thread and call not matched before, marked in used); *n of
 * them, in a malloc'ed array with room for one more. */
uint32_t *lp_golden_path(struct lp_checker *c, const struct lp_hist *h, uint32_t node, uint32_t *n,
			 bool *used);
void lp_golden_free(struct lp_checker *c);
/* The call nodes on node's path, root first: *n of them, in a malloc'ed array with room for
 * one more. */
uint32_t *lp_checker_path_calls(const struct lp_checker *c, uint32_t node, uint32_t *n);
/* lazy.c: the call node of history op hop under node when the trie lacks it: asks for the
 * serial execution that would have it (once per node and thread); LP_NO_NODE when no serial
 * execution has it. */
uint32_t lp_lazy_call_node(struct lp_checker *c, const struct lp_hist *h, uint32_t node,
			   uint32_t hop);
void lp_lazy_free(struct lp_checker *c);
/* Asks for the serial execution of node's operations and then thread tid's, once more, and
 * adds its history; false when it disagreed with an earlier one (aborted). */
bool lp_lazy_rerun(struct lp_checker *c, uint32_t node, uint32_t tid);
/* Adds (node, tid); false when it was there. */
bool lp_node_keys_add(struct lp_node_keys *z, uint32_t node, uint32_t tid);
void lp_node_keys_free(struct lp_node_keys *z);
/* confirm.c: h failed its witness search (target as for lp_linearize); runs again every
 * serial observation the failed search refuted it with, until a search fails on
 * observations all run twice (true, best is its deepest point) or passes (false); false
 * with c->aborted when one disagreed. */
bool lp_confirm_violation(struct lp_checker *c, const struct lp_hist *h, uint32_t target,
			  struct lp_best *best);
/* Notes that the search refuted thread tid's next operation after node (lp_linearize). */
void lp_confirm_note(struct lp_checker *c, uint32_t node, uint32_t tid);
void lp_confirm_free(struct lp_checker *c);
/* The call node of history op hop under node, wherever observations come from. */
static inline uint32_t lp_call_node(struct lp_checker *c, const struct lp_hist *h, uint32_t node,
				    uint32_t hop)
{
	if (c->golden)
		return lp_golden_call_node(c, h, node, hop);
	const struct lp_hist_op *o = &h->ops[hop];
	uint32_t cn = lp_trie_child(&c->trie, node, h->tids[o->thread], false, o->call);
	if (cn == LP_NO_NODE && c->lazy)
		cn = lp_lazy_call_node(c, h, node, hop);
	return cn;
}
/* linearize.c: the earliest return event among h's operations not yet linearized when
 * each thread t has counts[t] of them linearized (c->limit bounds each thread's), or
 * LP_NO_EV: an operation called after it cannot come next. */
uint32_t lp_checker_min_ret(const struct lp_checker *c, const struct lp_hist *h,
			    const uint32_t *counts);
/* Grows the search's visit stamps over nodes added during a search. */
void lp_checker_cover(struct lp_checker *c);
void lp_report_violation(const struct lp_checker *c, const struct lp_hist *h, uint32_t target,
			 const struct lp_best *best, struct lp_buf *out);
void lp_report_nondet(const struct lp_checker *c, const struct lp_hist *h,
		      const struct lp_trie_conflict *k, struct lp_buf *out);
/* "0 call f(x)" lines of the trie path root..node. */
void lp_report_path(const struct lp_checker *c, uint32_t node, const char *indent,
		    struct lp_buf *out);
/* Sizes the scratch arrays for h; bumps the memo generation. */
void lp_checker_scratch(struct lp_checker *c, const struct lp_hist *h);

#endif
