/* tests/unit/test-preload-runtime-spin.c — the spin-loop folding of preload/runtime-spin.h on a
 * runtime of two threads: when a thread parks (a loop iteration back to its yield with
 * nothing dependent in between), what unparks it (a dependent step that is no loop
 * iteration), that a parked thread once chosen runs its repeats as one step up to
 * LP_SPIN_FOLD_MAX and then waits, and that the serial phase and writing loops are left
 * alone; and the lock/unlock spin of a thread the library created (liburcu's grace
 * period): anchored at the same lock, from the same frame, on one mutex only, it parks,
 * runs its repeats as one step once it goes on, and never waits; and read cycles: a client
 * thread in an operation back at a load in the same state waits for a write to a line it
 * read (not for another thread's loads), and only then. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "preload.h"
#include "runtime.h"

struct lp_runtime lp_rt;

/* preload/record.c's, recorded here: what the folding says it gave up */
static int n_warned;
static char warned[512];
void lp_log_text(uint16_t type, lp_tid_t tid, uintptr_t site, const char *msg)
{
	(void)tid;
	(void)site;
	if (type != LP_REC_WARN)
		return;
	n_warned++;
	strncpy(warned, msg, sizeof warned - 1);
}

/* preload/runtime-tso.c's: whether store buffers are on (a PAUSE links a read chain) */
static bool tso;
bool lp_tso_on(void) { return tso; }

#define YIELD_SITE 0x1000
#define LOAD_SITE 0x1010

static struct lp_thread *a, *b;

static int setup(void **state)
{
	(void)state;
	memset(&lp_rt, 0, sizeof lp_rt);
	lp_rt.phase = LP_PHASE_CONCURRENT;
	lp_rt.n = 2;
	tso = false;
	a = &lp_rt.th[0];
	b = &lp_rt.th[1];
	a->tid = LP_TID_MAIN;
	b->tid = LP_TID_MAIN + 1;
	a->state = b->state = LP_T_ENABLED;
	return 0;
}

static struct lp_footprint fp(uint32_t flags, uint64_t obj)
{
	struct lp_footprint f = {.flags = flags};
	if (obj)
		f.obj[f.n++] = obj;
	return f;
}

/* t runs a step that began at `from` and reaches `to` at site. */
static bool step(struct lp_thread *t, uint32_t from, bool reads_only, uint32_t to, uintptr_t site,
		 struct lp_footprint f)
{
	lp_spin_step_start(t, from, reads_only);
	return lp_spin_arrive(t, to, site, &f);
}

/* a enters its wait (not plain), then runs one loop iteration back to its yield */
static void park_a(void)
{
	step(a, LP_PT_OP_START, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET | LP_FP_CALL, 0));
	assert_false(a->spin.parked);
	step(a, LP_PT_YIELD, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0));
	assert_true(a->spin.parked);
}

static void test_parks_and_hears_news(void **state)
{
	(void)state;
	park_a();
	/* client code of b: touches nothing a reads */
	step(b, LP_PT_OP_END, false, LP_PT_OP_START, 0x2000, fp(0, 0));
	assert_true(a->spin.parked);
	/* b's operation runs target code (untracked memory): news */
	step(b, LP_PT_OP_START, false, LP_PT_SYNC, 0x2010, fp(LP_FP_TARGET | LP_FP_CALL, 0));
	assert_false(a->spin.parked);
	/* a's next iteration saw the news: not quiet, not parked */
	step(a, LP_PT_YIELD, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0));
	assert_false(a->spin.parked);
	/* the one after is quiet again */
	step(a, LP_PT_YIELD, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0));
	assert_true(a->spin.parked);
}

static void test_other_loops_are_no_news(void **state)
{
	(void)state;
	park_a();
	/* b spins in the same library: its entry is news, its loop iterations are not */
	step(b, LP_PT_OP_START, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET | LP_FP_CALL, 0));
	assert_false(a->spin.parked);
	step(a, LP_PT_YIELD, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0)); /* saw it */
	assert_false(a->spin.parked);
	step(a, LP_PT_YIELD, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0));
	assert_true(a->spin.parked);
	for (int i = 0; i < 5; i++)
		step(b, LP_PT_YIELD, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0));
	assert_true(a->spin.parked);
	assert_true(b->spin.parked);
}

static void test_block_then_wait(void **state)
{
	(void)state;
	park_a();
	lp_spin_chosen(a);
	assert_true(a->spin.in_block);
	assert_false(a->spin.parked);
	int repeats = 0;
	while (step(a, LP_PT_YIELD, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0)))
		repeats++;
	assert_int_equal(repeats, LP_SPIN_FOLD_MAX - 1);
	assert_true(a->spin.waiting);
	assert_false(a->spin.in_block);
	/* the cut is said, once per execution */
	assert_int_equal(n_warned, 1);
	assert_non_null(strstr(warned, "taken to wait for another thread"));
	lp_spin_chosen(a);
	while (step(a, LP_PT_YIELD, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0)))
		;
	assert_int_equal(n_warned, 1);
	/* a dependent step of b ends the wait */
	step(b, LP_PT_ATOMIC, false, LP_PT_SYNC, 0x2020, fp(LP_FP_TARGET, 0x4000));
	assert_false(a->spin.waiting);
}

static void test_block_follows_the_path(void **state)
{
	(void)state;
	/* an iteration with a trapped read on the way: yield -> read -> yield */
	step(a, LP_PT_OP_START, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET | LP_FP_CALL, 0));
	step(a, LP_PT_YIELD, false, LP_PT_ATOMIC, LOAD_SITE, fp(LP_FP_TARGET, 0));
	step(a, LP_PT_ATOMIC, true, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0x4000));
	assert_true(a->spin.parked);
	lp_spin_chosen(a);
	assert_true(step(a, LP_PT_YIELD, false, LP_PT_ATOMIC, LOAD_SITE, fp(LP_FP_TARGET, 0)));
	assert_true(step(a, LP_PT_ATOMIC, true, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0x4000)));
	/* its counter ran out: it leaves the loop for another point, the block ends there */
	assert_false(step(a, LP_PT_YIELD, false, LP_PT_ATOMIC, 0x1020, fp(LP_FP_TARGET, 0)));
	assert_false(a->spin.in_block);
}

static void test_writing_loop_never_parks(void **state)
{
	(void)state;
	/* a test-and-set loop: its xchg writes */
	step(a, LP_PT_OP_START, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET | LP_FP_CALL, 0));
	for (int i = 0; i < 3; i++) {
		step(a, LP_PT_YIELD, false, LP_PT_ATOMIC, LOAD_SITE, fp(LP_FP_TARGET, 0));
		step(a, LP_PT_ATOMIC, false, LP_PT_YIELD, YIELD_SITE, fp(LP_FP_TARGET, 0x4000));
		assert_false(a->spin.parked);
	}
}

static void test_serial_phase_untouched(void **state)
{
	(void)state;
	lp_rt.phase = LP_PHASE_SERIAL;
	for (int i = 0; i < 3; i++)
		assert_false(step(a, LP_PT_YIELD, false, LP_PT_YIELD, YIELD_SITE, fp(0, 0)));
	assert_false(a->spin.parked);
}

/* Read cycles (runtime-spin.h): a client thread inside an operation spinning on two
 * trapped loads, Peterson-style, at READ1 (line FLAG) and READ2 (line TURN). */
#define READ1 0x4000
#define READ2 0x4010
#define FLAG 0x8000
#define TURN 0x8040
static uint64_t stack[64];
static uint64_t regs[16];

/* t ends a step that began at a trapped load, at the load of line at site (its registers
 * regs, its stack `stack`), then starts the step of that load. */
static void read_at(struct lp_thread *t, uintptr_t site, uint64_t line)
{
	struct lp_footprint f = fp(LP_FP_TARGET, 0);
	lp_spin_read_arrive(t, LP_PT_MEMORY, site, line + 8, regs, &f);
	lp_spin_arrive(t, LP_PT_MEMORY, site, &f);
	lp_spin_step_start(t, LP_PT_MEMORY, true);
}

static void setup_reads(void)
{
	memset(stack, 0, sizeof stack);
	memset(regs, 0, sizeof regs);
	regs[4] = (uint64_t)(uintptr_t)&stack[16]; /* %rsp: 128 bytes of red zone below */
	a->in_op = 1;
	lp_spin_step_start(a, LP_PT_OP_START, false);
}

static void test_read_cycle_waits_for_a_write(void **state)
{
	(void)state;
	setup_reads();
	read_at(a, READ1, FLAG);
	read_at(a, READ2, TURN);
	assert_false(a->spin.waiting);
	read_at(a, READ1, FLAG); /* back where it was, as it was */
	assert_true(a->spin.waiting);
	assert_int_equal(a->spin.fp.n, 2);
	/* b's plain loads write nothing: no news */
	lp_spin_step_start(b, LP_PT_MEMORY, true);
	lp_spin_arrive(b, LP_PT_MEMORY, READ1, &(struct lp_footprint){.flags = LP_FP_TARGET});
	assert_true(a->spin.waiting);
	/* a store to another line by client code (no target code) is no news either */
	lp_spin_step_start(b, LP_PT_MEMORY, false);
	struct lp_footprint other_line = fp(0, 0xc000);
	lp_spin_arrive(b, LP_PT_MEMORY, READ1, &other_line);
	assert_true(a->spin.waiting);
	/* b's store to the turn is */
	lp_spin_step_start(b, LP_PT_MEMORY, false);
	struct lp_footprint turn = fp(0, TURN);
	lp_spin_arrive(b, LP_PT_MEMORY, READ1, &turn);
	assert_false(a->spin.waiting);
	assert_false(a->spin.read_wait);
}

static void test_read_cycle_needs_the_same_state(void **state)
{
	(void)state;
	setup_reads();
	for (int i = 0; i < 4; i++) { /* a loop counter in a register */
		regs[1] = (uint64_t)i;
		read_at(a, READ1, FLAG);
	}
	assert_false(a->spin.waiting);
	regs[1] = 0;
	for (int i = 1; i < 5; i++) { /* one on the stack, in the red zone */
		stack[10] = (uint64_t)i;
		read_at(a, READ1, FLAG);
	}
	assert_false(a->spin.waiting);
	read_at(a, READ1, FLAG);
	assert_true(a->spin.waiting);
}

static void test_read_chain_breaks(void **state)
{
	(void)state;
	setup_reads();
	read_at(a, READ1, FLAG);
	/* a store in between: the loop writes, it is no read cycle */
	struct lp_footprint f = fp(LP_FP_TARGET, 0);
	lp_spin_read_arrive(a, LP_PT_MEMORY, READ2, 0, regs, &f);
	lp_spin_arrive(a, LP_PT_MEMORY, READ2, &f);
	lp_spin_step_start(a, LP_PT_MEMORY, false);
	read_at(a, READ1, FLAG);
	assert_false(a->spin.waiting);
	/* another thread ran in between, reading only: the chain stays */
	lp_spin_step_start(b, LP_PT_MEMORY, true);
	lp_spin_arrive(b, LP_PT_MEMORY, READ1, &(struct lp_footprint){.flags = LP_FP_TARGET});
	lp_spin_chosen(a);
	read_at(a, READ1, FLAG);
	assert_true(a->spin.waiting);
	lp_spin_chosen(a); /* nothing else can run: it reads again */
	/* a step of b that writes another line leaves it, one that writes what it read (or
	 * runs target code, whose accesses nobody tracks) breaks it */
	read_at(a, READ1, FLAG);
	lp_spin_step_start(b, LP_PT_MEMORY, false);
	struct lp_footprint turn = fp(0, TURN), flag = fp(0, FLAG);
	lp_spin_arrive(b, LP_PT_MEMORY, READ1, &turn);
	assert_int_equal(a->spin.n_ring, 1);
	lp_spin_step_start(b, LP_PT_MEMORY, false);
	lp_spin_arrive(b, LP_PT_MEMORY, READ1, &flag);
	assert_int_equal(a->spin.n_ring, 0);
	lp_spin_chosen(a);
	read_at(a, READ1, FLAG);
	assert_false(a->spin.waiting);
	read_at(a, READ1, FLAG);
	assert_true(a->spin.waiting);
	/* chosen while waiting (nothing else can run): it reads again */
	lp_spin_chosen(a);
	assert_false(a->spin.waiting);
}

/* A trapped PAUSE at PAUSE_SITE between the reads, Peterson's wait with PAUSE. */
#define PAUSE_SITE 0x4020
static void pause_at(struct lp_thread *t)
{
	struct lp_footprint f = fp(LP_FP_TARGET, 0);
	lp_spin_read_arrive(t, LP_PT_YIELD, PAUSE_SITE, 0, regs, &f);
	lp_spin_arrive(t, LP_PT_YIELD, PAUSE_SITE, &f);
	lp_spin_step_start(t, LP_PT_YIELD, true);
}

/* Under tso a PAUSE is a link of the chain that reads nothing: back at it in the same
 * state closes a read cycle there, with the lines read between; a flush of another line is
 * no news, one of a line it read is, and its own buffer's flush is none. Under sc (where the
 * runtime cannot tell -g memory) a PAUSE breaks the chain as before. */
static void test_read_cycle_through_pause(void **state)
{
	(void)state;
	setup_reads();
	for (int i = 0; i < 3; i++) {
		read_at(a, READ1, FLAG);
		pause_at(a);
	}
	assert_false(a->spin.read_wait);
	tso = true;
	pause_at(a);
	read_at(a, READ1, FLAG);
	read_at(a, READ2, TURN);
	assert_false(a->spin.read_wait);
	pause_at(a);
	assert_true(a->spin.read_wait);
	assert_int_equal(a->spin.fp.n, 2);
	struct lp_footprint other = fp(LP_FP_TARGET, 0xc000), turn = fp(LP_FP_TARGET, TURN);
	lp_spin_heard(b, &other);
	assert_true(a->spin.read_wait);
	lp_spin_heard(a, &turn); /* its own store: it saw it already */
	assert_true(a->spin.read_wait);
	lp_spin_heard(b, &turn);
	assert_false(a->spin.read_wait);
	assert_false(a->spin.waiting);
}

static void test_read_cycle_only_for_client_ops(void **state)
{
	(void)state;
	setup_reads();
	a->in_op = 0; /* the client's own code */
	for (int i = 0; i < 3; i++)
		read_at(a, READ1, FLAG);
	assert_false(a->spin.waiting);
	a->in_op = 1;
	a->library = 1; /* the library's thread */
	for (int i = 0; i < 3; i++)
		read_at(a, READ1, FLAG);
	assert_false(a->spin.waiting);
	a->library = 0;
	lp_rt.phase = LP_PHASE_SERIAL;
	for (int i = 0; i < 3; i++)
		read_at(a, READ1, FLAG);
	assert_false(a->spin.waiting);
}

/* A library thread's lock/unlock spin on mutex mx: unlock at UNLOCK_SITE, lock at
 * LOCK_SITE, one frame. */
#define LOCK_SITE 0x3000
#define UNLOCK_SITE 0x3010
static pthread_mutex_t mx, other;

static struct lp_footprint on(const void *obj)
{
	return fp(0, (uint64_t)(uintptr_t)obj & ~(uint64_t)63);
}

/* t reaches the unlock of m, then the blocking lock of m from frame; returns whether it
 * was the sole candidate (in a block) at each. */
static bool round_on(struct lp_thread *t, pthread_mutex_t *m, uintptr_t frame)
{
	t->sync_obj = m;
	/* from its lock (acquires m) to its unlock, then from there (releases m) back */
	bool at_unlock = step(t, LP_PT_SYNC, false, LP_PT_SYNC, UNLOCK_SITE, on(m));
	t->lock_wait = m;
	t->lock_frame = frame;
	bool at_lock = step(t, LP_PT_SYNC, false, LP_PT_SYNC, LOCK_SITE, on(m));
	t->lock_wait = NULL;
	t->sync_obj = NULL;
	return at_unlock && at_lock;
}

/* b is the library's thread: it enters the loop (first lock), then spins twice */
static void park_b(void)
{
	b->library = 1;
	step(b, LP_PT_THREAD_START, false, LP_PT_YIELD, 0x2f00, fp(LP_FP_UNKNOWN, 0));
	b->sync_obj = &mx;
	b->lock_wait = &mx;
	b->lock_frame = 0x7000;
	step(b, LP_PT_SYNC, false, LP_PT_SYNC, LOCK_SITE, on(&mx));
	b->lock_wait = NULL;
	round_on(b, &mx, 0x7000);
	assert_false(b->spin.parked); /* the first round has nothing to repeat */
	round_on(b, &mx, 0x7000);
	assert_true(b->spin.parked);
}

static void test_lock_spin_parks_and_folds(void **state)
{
	(void)state;
	park_b();
	/* it goes on: its repeats are one step, at its unlock and at its lock */
	lp_spin_chosen(b);
	assert_true(b->spin.in_block);
	int warned_before = n_warned, repeats = 0;
	while (round_on(b, &mx, 0x7000))
		repeats++;
	assert_int_equal(repeats, LP_SPIN_FOLD_MAX - 1);
	/* out of repeats: parked again, a candidate, never waiting, nothing said */
	assert_true(b->spin.parked);
	assert_false(b->spin.waiting);
	assert_int_equal(n_warned, warned_before);
	/* a step of a on that mutex is news */
	step(a, LP_PT_OP_START, false, LP_PT_SYNC, 0x2010, on(&mx));
	assert_false(b->spin.parked);
}

static void test_lock_spin_needs_same_mutex_and_frame(void **state)
{
	(void)state;
	park_b();
	lp_spin_chosen(b);
	assert_true(round_on(b, &mx, 0x7000));
	/* the same sites from another frame (another caller of a lock wrapper): no repeat */
	assert_false(round_on(b, &mx, 0x7100));
	assert_false(b->spin.in_block);
	assert_false(b->spin.parked);
	/* nor is a round whose unlock is of another mutex at the same site */
	round_on(b, &mx, 0x7000);
	round_on(b, &mx, 0x7000);
	assert_true(b->spin.parked);
	lp_spin_chosen(b);
	b->sync_obj = &other;
	assert_false(step(b, LP_PT_SYNC, false, LP_PT_SYNC, UNLOCK_SITE, on(&other)));
	assert_false(b->spin.in_block);
}

static void test_client_lock_loop_untouched(void **state)
{
	(void)state;
	/* the same rounds by a thread the client created: never parked */
	for (int i = 0; i < 4; i++)
		assert_false(round_on(a, &mx, 0x7000));
	assert_false(a->spin.parked);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup(test_parks_and_hears_news, setup),
	    cmocka_unit_test_setup(test_other_loops_are_no_news, setup),
	    cmocka_unit_test_setup(test_block_then_wait, setup),
	    cmocka_unit_test_setup(test_block_follows_the_path, setup),
	    cmocka_unit_test_setup(test_writing_loop_never_parks, setup),
	    cmocka_unit_test_setup(test_serial_phase_untouched, setup),
	    cmocka_unit_test_setup(test_lock_spin_parks_and_folds, setup),
	    cmocka_unit_test_setup(test_lock_spin_needs_same_mutex_and_frame, setup),
	    cmocka_unit_test_setup(test_client_lock_loop_untouched, setup),
	    cmocka_unit_test_setup(test_read_cycle_waits_for_a_write, setup),
	    cmocka_unit_test_setup(test_read_cycle_needs_the_same_state, setup),
	    cmocka_unit_test_setup(test_read_chain_breaks, setup),
	    cmocka_unit_test_setup(test_read_cycle_only_for_client_ops, setup),
	    cmocka_unit_test_setup(test_read_cycle_through_pause, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
