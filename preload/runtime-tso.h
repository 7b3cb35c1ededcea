/* preload/runtime-tso.h — x86-TSO store buffers in the runtime (--memory-model tso, phase 2
 * at granularity memory; LP_RUN_TSO).
 *
 * Each thread's trapped plain stores of target code go to its FIFO store buffer instead of
 * memory (tso-buffer.h: memory holds the running thread's view, so its own loads forward
 * from its stores and other threads see committed memory). Stores the tool does not trap
 * (stack accesses, code outside the targets) stay the thread's own until its next point.
 *
 * Drains. A thread's buffer is committed when it goes on from a point that is not a
 * trapped plain load or store or a PAUSE: a locked instruction, xchg, mfence, an
 * operation's return to the client, a pthread, semaphore or futex call, a yield call, its
 * end; and a call out of the targets through their GOT (callout.c), whose untrapped stores
 * must land after the buffered ones. A store of a form not decoded (tso-buffer.h) drains the buffer
 * and runs unbuffered; so does one at a site the cli fenced (lp_shm.fences: an mfence right after
 * it).
 *
 * Flushes. At every scheduling point each non-empty buffer is a candidate of its own, the
 * pseudo-thread lp_tid_buffer(owner) ("b0.1"); choosing it commits that buffer's oldest
 * store, logs the decision and asks again at the same point. By default nothing is
 * flushed before a drain (the running thread goes on), except at a yield, where the
 * default takes the next candidate after the running thread: its own buffer first.
 * Costs (scheduler/explore.h): a flush chosen where the running thread could go on is a
 * preemption; the decisions that follow at the same point are logged as yields (choosing
 * more flushes or another thread there costs nothing more). So a bound of N covers every
 * execution where at most N times a thread that could go on was stopped to run another
 * thread or to flush a store buffer: every SC execution of bound N (flush the running
 * thread's buffer, then switch, at each preemption) and the store-buffer reorderings
 * reachable within it.
 *
 * A thread spinning for a change waits (runtime-spin.h) while a buffer is not empty: a
 * flush may bring the change, and a flush is news to the spinners of its memory line.
 */
#ifndef LP_PRELOAD_RUNTIME_TSO_H
#define LP_PRELOAD_RUNTIME_TSO_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup/protocol.h"

struct lp_thread;

/* Set by the trap handler around its point: the site's kind (enum lp_site_kind) and, for a
 * store, the bytes it writes (0: not known); -1 / 0 at every other point. */
extern int lp_tso_trap_kind __attribute__((visibility("hidden")));
extern unsigned lp_tso_trap_size __attribute__((visibility("hidden")));

/* At the fork point: whether this execution buffers stores (shm->run_flags), and after
 * which stores it drains the buffer (shm->fences). */
void lp_tso_start(uint32_t phase, const struct lp_shm *shm) __attribute__((visibility("hidden")));
bool lp_tso_on(void) __attribute__((visibility("hidden")));
/* self reached a point: its last store's value is captured; a view changed by code the
 * tool does not trap is committed; at its end or the process exit its buffer drains. */
void lp_tso_arrive(struct lp_thread *self, uint32_t point) __attribute__((visibility("hidden")));
/* Adds the non-empty buffers to the n sorted candidates in cand (room for
 * 2 * LP_MAX_THREADS); returns the new count. */
unsigned lp_tso_candidates(lp_tid_t *cand, unsigned n) __attribute__((visibility("hidden")));
/* Whether chosen is a buffer; if so its oldest store is committed (self is running). */
bool lp_tso_take(struct lp_thread *self, lp_tid_t chosen) __attribute__((visibility("hidden")));
/* The footprint of the flush lp_tso_take last ran (its line written, its buffer; no code
 * run: LP_FP_MEMORY), logged with the decision asked again after it. */
void lp_tso_flush_footprint(struct lp_footprint *fp) __attribute__((visibility("hidden")));
/* Whether some buffer holds a store. */
bool lp_tso_pending(void) __attribute__((visibility("hidden")));
/* self goes on from its point (it holds the baton, its view is on): a drain, or the trapped
 * store it is about to run joins its buffer; a trapped load that reads around another
 * thread's buffered store is logged (LP_REC_TSO, the first LP_TSO_NOTES), one that only
 * goes ahead of its own buffered stores too (LP_REC_TSO_PASS, distinct ones up to
 * LP_TSO_PASS_NOTES, the rest counted in the latest). */
void lp_tso_resume(struct lp_thread *self, uint32_t point, uintptr_t addr, uintptr_t site)
    __attribute__((visibility("hidden")));
/* The running thread calls out of the targets (a drain stub, callout-x86_64.S): if it is
 * controlled, its buffer drains as part of its current step. */
void lp_tso_call_out(void) __attribute__((visibility("hidden")));
/* The view of self off before the baton goes to another thread, on when it comes back. */
void lp_tso_leave_view(struct lp_thread *self) __attribute__((visibility("hidden")));
void lp_tso_enter_view(struct lp_thread *self) __attribute__((visibility("hidden")));

#endif
