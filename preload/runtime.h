/* preload/runtime.h — the runtime half of the scheduler, linked into the preload.
 *
 * Policy
 * ------
 * Exactly one client thread runs at a time: the thread holding the *baton*. Every thread
 * has a futex word; handing the baton to another thread sets its word and wakes it, then
 * sleeps on one's own word (raw futex system calls, never interposed functions). When the
 * chosen thread is the running one nothing happens (no system call).
 *
 * A thread gives the scheduler a chance to switch only at *scheduling points* (enum
 * lp_point): before and after each operation, before every pthread/semaphore call
 * (LP_PT_SYNC), when it blocks, yields, starts (the parent's point right after the
 * creation, LP_PT_THREAD_START: it replaces the LP_PT_SYNC of pthread_create), finishes,
 * or the process exits. At each point lp_rt_point computes the candidates
 * (sched-pick.h, the rules of protocol.h), applies the schedule's override for this step
 * or the default choice, appends an LP_REC_DECISION record and hands the baton over.
 *
 * Blocking is modelled, never real: a thread that would block (a lock held by another,
 * a condition wait, an empty semaphore, a join) is marked blocked on an object and reaches
 * an LP_PT_BLOCK point; releasing that object enables its waiters, which retry when they
 * are chosen. The real primitive is only used through its non-blocking variant (trylock)
 * as the oracle of availability; condition variables and barriers are modelled entirely.
 *
 * When no thread is a candidate: a thread in a timed wait times out (lowest tid first,
 * deterministic); else, if a thread is exiting the process, it gets the baton back and the
 * process exits (outcome COMPLETE, or DEADLOCK if an operation is still pending); else the
 * execution is stuck: outcome DEADLOCK. More than max_steps points by one thread inside
 * one operation ends it with LIVELOCK. Stuck executions _exit at once with status 0.
 *
 * A finished thread still runs glibc's cleanup (TLS destructors, freeing its arena cache)
 * after its last point: the next thread to get the baton first waits until the kernel no
 * longer knows the finished thread, so heap layouts do not depend on the schedule.
 *
 * Trapped instructions of the targets (preload/trap.c) are points too, reached from the
 * SIGTRAP handler: LP_PT_ATOMIC (rmw, xchg, fence), LP_PT_MEMORY (load, store) and
 * LP_PT_YIELD (pause). Inside an operation they count towards max_steps like any point,
 * so a thread spinning on atomics alone ends as LIVELOCK. The handler interrupts only
 * target code (never libc's or ours), so the runtime's state is consistent there.
 */
#ifndef LP_SCHED_RUNTIME_H
#define LP_SCHED_RUNTIME_H

#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>

#include "lineup/protocol.h"
#include "scheduler/atomic-region.h"
#include "scheduler/footprint.h"
#include "runtime-spin.h"

enum lp_thr_state {
	LP_T_FREE = 0,
	LP_T_STARTING, /* created, not yet parked at its first baton wait */
	LP_T_ENABLED,
	LP_T_BLOCKED, /* waiting on wait_obj */
	LP_T_FINISHED,
	LP_T_EXITING, /* in exit(): waits until the others finish or block */
};

struct lp_thread {
	lp_tid_t tid, parent;
	int32_t ktid;
	uint32_t state;
	uint32_t baton;	     /* futex word: 1 = may run */
	uint32_t registered; /* futex word: ktid is set (by the thread, or before it starts) */
	unsigned n_children;
	uint8_t in_op, at_op_start, timed, timed_out, joined, detached;
	uint8_t library;       /* created inside an operation (or by such a thread) */
	uint8_t spurious_used; /* woke spuriously in this operation (reset at its start) */
	uint8_t op_unwinding;  /* an exception unwinds the operation (hooks-unwind.c) */
	/* Deferred cancellation as glibc keeps it, seen through the hooks (hooks-cancel.c). */
	uint8_t cancel_pending, cancel_off, cancel_async;
	uint8_t cancel_point; /* blocked in a modelled cancellation point: a cancel wakes it */
	uint32_t pct_low;     /* PCT: lowered priority (change point index), 0 = initial */
	uint32_t op_func;
	uint64_t op_steps;
	uintptr_t op_ret;	      /* the caller's return address of the pending operation */
	uintptr_t op_retslot;	      /* where that address was (holds the return trampoline) */
	uint64_t op_out[LP_MAX_ARGS]; /* the pending operation's out-parameter pointers */
	const void *wait_obj;
	uint64_t wait_seq;	  /* FIFO order of condition waiters */
	const void *once_running; /* pthread_once control whose routine this thread runs */
	const void *sync_obj;	  /* object of the LP_PT_SYNC point being reached (NULL: unknown) */
	pthread_mutex_t
	    *lock_wait;	      /* at that point, about to lock this mutex (blocking, untimed) */
	uintptr_t lock_frame; /* and the frame of that call (runtime-spin.h: the anchor) */
	const struct lp_thread *join_wait; /* at that point, about to join this thread */
	/* at that point, a --lock acquire: the compare-and-swap of the word_size bytes at
	 * word_wait, which succeeds only while they hold word_free (trap.c) */
	uintptr_t word_wait;
	uint64_t word_free;
	uint8_t word_size;
	/* the mutexes it took through the models and has not released there (protocol.h,
	 * struct lp_held: each decision lists those it still owns) */
	uint8_t n_held;
	const pthread_mutex_t *held[LP_HELD_MAX];
	struct lp_footprint fp; /* what its current step touched so far (protocol.h) */
	uint8_t yield_step;	/* that step began with a yield (logged as touching everything,
				   which it does not: runtime-spin.h) */
	struct lp_spin spin;	/* runtime-spin.h */
	uintptr_t at_site;	/* code address of its last point */
	/* its current step started at this place of a span (runtime-span.c), span_on; a
	 * call that made no point though the analysis took it for one voids it */
	struct lp_span_place span_from;
	uint8_t span_on, span_void;
	uint8_t span_hook;   /* it started at a point inside syscall()'s futex call */
	uintptr_t span_slot; /* in that call: where its return address is (0: unknown) */
	uint32_t futex_calls, span_call; /* futex calls so far; the one the step started in */
	struct lp_region_state region;	 /* atomic regions (scheduler/atomic-region.h) */
	pthread_t handle;
	void *(*start)(void *);
	void *arg;
};

struct lp_runtime {
	int on; /* between the fork point and the end of the execution */
	uint32_t phase;
	uint32_t spurious;	  /* LP_RUN_SPURIOUS in phase 2 */
	uint32_t serial_switches; /* LP_RUN_SERIAL_SWITCHES in phase 1 */
	uint32_t directed;	  /* LP_RUN_DIRECTED in phase 1: shm->order */
	uint64_t step;
	uint32_t ov_next;
	uint32_t order_next;	   /* next entry of shm->order.tids */
	uint32_t ops_before_start; /* operations before the fork point: not scheduled */
	uint32_t pct_next;	   /* next PCT change point (index into shm->pct_changes) */
	unsigned n;		   /* slots in use (high-water mark) */
	struct lp_thread *exiting;
	volatile int32_t dying_ktid;  /* finished thread still running glibc cleanup */
	volatile int32_t *dying_word; /* its glibc tid word (runtime-thread.c), or NULL */
	int32_t pid;
	uint64_t seq;
	lp_tid_t spinner; /* serial: chosen at its own yield, nobody else run since */
	/* this execution met a deadlock or a livelock while a thread waited at a --lock swap:
	 * from then on such threads are candidates and run the lock's own code (trap.c) */
	uint8_t words_free;
	uint8_t list_held; /* LP_RUN_HELD in phase 2 */
	/* the --lock words met, each with the value its swap expects (mixed: two differ) */
	struct lp_word {
		uintptr_t addr;
		uint64_t unlocked;
		lp_tid_t holder; /* the thread whose swap took it last (LP_TID_NONE: none) */
		uint8_t size, mixed;
	} words[LP_HELD_MAX];
	unsigned n_words;
	struct lp_shm *shm;
	struct lp_thread th[LP_MAX_THREADS];
};

extern struct lp_runtime lp_rt __attribute__((visibility("hidden")));
extern __thread struct lp_thread *lp_self
    __attribute__((tls_model("initial-exec"), visibility("hidden")));

#define LP_RT_HIDDEN __attribute__((visibility("hidden")))

/* runtime-span.c: plan `span` lines (cli/analyze/pure-regions.h, "Spans") */
void lp_span_start(struct lp_thread *self, uint32_t point) LP_RT_HIDDEN;
void lp_span_arrive(struct lp_thread *self, uint32_t point, uintptr_t site) LP_RT_HIDDEN;

/* runtime-thread.c */
void lp_rt_init_main(struct lp_shm *shm) LP_RT_HIDDEN; /* constructor-only */
void lp_rt_start(void) LP_RT_HIDDEN;		       /* at the fork point */
void lp_rt_find_tid_word(void) LP_RT_HIDDEN;	       /* in the fork server, once */
void lp_rt_prepare_process(void) LP_RT_HIDDEN;	       /* at the fork point, once */
void lp_rt_point(uint32_t point, uintptr_t site) LP_RT_HIDDEN;
/* runtime-held.c: the locks held at a decision (protocol.h, struct lp_held). The running
 * thread took / released mutex m through the models; a --lock swap on the word at addr
 * expects `unlocked`, and thread holder's swap took it (trap.c); whether t stands at
 * point at a blocking lock (LP_DEC_LOCK_WAIT); the locks held now, into out (room for
 * (LP_MAX_THREADS + 1) * LP_HELD_MAX), returning how many: the mutexes each thread's
 * list names whose owner confirms it, and the words met that differ from what their swap
 * expects (none while --lock waits are off, words_free). */
void lp_rt_held_add(const pthread_mutex_t *m) LP_RT_HIDDEN;
void lp_rt_held_drop(const pthread_mutex_t *m) LP_RT_HIDDEN;
void lp_rt_word_seen(uintptr_t addr, uint64_t unlocked, uint8_t size) LP_RT_HIDDEN;
void lp_rt_word_taken(uintptr_t addr, lp_tid_t holder) LP_RT_HIDDEN;
int lp_rt_lock_wait(const struct lp_thread *t, uint32_t point) LP_RT_HIDDEN;
unsigned lp_rt_held_now(struct lp_held *out) LP_RT_HIDDEN;
/* Set by the trap handler around its point: the address the trapped instruction accesses. */
extern uintptr_t lp_rt_access_addr LP_RT_HIDDEN;
extern int lp_rt_access_write LP_RT_HIDDEN;	       /* it writes memory */
extern const uint64_t *lp_rt_access_regs LP_RT_HIDDEN; /* its registers (runtime-spin.h) */
/* runtime-strategy.c: the choice at a point without an override (default, random, pct). */
lp_tid_t lp_rt_choose(struct lp_thread *self, uint64_t step, uint32_t point, const lp_tid_t *cand,
		      unsigned nc) LP_RT_HIDDEN;
/* A directed serial execution's choice (struct lp_order): the thread, or LP_TID_NONE for
 * the default (the order is used up); ends the execution when it cannot be followed. */
lp_tid_t lp_rt_directed(const lp_tid_t *cand, unsigned nc) LP_RT_HIDDEN;
/* An LP_PT_SYNC point whose step acts on obj (a step starting at a plain LP_PT_SYNC point
 * counts as touching everything). */
void lp_rt_sync_point(const void *obj, uintptr_t site) LP_RT_HIDDEN;
/* The running thread's current step touches obj / does something of unknown reach. */
static inline void lp_rt_touch(const void *obj);
static inline void lp_rt_touch_flags(uint32_t flags);
/* Blocks the running thread on obj until woken; returns 1 if a timed wait timed out. */
int lp_rt_block(const void *obj, int timed, uintptr_t site) LP_RT_HIDDEN;
/* Enables the threads blocked on obj: all of them, or only the longest waiting (FIFO). */
void lp_rt_wake(const void *obj, int all) LP_RT_HIDDEN;
int lp_rt_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg,
		 uintptr_t site) LP_RT_HIDDEN;
int lp_rt_join(pthread_t th, void **ret, uintptr_t site) LP_RT_HIDDEN;
int lp_rt_detach(pthread_t th, uintptr_t site) LP_RT_HIDDEN;
/* runtime-cancel.c: pthread_cancel of a controlled thread, and the modelled cancellation
 * points acting on a pending request (the running thread unwinds from there). */
int lp_rt_cancel(pthread_t th, uintptr_t site) LP_RT_HIDDEN;
void lp_rt_testcancel(void) LP_RT_HIDDEN;
struct lp_thread *lp_rt_find_handle(pthread_t th) LP_RT_HIDDEN;
void lp_rt_main_exit(uintptr_t site)
    LP_RT_HIDDEN; /* pthread_exit in the main thread: ends after unwinding */
void lp_rt_process_exit(uintptr_t site) LP_RT_HIDDEN; /* exit(), _exit() */

/* True when calls of the running thread go through the models (not after its end: the
 * main thread's last steps after pthread_exit may overlap the next thread's). */
static inline int lp_rt_controlled(void)
{
	return lp_rt.on && lp_self && lp_self->state != LP_T_FINISHED;
}

static inline void lp_rt_touch_flags(uint32_t flags)
{
	if (lp_self)
		lp_self->fp.flags |= flags;
}

/* Objects are named by their 64-byte line: an atomic instruction on a word and a futex
 * call on it (or on a word it overlaps) then share a name. Distinct objects on one line
 * only lose some independence. */
static inline void lp_rt_touch_as(const void *obj, uint64_t read)
{
	struct lp_footprint *fp;
	if (!lp_self)
		return;
	fp = &lp_self->fp;
	if (!lp_footprint_add(fp, ((uint64_t)(uintptr_t)obj & ~(uint64_t)63) | read))
		fp->flags |= LP_FP_UNKNOWN;
}

static inline void lp_rt_touch(const void *obj) { lp_rt_touch_as(obj, 0); }

/* The size bytes (1, 2, 4 or 8) at addr, as an atomic load: a --lock word (trap.c). */
static inline uint64_t lp_rt_word_load(uintptr_t addr, unsigned size)
{
	switch (size) {
	case 1:
		return __atomic_load_n((const uint8_t *)addr, __ATOMIC_RELAXED);
	case 2:
		return __atomic_load_n((const uint16_t *)addr, __ATOMIC_RELAXED);
	case 4:
		return __atomic_load_n((const uint32_t *)addr, __ATOMIC_RELAXED);
	default:
		return __atomic_load_n((const uint64_t *)addr, __ATOMIC_RELAXED);
	}
}

/* A thread as two objects of footprints, its start (created by one step, then its first
 * step) and its end (its last step; joins, detaches and cancels act on it), named by its
 * tid rather than its slot: creation then acts on the new thread alone (which free slot it
 * takes is unobservable: candidates are sorted by tid, wake-ups are FIFO), a join does not
 * depend on the joined thread's first steps, and a reused slot's old and new threads stay
 * apart. The top bit keeps the names off every memory line (the tid's last digits and top
 * bits are dropped: two tids that share a name only lose independence). */
static inline uint64_t lp_rt_thread_obj(const struct lp_thread *t, int end)
{
	return lp_tid_obj(t->tid, end);
}

static inline void lp_rt_touch_thread(const struct lp_thread *t, int end)
{
	lp_rt_touch((const void *)(uintptr_t)lp_rt_thread_obj(t, end));
}

/* runtime-sync.c: the blocking models; hooks call them only when lp_rt_controlled(). */
enum lp_wait { LP_W_BLOCK = 0, LP_W_TRY = 1, LP_W_TIMED = 2 };
int lp_rt_mutex_lock(pthread_mutex_t *m, int mode, uintptr_t site) LP_RT_HIDDEN;
int lp_rt_mutex_unlock(pthread_mutex_t *m, uintptr_t site) LP_RT_HIDDEN;
int lp_rt_cond_wait(pthread_cond_t *c, pthread_mutex_t *m, int timed, uintptr_t site) LP_RT_HIDDEN;
int lp_rt_cond_wake(pthread_cond_t *c, int all, uintptr_t site) LP_RT_HIDDEN;
int lp_rt_rwlock_lock(pthread_rwlock_t *l, int write, int mode, uintptr_t site) LP_RT_HIDDEN;
int lp_rt_rwlock_unlock(pthread_rwlock_t *l, uintptr_t site) LP_RT_HIDDEN;
int lp_rt_sem_wait(sem_t *s, int mode, uintptr_t site) LP_RT_HIDDEN; /* -1 + errno like sem_wait */
int lp_rt_sem_post(sem_t *s, uintptr_t site) LP_RT_HIDDEN;
int lp_rt_spin_lock(pthread_spinlock_t *l, int mode, uintptr_t site) LP_RT_HIDDEN;
int lp_rt_spin_unlock(pthread_spinlock_t *l, uintptr_t site) LP_RT_HIDDEN;
void lp_rt_barrier_init(pthread_barrier_t *b, unsigned count) LP_RT_HIDDEN;
void lp_rt_barrier_forget(pthread_barrier_t *b) LP_RT_HIDDEN;
int lp_rt_barrier_wait(pthread_barrier_t *b, uintptr_t site) LP_RT_HIDDEN; /* -2: unknown barrier */
int lp_rt_once(pthread_once_t *o, void (*fn)(void), uintptr_t site) LP_RT_HIDDEN;
/* runtime-tsd.c: keys with destructors, which a finishing thread runs while scheduled */
void lp_rt_key_created(pthread_key_t key, void (*dtor)(void *)) LP_RT_HIDDEN;
void lp_rt_key_deleted(pthread_key_t key) LP_RT_HIDDEN;
void lp_rt_run_tsd_dtors(void) LP_RT_HIDDEN;

#endif
