/* preload/runtime-thread.c — the thread table, scheduling points and the baton handoff
 * (policy in runtime.h). Everything here is hook path unless labelled: no allocation, no
 * stdio, raw system calls for futexes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/stringify.h"
#include "preload.h"
#include "runtime.h"
#include "runtime-tso.h"
#include "scheduler/sched-pick.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

struct lp_runtime lp_rt;
uintptr_t lp_rt_access_addr;
int lp_rt_access_write;
const uint64_t *lp_rt_access_regs;
__thread struct lp_thread *lp_self __attribute__((tls_model("initial-exec")));

/* constructor-only */
void lp_rt_init_main(struct lp_shm *shm)
{
	struct lp_thread *t = &lp_rt.th[0];
	lp_rt.shm = shm;
	t->tid = LP_TID_MAIN;
	t->parent = LP_TID_NONE;
	t->state = LP_T_ENABLED;
	lp_rt.n = 1;
	lp_self = t;
}

static pthread_key_t main_end_key;

/* glibc's struct pthread holds its thread's kernel tid in a word the kernel writes when
 * clone returns (CLONE_PARENT_SETTID) and clears with a futex wake once the thread has left
 * user space (CLONE_CHILD_CLEARTID): pthread_join waits on it. Its offset is glibc's own:
 * the server finds it as the word holding its tid in its own descriptor, and each
 * execution checks that the word now holds the execution's tid (fork rewrote it). Unknown
 * (-1), threads are waited for the slow way: a registration handshake, tgkill polling. */
static long tid_word_off = -1;

void lp_rt_find_tid_word(void)
{
	const char *pd = (const char *)pthread_self();
	int32_t tid = sys_gettid();
	for (long off = 0; off < 2048; off += 4) /* struct pthread is larger */
		if (*(const int32_t *)(pd + off) == tid) {
			tid_word_off = off;
			return;
		}
}

static volatile int32_t *tid_word(pthread_t th)
{
	return tid_word_off < 0 ? NULL : (volatile int32_t *)((char *)th + tid_word_off);
}

static void thread_finish(struct lp_thread *t, uintptr_t site);

/* The main thread's pthread_exit ends here, after its unwinding (which may call pthread
 * functions: libgcc's unwinder takes mutexes) and just before its kernel thread exits. */
static void main_end(void *site) { thread_finish(&lp_rt.th[0], (uintptr_t)site); }

static void exit_handler(void) { lp_rt_process_exit((uintptr_t)__builtin_return_address(0)); }

/* The key and the exit handler every execution uses, made once at the fork point: in the
 * fork server, so that executions inherit them instead of writing glibc's key and exit-
 * handler tables every time (measured: one copy-on-write fault less per execution). */
void lp_rt_prepare_process(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	/* The real function: our hook would put the tool's key in the client's destructor
	 * table (runtime-tsd.c), scanned at every client thread's exit. */
	REAL(pthread_key_create)(&main_end_key, main_end);
	atexit(exit_handler); /* the fork point is outside any signal handler */
}

/* hook path: at the fork point, in the execution's process (thread 0 only). */
void lp_rt_start(void)
{
	struct lp_shm *shm = lp_rt.shm;
	lp_rt.phase = shm->phase == LP_PHASE_SERIAL ? LP_PHASE_SERIAL : LP_PHASE_CONCURRENT;
	lp_rt.spurious = lp_rt.phase == LP_PHASE_CONCURRENT && (shm->run_flags & LP_RUN_SPURIOUS);
	lp_rt.serial_switches =
	    lp_rt.phase == LP_PHASE_SERIAL && (shm->run_flags & LP_RUN_SERIAL_SWITCHES);
	lp_rt.step = 0;
	lp_rt.ov_next = 0;
	lp_rt.order_next = lp_rt.ops_before_start;
	lp_rt.directed = lp_rt.phase == LP_PHASE_SERIAL && (shm->run_flags & LP_RUN_DIRECTED);
	lp_rt.pct_next = 0;
	lp_rt.spinner = LP_TID_NONE;
	lp_rt.words_free = 0;
	lp_rt.n_words = 0;
	lp_rt.list_held = lp_rt.phase == LP_PHASE_CONCURRENT && (shm->run_flags & LP_RUN_HELD);
	lp_rt.pid = sys_getpid();
	lp_rt.th[0].ktid = sys_gettid();
	volatile int32_t *w = tid_word(pthread_self());
	if (w && *w != lp_rt.th[0].ktid)
		tid_word_off = -1;			   /* not the word fork rewrote */
	memset(&lp_rt.th[0].fp, 0, sizeof lp_rt.th[0].fp); /* nothing from before the fork point */
	shm->steps = 0;
	shm->outcome = LP_OUT_RUNNING;
	shm->baton_tid = LP_TID_MAIN;
	shm->baton_ktid = lp_rt.th[0].ktid;
	if (shm->n_overrides > LP_MAX_OVERRIDES)
		lp_fatal(LP_OUT_FATAL, 0,
			 "shared area holds more than " LP_STR(
			     LP_MAX_OVERRIDES) " overrides: the cli and the preload disagree");
	if (lp_rt.directed && shm->order.n > LP_MAX_ORDER)
		lp_fatal(LP_OUT_FATAL, 0,
			 "shared area holds an order of more than " LP_STR(
			     LP_MAX_ORDER) " operations: the cli and the preload disagree");
	if (shm->strategy > LP_STRAT_PCT || shm->pct_n_changes > LP_MAX_PCT_CHANGES)
		lp_fatal(LP_OUT_FATAL, 0,
			 "shared area names an unknown strategy: the cli and the preload disagree");
	lp_tso_start(lp_rt.phase, shm);
	lp_rt_prepare_process();
	lp_rt.on = 1;
}

static void reap_dying(void)
{
	int32_t k = lp_rt.dying_ktid;
	if (!k || (lp_self && k == lp_self->ktid))
		return; /* the last thread, in glibc's exit(0) after its own end */
	volatile int32_t *w = lp_rt.dying_word;
	if (w) { /* its stack is still glibc's: nobody ran since, so nobody joined it */
		int32_t v;
		while ((v = __atomic_load_n(w, __ATOMIC_ACQUIRE)) != 0)
			sys_futex_wait_shared(w, v);
	} else {
		while (sys_tgkill(lp_rt.pid, k, 0) == 0)
			sys_sched_yield();
	}
	lp_rt.dying_ktid = 0;
	lp_rt.dying_word = NULL;
}

static void wait_baton(struct lp_thread *self)
{
	while (!__atomic_load_n(&self->baton, __ATOMIC_ACQUIRE))
		sys_futex_wait(&self->baton, 0);
	self->baton = 0;
	lp_tso_enter_view(self);
	reap_dying();
	lp_guard_resume(self);
}

static void switch_to(struct lp_thread *self, struct lp_thread *next)
{
	lp_rt.shm->baton_tid = next->tid;
	lp_rt.shm->baton_ktid = next->ktid;
	if (next == self) {
		lp_guard_resume(self); /* its next step is watched afresh */
		return;
	}
	lp_tso_leave_view(self); /* memory is the next thread's view from here */
	__atomic_store_n(&next->baton, 1, __ATOMIC_RELEASE);
	sys_futex_wake(&next->baton, 1);
	if (self->state == LP_T_FINISHED)
		return; /* its kernel thread ends; the next one reaps it */
	wait_baton(self);
}

static struct lp_thread *find_tid(lp_tid_t tid)
{
	for (unsigned i = 0; i < lp_rt.n; i++)
		if (lp_rt.th[i].state != LP_T_FREE && lp_rt.th[i].tid == tid)
			return &lp_rt.th[i];
	return NULL;
}

/* No candidate: time out the lowest timed waiter (during the process exit only one
 * inside an operation: others would never complete anything observable). */
static int time_out_one(void)
{
	struct lp_thread *best = NULL;
	for (unsigned i = 0; i < lp_rt.n; i++) {
		struct lp_thread *t = &lp_rt.th[i];
		if (t->state == LP_T_BLOCKED && t->timed && (!lp_rt.exiting || t->in_op) &&
		    (!best || t->tid < best->tid))
			best = t;
	}
	if (!best)
		return 0;
	best->state = LP_T_ENABLED;
	best->timed_out = 1;
	best->wait_obj = NULL;
	return 1;
}

static int unfinished_others(const struct lp_thread *self)
{
	for (unsigned i = 0; i < lp_rt.n; i++) {
		const struct lp_thread *t = &lp_rt.th[i];
		if (t != self && t->state != LP_T_FREE && t->state != LP_T_FINISHED)
			return 1;
	}
	return 0;
}

static void diverged(uint64_t step, lp_tid_t tid)
{
	char a[LP_TID_STRLEN], msg[200];
	size_t n = 0;
	const char *p = "schedule override ";
	while (*p)
		msg[n++] = *p++;
	char num[24];
	int k = 0;
	do
		num[k++] = (char)('0' + step % 10);
	while ((step /= 10));
	while (k)
		msg[n++] = num[--k];
	msg[n++] = '@';
	for (p = lp_tid_format(tid, a); *p;)
		msg[n++] = *p++;
	int exists = 0;
	for (unsigned i = 0; i < lp_rt.n; i++)
		if (lp_rt.th[i].state != LP_T_FREE && lp_rt.th[i].tid == tid)
			exists = 1;
	/* Say which: a thread that does not exist is a wrong schedule, not a client that
	 * behaves differently. */
	for (p = exists ? " names a thread that is not a candidate: it cannot run at that step "
			  "(blocked, finished, or held back by the phase's rules)"
			: " names a thread that is not a candidate: no such thread exists at that "
			  "step";
	     *p && n < sizeof msg - 1;)
		msg[n++] = *p++;
	msg[n] = 0;
	lp_log_text(LP_REC_WARN, lp_self ? lp_self->tid : LP_TID_NONE, 0, msg);
	lp_end(LP_OUT_DIVERGED);
}

/* Whether the step starting at this point runs only code of the operation's function that
 * touches nothing other threads see (a pure region start, cli/analyze/pure-regions.h): the
 * function's entry at an operation start, the return address of its synchronisation call
 * at a sync or block point. */
static bool local_step(const struct lp_thread *self, uint32_t point)
{
	const struct lp_loaded_plan *plan = lp_g.plan;
	if (self->library || !plan || self->op_func >= plan->n_funcs)
		return false;
	uintptr_t at;
	if (point == LP_PT_OP_START)
		at = lp_g.entry[self->op_func];
	else if (self->in_op && (point == LP_PT_SYNC || point == LP_PT_BLOCK))
		at = self->at_site;
	else
		return false;
	uintptr_t base = lp_g.target_base[plan->funcs[self->op_func].target];
	return at && base && at >= base && lp_plan_pure(plan, self->op_func, at - base);
}

/* Whether a step of a thread the library created, starting at code address at, counts as
 * target code from its start: always, unless the exec guard watches it (then only when at
 * is a target's, where the step goes on; otherwise its first fetch there will say). */
static bool library_target(const struct lp_thread *t, uintptr_t at)
{
	return t->library && (!lp_guard_watching() || lp_guard_in_target(at));
}

/* The footprint of the step the thread runs when it is next chosen: what the point's own
 * action touches (a trapped instruction: the memory line it accesses, only read by a load;
 * under --memory-model tso runtime-tso.c puts a buffered store on its buffer instead); code
 * of a target is untracked memory unless it is a pure region start; a yield, a fence
 * without an operand, an unknown pthread call or the process exit touch everything. */
static void start_step(struct lp_thread *self, uint32_t point)
{
	memset(&self->fp, 0, sizeof self->fp);
	self->yield_step = point == LP_PT_YIELD;
	lp_span_start(self, point);
	lp_spin_step_start(self, point, lp_rt_access_addr && !lp_rt_access_write);
	bool local = local_step(self, point);
	if ((self->in_op || library_target(self, self->at_site)) && !local)
		self->fp.flags |= LP_FP_TARGET;
	switch (point) {
	case LP_PT_SYNC:
		if (self->sync_obj == (const void *)lp_rt.th) /* named: explore.h, "Join returns" */
			lp_rt_touch((const void *)(uintptr_t)LP_FP_THREAD_TABLE);
		else if (self->sync_obj)
			lp_rt_touch(self->sync_obj);
		else
			self->fp.flags |= LP_FP_UNKNOWN;
		break;
	case LP_PT_OP_START: /* its call record follows: the step records history */
		self->fp.flags |= (local ? 0 : LP_FP_TARGET) | LP_FP_CALL;
		break;
	case LP_PT_OP_END:
	case LP_PT_THREAD_START:
	case LP_PT_BLOCK:
		break; /* the retried action touches its object itself */
	case LP_PT_ATOMIC:
	case LP_PT_MEMORY: /* the trapped instruction's memory, then target code */
		if (lp_rt_access_addr && !(self->fp.flags & LP_FP_UNKNOWN)) {
			self->fp.flags |= LP_FP_TARGET;
			lp_rt_touch_as((const void *)lp_rt_access_addr,
				       lp_rt_access_write ? 0 : LP_FP_OBJ_READ);
			break;
		}
		self->fp.flags |= LP_FP_UNKNOWN; /* a fence without an operand */
		break;
	case LP_PT_YIELD: /* logged as unknown (yield_step), touches nothing */
		break;
	default: /* thread and process exit */
		self->fp.flags |= LP_FP_UNKNOWN;
	}
}

/* A thread about to lock a mutex that another thread holds would only try, fail and block:
 * it is no candidate until the mutex is free (CHESS's rule). Dropping those attempts
 * changes no history and no cost: the switch away from it is free either way, and a
 * schedule that ran one goes on the same without it. Its own mutex goes ahead (an error
 * check or a deadlock, as before). A join of a thread that has not ended waits the same
 * way, unless a cancel is pending for the joiner. So does a thread at the compare-and-swap
 * of a lock named by --lock while the swap would fail: the lock's contended path (its
 * futex wait, its waker's wake) is trusted to do what a blocked lock does, and never runs
 * (until the execution would end stuck: words_waiting). */
static bool held_back(const struct lp_thread *t)
{
	if (t->word_wait) /* a --lock acquire (trap.c): held back the same way */
		return !lp_rt.words_free &&
		       lp_rt_word_load(t->word_wait, t->word_size) != t->word_free;
	const struct lp_thread *j = t->join_wait;
	if (j)
		return j->state != LP_T_FINISHED && !(t->cancel_pending && !t->cancel_off);
	const pthread_mutex_t *m = t->lock_wait;
	if (!m)
		return false;
	int owner = __atomic_load_n(&m->__data.__owner, __ATOMIC_RELAXED);
	return owner != 0 && owner != t->ktid;
}

/* Whether a thread waits at a --lock swap. Before a deadlock or a livelock is declared
 * with one waiting there, the waits end (lp_rt.words_free) and the lock's own code runs:
 * a function named by mistake (a trylock, a swap that expects what it read before) then
 * gives no false stuck history; a real deadlock blocks in the lock's futex wait. */
static bool words_waiting(void)
{
	if (lp_rt.words_free)
		return false;
	for (unsigned i = 0; i < lp_rt.n; i++)
		if (lp_rt.th[i].word_wait && lp_rt.th[i].state == LP_T_ENABLED)
			return true;
	return false;
}

/* Whether t can run and is not a spinner waiting for a change (runtime-spin.h). */
static bool runnable(const struct lp_thread *t)
{
	return t->state == LP_T_ENABLED && !t->spin.waiting && !held_back(t);
}

/* Or a store buffer that a flush may bring a change from (runtime-tso.h). */
static bool another_runnable(const struct lp_thread *self)
{
	if (lp_tso_pending())
		return true;
	for (unsigned i = 0; i < lp_rt.n; i++)
		if (&lp_rt.th[i] != self && runnable(&lp_rt.th[i]))
			return true;
	return false;
}

/* The candidates at self's point (sorted, with the non-empty store buffers under
 * --memory-model tso): 0 when none. */
static unsigned candidates(struct lp_thread *self, uint32_t point, bool spin_block, lp_tid_t *cand)
{
	struct lp_pick_thread pick[LP_MAX_THREADS];
	unsigned n = 0, running = 0;
	/* a spinner waiting for a change runs only when nothing else can */
	bool others = runnable(self) || another_runnable(self);
	for (unsigned i = 0; i < lp_rt.n; i++) {
		struct lp_thread *t = &lp_rt.th[i];
		if (t->state == LP_T_FREE || t->state == LP_T_STARTING)
			continue;
		if (t == self)
			running = n;
		pick[n].tid = t->tid;
		pick[n].enabled =
		    t->state == LP_T_ENABLED && !held_back(t) && !(others && t->spin.waiting);
		pick[n].in_op = t->in_op;
		pick[n].at_op_start = t->at_op_start;
		pick[n].library = t->library;
		pick[n].spun = t->tid == lp_rt.spinner;
		n++;
	}
	unsigned nc = lp_rt.serial_switches
			  ? lp_sched_candidates_switches(point, pick, n, running, cand)
			  : lp_sched_candidates(lp_rt.phase, point, pick, n, running, cand);
	if (nc && lp_region_locked(&self->region, point) &&
	    lp_sched_is_candidate(cand, nc, self->tid)) {
		cand[0] = self->tid; /* inside an atomic region: no preemption */
		return 1;
	}
	if (nc && spin_block && self->state == LP_T_ENABLED) {
		cand[0] = self->tid; /* its repeats run as one step (runtime-spin.h) */
		return 1;
	}
	return lp_tso_candidates(cand, nc);
}

static void log_decision(struct lp_thread *self, uint32_t point, uintptr_t site, lp_tid_t chosen,
			 const lp_tid_t *cand, unsigned nc, bool after_flush)
{
	static struct lp_held held[(LP_MAX_THREADS + 1) * LP_HELD_MAX];
	unsigned nh =
	    nc > 1 && lp_rt.list_held ? lp_rt_held_now(held) : 0; /* read where it branches */
	struct lp_rec_decision *d =
	    lp_log_append(LP_REC_DECISION, sizeof *d + nc * sizeof(lp_tid_t) + nh * sizeof *held);
	d->step = lp_rt.step;
	d->running = self->tid;
	d->chosen = chosen;
	d->point = point;
	/* after a flush at this point, going on elsewhere is no further preemption
	 * (runtime-tso.h) */
	d->flags =
	    (point == LP_PT_YIELD || after_flush ? LP_DEC_YIELD : 0) |
	    (after_flush ? LP_DEC_FLUSHED : 0) |
	    (lp_rt_access_write || (point == LP_PT_SYNC && self->sync_obj) ? LP_DEC_WRITE : 0) |
	    (lp_rt_lock_wait(self, point) ? LP_DEC_LOCK_WAIT : 0);
	d->site = site;
	/* a pthread/futex object counts as memory the call writes (root causes) */
	d->addr = lp_rt_access_addr	? lp_rt_access_addr
		  : point == LP_PT_SYNC ? (uintptr_t)self->sync_obj
					: 0;
	d->done = self->fp;
	if (self->yield_step)
		d->done.flags |= LP_FP_UNKNOWN;
	d->n_candidates = nc;
	d->n_held = nh;
	memcpy(d + 1, cand, nc * sizeof(lp_tid_t));
	memcpy((lp_tid_t *)(d + 1) + nc, held, nh * sizeof *held);
	lp_rt.step++;
	lp_rt.shm->steps = lp_rt.step;
}

/* The thread chosen at this step: the schedule's override, a directed order's, or the
 * strategy's. */
static lp_tid_t choose(struct lp_thread *self, uint32_t point, const lp_tid_t *cand, unsigned nc)
{
	struct lp_shm *shm = lp_rt.shm;
	uint64_t step = lp_rt.step;
	lp_tid_t chosen;
	if (lp_rt.ov_next < shm->n_overrides && shm->overrides[lp_rt.ov_next].step == step) {
		chosen = shm->overrides[lp_rt.ov_next++].tid;
		if (!lp_sched_is_candidate(cand, nc, chosen))
			diverged(step, chosen);
	} else if (!lp_rt.directed || (chosen = lp_rt_directed(cand, nc)) == LP_TID_NONE) {
		chosen = lp_rt_choose(self, step, point, cand, nc);
	}
	return chosen;
}

void lp_rt_point(uint32_t point, uintptr_t site)
{
	struct lp_thread *self = lp_self;
	struct lp_shm *shm = lp_rt.shm;
	lp_tid_t cand[2 * LP_MAX_THREADS];
	unsigned nc;

	lp_span_arrive(self, point, site); /* before anything reads the step's footprint */
	lp_op_check_left(self);
	lp_tso_arrive(self, point);
	lp_spin_read_arrive(self, point, site, lp_rt_access_write ? 0 : lp_rt_access_addr,
			    lp_rt_access_regs, &self->fp);
	bool spin_block = lp_spin_arrive(self, point, site, &self->fp);
	/* A folded repeat is no progress and no livelock while another thread may still
	 * change what it waits for; alone, a spinner's rounds count as before. */
	bool idle_repeat = spin_block && !self->spin.sync_loop && another_runnable(self);
	if (self->in_op && shm->max_steps && !idle_repeat && ++self->op_steps > shm->max_steps) {
		if (!words_waiting())
			lp_end(LP_OUT_LIVELOCK);
		lp_rt.words_free = 1; /* the waiter may be what the spinner waits for */
		self->op_steps = 0;
	}
	self->at_site = site;
	if (shm->n_regions)
		lp_region_arrive(&self->region, point);
	/* what the trap handler said of this point: gone once other threads have run */
	uintptr_t access = lp_rt_access_addr;
	lp_tid_t chosen;
	bool flushed = false;
	for (;;) {
		while (!(nc = candidates(self, point, spin_block, cand))) {
			if (time_out_one()) {
				self->fp.flags |=
				    LP_FP_UNKNOWN; /* a global event between two steps */
				continue;
			}
			if (lp_rt.exiting) {
				if (lp_rt.exiting != self)
					switch_to(self, lp_rt.exiting);
				return;
			}
			if (self->state == LP_T_FINISHED && !unfinished_others(self))
				return; /* the last thread: glibc's exit(0) follows */
			if (words_waiting()) {
				lp_rt.words_free = 1;
				continue;
			}
			lp_end(LP_OUT_DEADLOCK);
		}
		chosen = choose(self, point, cand, nc);
		log_decision(self, point, site, chosen, cand, nc, flushed);
		if (!lp_tso_take(self, chosen))
			break;
		/* a store buffer was flushed: the point is asked again (runtime-tso.h) */
		flushed = true;
		lp_tso_flush_footprint(&self->fp); /* logged as the flush's step */
		self->yield_step = 0;
	}

	if (point == LP_PT_YIELD && chosen == self->tid)
		lp_rt.spinner = chosen;
	else if (chosen != self->tid || point == LP_PT_OP_START)
		lp_rt.spinner = LP_TID_NONE;
	start_step(self, point);
	struct lp_thread *next = find_tid(chosen);
	if (next && next != self)
		lp_spin_chosen(next);
	else if (next && self->spin.sync_loop) /* parked at its lock and going on: one step */
		lp_spin_chosen(self);
	if (shm->n_regions && next)
		lp_region_chosen(&next->region, shm->regions, shm->n_regions, next->at_site);
	int kind = lp_tso_trap_kind;
	unsigned size = lp_tso_trap_size;
	switch_to(self, next);
	lp_tso_trap_kind = kind;
	lp_tso_trap_size = size;
	lp_tso_resume(self, point, access, site);
}

void lp_rt_sync_point(const void *obj, uintptr_t site)
{
	lp_self->sync_obj = obj;
	lp_rt_point(LP_PT_SYNC, site);
	lp_self->sync_obj = NULL;
}

int lp_rt_block(const void *obj, int timed, uintptr_t site)
{
	struct lp_thread *self = lp_self;
	self->state = LP_T_BLOCKED;
	self->wait_obj = obj;
	self->wait_seq = ++lp_rt.seq;
	self->timed = (uint8_t)timed;
	self->timed_out = 0;
	lp_rt_point(LP_PT_BLOCK, site);
	lp_rt_touch(obj); /* the retry after the wake-up reads obj */
	self->timed = 0;
	if (self->timed_out) {
		self->timed_out = 0;
		return 1;
	}
	return 0;
}

void lp_rt_wake(const void *obj, int all)
{
	struct lp_thread *first = NULL;
	for (unsigned i = 0; i < lp_rt.n; i++) {
		struct lp_thread *t = &lp_rt.th[i];
		if (t->state != LP_T_BLOCKED || t->wait_obj != obj)
			continue;
		if (all) {
			t->state = LP_T_ENABLED;
			t->wait_obj = NULL;
		} else if (!first || t->wait_seq < first->wait_seq) {
			first = t;
		}
	}
	if (first) {
		first->state = LP_T_ENABLED;
		first->wait_obj = NULL;
	}
}

static struct lp_thread *alloc_slot(void)
{
	for (unsigned i = 0; i < lp_rt.n; i++) {
		struct lp_thread *t = &lp_rt.th[i];
		if (t->state == LP_T_FREE ||
		    (t->state == LP_T_FINISHED && (t->joined || t->detached) &&
		     t->ktid != lp_rt.dying_ktid))
			return t;
	}
	if (lp_rt.n < LP_MAX_THREADS)
		return &lp_rt.th[lp_rt.n++];
	return NULL;
}

static void thread_finish(struct lp_thread *t, uintptr_t site)
{
	if (!lp_rt.on || t->state == LP_T_FINISHED)
		return;
	struct lp_rec_thread *r = lp_log_append(LP_REC_THREAD_END, sizeof *r);
	r->tid = t->tid;
	r->parent = t->parent;
	lp_op_left(t); /* its start routine ended: no operation of it can still run */
	t->state = LP_T_FINISHED;
	lp_rt_touch_thread(t, 1); /* its joiners */
	lp_rt_wake(t, 1);
	if (t != &lp_rt.th[0]) { /* a zombie group leader stays visible to tgkill */
		lp_rt.dying_ktid = t->ktid;
		lp_rt.dying_word = tid_word(pthread_self());
	}
	lp_rt_point(LP_PT_THREAD_EXIT, site);
}

static void thread_cleanup(void *p)
{
	struct lp_thread *t = p;
	if (lp_rt.on && t->state != LP_T_FINISHED)
		lp_rt_run_tsd_dtors();
	thread_finish(t, (uintptr_t)t->start);
}

static void *thread_main(void *p)
{
	struct lp_thread *t = p;
	lp_self = t;
	lp_trap_thread();
	if (!__atomic_load_n(&t->registered, __ATOMIC_ACQUIRE)) { /* the creator waits for it */
		t->ktid = sys_gettid();
		__atomic_store_n(&t->registered, 1, __ATOMIC_RELEASE);
		sys_futex_wake(&t->registered, 1);
	}
	wait_baton(t);
	void *ret;
	/* also run by pthread_exit's unwinding */
	pthread_cleanup_push(thread_cleanup, t);
	ret = t->start(t->arg);
	pthread_cleanup_pop(1);
	return ret;
}

int lp_rt_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg,
		 uintptr_t site)
{
	struct lp_thread *self = lp_self;
	struct lp_thread *t = alloc_slot();
	if (!t)
		lp_fatal(LP_OUT_LIMIT, site,
			 "more than " LP_STR(LP_MAX_THREADS) " threads alive in one execution");
	lp_tid_t tid = lp_tid_child(self->tid, self->n_children + 1);
	if (tid == LP_TID_NONE)
		lp_fatal(LP_OUT_LIMIT, site,
			 "thread creation path deeper than " LP_STR(
			     LP_TID_MAX_DEPTH) " or a thread "
					       "creating more than " LP_STR(
						   LP_TID_MAX_DIGIT) " threads");
	memset(t, 0, sizeof *t);
	t->tid = tid;
	t->parent = self->tid;
	t->library = self->in_op || self->library;
	t->fp.flags = library_target(t, (uintptr_t)fn) ? LP_FP_TARGET : 0;
	/* the creation acts on the new thread, whose first step follows it */
	lp_rt_touch_thread(t, 0);
	lp_footprint_add(&t->fp, lp_rt_thread_obj(t, 0));
	t->state = LP_T_STARTING;
	t->start = fn;
	t->arg = arg;
	int ds = PTHREAD_CREATE_JOINABLE;
	if (attr)
		pthread_attr_getdetachstate(attr, &ds);
	t->detached = ds == PTHREAD_CREATE_DETACHED;
	t->registered = tid_word_off >= 0; /* no handshake: glibc's tid word says its tid */
	int r = real_pthread_create(th, attr, thread_main, t);
	if (r) {
		t->state = LP_T_FREE;
		return r;
	}
	self->n_children++;
	/* Known, glibc's tid word is set when clone returns: the new thread runs only thread-
	 * local start-up code (glibc's, then thread_main's) until it gets the baton. */
	volatile int32_t *w = tid_word(*th);
	if (w)
		t->ktid = *w;
	else
		while (!__atomic_load_n(&t->registered, __ATOMIC_ACQUIRE))
			sys_futex_wait(&t->registered, 0);
	t->handle = *th;
	struct lp_rec_thread *rec = lp_log_append(LP_REC_THREAD, sizeof *rec);
	rec->tid = tid;
	rec->parent = self->tid;
	t->state = LP_T_ENABLED;
	lp_rt_point(LP_PT_THREAD_START, site);
	return 0;
}

struct lp_thread *lp_rt_find_handle(pthread_t th)
{
	for (unsigned i = 0; i < lp_rt.n; i++) {
		struct lp_thread *t = &lp_rt.th[i];
		if (t->state != LP_T_FREE && t->state != LP_T_STARTING && !t->joined &&
		    pthread_equal(t->handle, th))
			return t;
	}
	return NULL;
}

int lp_rt_join(pthread_t th, void **ret, uintptr_t site)
{
	/* Not a candidate while the thread runs: blocking first and being woken by its end
	 * changes nothing another thread sees (as for a held mutex). */
	const struct lp_thread *w = lp_rt_find_handle(th);
	lp_self->join_wait = w && w != lp_self && !w->detached ? w : NULL;
	/* whether it is held back here is the step that reaches this point's to know: it reads
	 * w's end, which w's last step writes (else a reduction could move that step across
	 * it, and this point be free in one order but not in the other) */
	if (lp_self->join_wait)
		lp_rt_touch_as((const void *)(uintptr_t)lp_rt_thread_obj(w, 1), LP_FP_OBJ_READ);
	lp_rt_sync_point(lp_rt.th, site); /* the thread table */
	lp_self->join_wait = NULL;
	struct lp_thread *t = lp_rt_find_handle(th);
	if (t)
		lp_rt_touch_thread(t, 1);
	if (t == lp_self)
		return EDEADLK;
	if (t) {
		if (t->detached)
			return EINVAL;
		lp_self->cancel_point = 1; /* pthread_join is a cancellation point */
		lp_rt_testcancel();
		while (t->state != LP_T_FINISHED) {
			lp_rt_block(t, 0, site);
			lp_rt_testcancel();
		}
		lp_self->cancel_point = 0;
		t->joined = 1;
	}
	return real_pthread_join(th, ret);
}

int lp_rt_detach(pthread_t th, uintptr_t site)
{
	lp_rt_sync_point(lp_rt.th, site);
	struct lp_thread *t = lp_rt_find_handle(th);
	if (t)
		lp_rt_touch_thread(t, 1);
	int r = real_pthread_detach(th);
	if (t && r == 0)
		t->detached = 1;
	return r;
}

void lp_rt_main_exit(uintptr_t site) { pthread_setspecific(main_end_key, (void *)site); }

void lp_rt_process_exit(uintptr_t site)
{
	struct lp_thread *self = lp_self;
	if (!lp_rt.on)
		return;
	if (self && self->state != LP_T_FREE && self->state != LP_T_FINISHED && !lp_rt.exiting) {
		self->state = LP_T_EXITING;
		lp_rt.exiting = self;
		lp_rt_point(LP_PT_EXIT, site);
	}
	reap_dying();
	for (unsigned i = 0; i < lp_rt.n; i++)
		if (lp_rt.th[i].state != LP_T_FREE)
			lp_op_check_left(&lp_rt.th[i]);
	for (unsigned i = 0; i < lp_rt.n; i++)
		if (lp_rt.th[i].state != LP_T_FREE && lp_rt.th[i].in_op)
			lp_end(LP_OUT_DEADLOCK); /* an operation can never complete: stuck */
	bool quick = lp_rt.shm->run_flags & LP_RUN_QUICK_EXIT;
	lp_rt.shm->outcome = LP_OUT_COMPLETE;
	lp_rt.on = 0;
	lp_forksrv_pass_turn(); /* the next execution may start */
	if (quick) /* the rest cannot change the outcome, and its output goes nowhere */
		sys_exit_group(0);
	/* what is left (other exit handlers, destructors) runs for real */
}
