/* scheduler/sched-pick.h — which threads may run next at a scheduling point, and which one
 * runs by default. Pure functions over a small snapshot of the thread table, so the exact
 * rules of protocol.h ("Schedules") can be unit tested without threads.
 *
 * Candidates, serial phase (checked in this order): a choice is made only where an
 * operation may start, so the serial phase runs each serial order of the operations once.
 *   1. a thread inside an operation that can run is the only candidate (if several, all
 *      of them: cannot happen in a serial run, kept total for safety);
 *   2. else client code runs alone and deterministically: the running thread, if it can
 *      run, does not stand at an operation start and the point is not a yield; else the
 *      lowest-tid other thread that can run and does not stand at an operation start
 *      (a thread just started, between operations, or ending);
 *   3. else (every thread that can run stands at an operation start, or is the running
 *      thread yielding in client code) those at an operation start, unless an operation
 *      is pending (blocked inside it), plus the yielding thread: a single yield is no wait,
 *      so its next operation may still come first. A thread that yields again with no
 *      other thread run since it was chosen at its last yield is spinning on the others
 *      (`spun`): it is then a candidate only when alone.
 * Thread start, thread exit and client code between operations are thus never choices.
 * Candidates, concurrent phase: at a yield, every other enabled thread (the yielding thread
 * only when it is alone: a spin-wait with PAUSE or sched_yield lets the others progress, the
 * fairness the paper's CHESS gives yields; otherwise a schedule choosing the spinner at each
 * of its yields would be an endless loop costing no preemption). Elsewhere every enabled
 * thread, except that at a point other than an
 * operation start, a block, a yield, a thread exit or the process exit, a running *harness*
 * thread (one the client created) that is outside any operation and can run is the sole
 * candidate. The client's own code between operations (thread creation, its start and
 * exit, thread-specific data destructors) is then never preempted: threads of a test
 * interact only through operations, and every interleaving of those is still reached at
 * operation starts. Without this, each atomic instruction that a library runs outside
 * operations (GLib frees its slice magazines at thread exit: hundreds of them) multiplies
 * the schedules without reaching a new history. Threads the library creates (from inside
 * an operation) stay preemptible everywhere.
 * Default choice: the running thread if it is a candidate and the point is not a yield;
 * else the first candidate after the running thread in tid order, cyclically, the main
 * thread last (the running thread itself only if it is the sole candidate). Main is
 * usually the harness that joins the others: switched to while one still runs, it would
 * return from the joins of those that ended and stand at the next join, a trace of its
 * own with the same histories (explore.h, "Join returns", leaves such runs out as
 * alternatives, not as the default). Any default keeps the search complete: it only
 * orders the first child of each node.
 */
#ifndef LP_SCHED_PICK_H
#define LP_SCHED_PICK_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup/protocol.h"

struct lp_pick_thread {
	lp_tid_t tid;
	uint8_t enabled;     /* may run: not blocked, finished or waiting for the exit, nor
				about to lock a mutex another thread holds */
	uint8_t in_op;	     /* has a recorded call without its return */
	uint8_t at_op_start; /* stopped at an LP_PT_OP_START point */
	uint8_t library; /* created inside an operation: the library's thread, not the client's */
	uint8_t spun;	 /* serial: chosen at its own yield with no other thread run since */
};

/* Writes the candidates, sorted by tid, to out (room for n); returns their number.
 * running is an index into t (the thread that reached the point). */
unsigned lp_sched_candidates(uint32_t phase, uint32_t point, const struct lp_pick_thread *t,
			     unsigned n, unsigned running, lp_tid_t *out);

/* Serial phase when client code may call unrecorded functions of the target (-f): its
 * order matters, so every switch point is a choice. Candidates: an enabled thread inside
 * an operation alone; else at a point other than an operation start, a block, a yield, a
 * thread exit or the process exit, the running thread if it can run; else every enabled
 * thread except those at an operation start while another operation is pending. */
unsigned lp_sched_candidates_switches(uint32_t point, const struct lp_pick_thread *t, unsigned n,
				      unsigned running, lp_tid_t *out);

/* The default choice among n (> 0) sorted candidates. */
lp_tid_t lp_sched_default(const lp_tid_t *cand, unsigned n, lp_tid_t running, uint32_t point);
/* The same in a phase: serial executions start operations lowest thread first, whichever
 * thread ran last (the order symmetry keeps; explore.h, "Symmetry"). */
lp_tid_t lp_sched_default_in(uint32_t phase, const lp_tid_t *cand, unsigned n, lp_tid_t running,
			     uint32_t point);

/* A point where a running harness thread outside any operation may still be switched away
 * from (an operation start, a block, a yield, a thread exit, the process exit). */
bool lp_sched_switch_point(uint32_t point);

bool lp_sched_is_candidate(const lp_tid_t *cand, unsigned n, lp_tid_t tid);

/* True when choosing `chosen` at this point is a preemption (protocol.h): the one definition,
 * also behind the explorer's lp_explore_is_preemption. */
bool lp_sched_is_preemption(const lp_tid_t *cand, unsigned n, lp_tid_t running, uint32_t point,
			    lp_tid_t chosen);

#endif
