/* tests/unit/test-preload-runtime-spin.c — the spin-loop folding of preload/runtime-spin.h on a
 * runtime of two threads: when a thread parks (a loop iteration back to its yield with
 * nothing dependent in between), what unparks it (a dependent step that is no loop
 * iteration), that a parked thread once chosen runs its repeats as one step up to
 * LP_SPIN_FOLD_MAX and then waits, and that the serial phase and writing loops are left
 * alone; and the lock/unlock spin of a thread the library created (liburcu's grace
 * period): anchored at the same lock, from the same frame, on one mutex only, it parks,
 * runs its repeats as one step once it goes on, and never waits. */
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

#define YIELD_SITE 0x1000
#define LOAD_SITE 0x1010

static struct lp_thread *a, *b;

static int setup(void **state)
{
	(void)state;
	memset(&lp_rt, 0, sizeof lp_rt);
	lp_rt.phase = LP_PHASE_CONCURRENT;
	lp_rt.n = 2;
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
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
