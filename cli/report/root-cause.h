/* cli/report/root-cause.h — root causes of a violation as minimal atomic sections (Cirisci,
 * Enea, Farzan, Mutluergil, "Root causing linearizability violations", CAV 2020). Pure:
 * the failing trace's memory accesses in, candidate repairs out; the cli checks each one by
 * re-exploring with its regions atomic (scheduler/atomic-region.h) and ranks the survivors.
 *
 * Conflict graph: the accesses of the failing trace in execution order; two accesses of
 * different threads *conflict* when they touch the same address and one writes. Every
 * conflict edge points forward in time, so a cycle through several threads must, in at least
 * one of them, leave the thread by an access that comes before the one it entered by: that
 * thread's code between the two was interleaved by the others. A cycle crosses each thread
 * once: thread t is entered at access b and left at access a (same operation); its
 * *region* is its code from the earlier to the later of the two. Making every region of the
 * cycle atomic makes the cycle impossible; a region of one access is atomic already and is
 * left out. A candidate repair is the set of regions of one cycle (code ranges: start and
 * end instruction in program order), deduplicated. */
#ifndef LINEUP_CLI_ROOT_CAUSE_H
#define LINEUP_CLI_ROOT_CAUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lineup/protocol.h"

/* One memory access of the failing trace, in execution order. */
struct lp_rc_access {
	lp_tid_t tid;
	uint32_t op;   /* ordinal of the thread's operation (calls so far); accesses outside an
			  operation are left out of the trace */
	uint64_t pc;   /* the instruction */
	uint64_t addr; /* the memory it accesses; 0 = not known (never conflicts) */
	bool write;    /* stores, read-modify-writes and exchanges write */
	bool sync;     /* a pthread or futex call on the object at addr (taken as a write) */
};

#define LP_RC_MAX_REGIONS 4		    /* threads on one cycle */
#define LP_RC_MAX_SET LP_MAX_ATOMIC_REGIONS /* regions of a repair (cycles merged) */

struct lp_rc_region {
	lp_tid_t tid;	     /* thread of the failing trace it came from */
	size_t first, last;  /* trace indexes, first < last, same thread and operation */
	uint64_t start, end; /* pcs of the accesses at first and last */
	bool start_write, end_write, start_sync, end_sync;
	unsigned trace; /* which trace first and last index (the caller numbers them) */
};

struct lp_rc_cand {
	struct lp_rc_region r[LP_RC_MAX_SET];
	unsigned n;
	uint64_t size;	  /* accesses inside the regions: smaller repairs first */
	uint64_t forbids; /* recorded linearizable executions it forbids (set by the caller) */
	int verdict;	  /* set by the caller: 1 root cause, 0 not, -1 not checked */
};

/* Derives the candidates of trace t[0..n) (numbered `trace` in their regions): at most max, written
 * to out sorted by size, then by first region. Cycles of up to LP_RC_MAX_REGIONS threads; the
 * search stops after a fixed number of steps (*truncated set then). Returns the number written. */
size_t lp_rc_candidates(const struct lp_rc_access *t, size_t n, unsigned trace,
			struct lp_rc_cand *out, size_t max, bool *truncated);

/* Adds the regions of add that into lacks (same code); returns false when there is none
 * or they do not fit (into unchanged then). A violation that survives one repair may need
 * the regions of a second cycle too. */
bool lp_rc_merge(struct lp_rc_cand *into, const struct lp_rc_cand *add);

/* True when every region of a is inside a region of b (same code: a repair b that makes at
 * least as much atomic as a). */
bool lp_rc_covers(const struct lp_rc_cand *b, const struct lp_rc_cand *a);

/* Keeps the root causes (verdict 1) that contain no other root cause, ranked by forbids,
 * then size; moves them to the front of c and returns their number. */
size_t lp_rc_rank(struct lp_rc_cand *c, size_t n);

/* One decision of a recorded execution, enough to replay the region rule. */
struct lp_rc_step {
	lp_tid_t running, chosen;
	uint64_t site;
	uint32_t point;
	bool running_candidate; /* running was among the candidates */
};

/* The linearizable executions of phase 2, kept for ranking (bounded in size). */
struct lp_rc_sample {
	struct lp_rc_step *steps;
	size_t n, cap;
	size_t *ends; /* execution i is steps[ends[i-1] .. ends[i]) */
	size_t n_execs, cap_execs;
	bool full; /* stopped keeping: the ranking counts the first ones */
};

/* True when the execution steps[0..n) could not happen with the regions of c atomic: some
 * thread inside one of them was preempted. */
bool lp_rc_forbids(const struct lp_rc_cand *c, const struct lp_rc_step *steps, size_t n);

#endif
