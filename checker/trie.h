/* checker/trie.h — the observations: every serial history is a path from the root; a node
 * is one event (thread, call or return, text). Call children are found through one hash
 * table keyed by (parent, thread, text) whose slots hold the key, so a step of the search
 * is one probe touching one cache line. A call node's return child (at most one) is the
 * node after it: every call node is created with the next id kept for its return (a
 * "hole" until then, linked nowhere), and so is the root, so call nodes have even ids,
 * returns odd ones, and a call and its return share a cache line. Thread ids are interned
 * texts (any token, as written).
 *
 * A node marked LP_TN_END ends a full serial history; a call node marked LP_TN_STUCK is
 * "this call never returns here" (the end of a stuck serial history). Determinism: a call
 * node has at most one return child, and never both a return child and LP_TN_STUCK. */
#ifndef LP_CHECKER_TRIE_H
#define LP_CHECKER_TRIE_H

#include "checker/history.h"
#include "checker/intern.h"

#include <stdbool.h>
#include <stdint.h>

#define LP_TN_END 1u
#define LP_TN_STUCK 2u
#define LP_NO_NODE UINT32_MAX
#define LP_TRIE_ROOT 0u
/* An empty slot of the hash tables: the root is nobody's child, and tables of zeros come
 * from calloc without a pass to clear them. */
#define LP_NO_SLOT LP_TRIE_ROOT

struct lp_trie_node {			    /* 32 bytes: two to a cache line */
	uint32_t tid;			    /* interned thread id text */
	uint32_t parent;		    /* LP_NO_NODE for the root and holes */
	uint32_t first_child, next_sibling; /* for walks (observations, reports) */
	uint32_t text;			    /* interned call or result text */
	uint32_t func;			    /* call nodes: interned function name */
	uint32_t depth;			    /* events from the root */
	uint8_t is_ret;
	uint8_t flags;
};

struct lp_trie_slot {
	uint32_t parent, tid, text, node;
};

struct lp_trie {
	struct lp_trie_node *n;
	uint32_t nnodes, cap;
	struct lp_trie_slot *slots; /* call edges; node LP_NO_SLOT = empty */
	uint32_t nslots;	    /* power of two */
	uint32_t *calls; /* set of call nodes with distinct (tid, text): a node id each, or
			    LP_NO_SLOT */
	uint32_t ncallslots, ncalls;
	uint32_t *path; /* the nodes of the last history added (or tried), event by event */
	uint32_t npath, cappath;
	uint32_t nhist; /* serial histories added */
	uint32_t nends; /* distinct END/STUCK leaves */
};

/* A conflict found while adding a serial history (nondeterminism). */
struct lp_trie_conflict {
	uint32_t call_node; /* the shared prefix ends with this call */
	uint32_t old_node;  /* the earlier continuation: ret node, or call_node if it was stuck */
	uint32_t new_ev;    /* index in the new history's events of the differing event
			       (LP_NO_EV: the new history is stuck there) */
};

/* The return child of node, or LP_NO_NODE (always for the root and a return). */
static inline uint32_t lp_trie_ret_child(const struct lp_trie *t, uint32_t node)
{
	return !(node & 1) && t->n[node + 1].parent == node ? node + 1 : LP_NO_NODE;
}

void lp_trie_init(struct lp_trie *t);
void lp_trie_free(struct lp_trie *t);
uint32_t lp_trie_child(const struct lp_trie *t, uint32_t parent, uint32_t tid, bool is_ret,
		       uint32_t text);
/* Adds a serial history; returns false (trie unchanged) and fills *c on nondeterminism. */
bool lp_trie_add(struct lp_trie *t, const struct lp_hist *h, struct lp_trie_conflict *c);
/* Adds one node under parent (which has no such child: a call, or a return of a call
 * without one); returns it. For observations made on demand (golden.c). */
uint32_t lp_trie_extend(struct lp_trie *t, uint32_t parent, uint32_t tid, bool is_ret,
			uint32_t text, uint32_t func);
/* Whether thread tid ever calls text in some observation. */
bool lp_trie_has_call(const struct lp_trie *t, uint32_t tid, uint32_t text);
/* Some END or STUCK node below (or at) node: a full observation through it. */
uint32_t lp_trie_some_leaf(const struct lp_trie *t, uint32_t node);

#endif
