/* tests/unit/test-scheduler-sched-pick.c — candidate sets and default choices (protocol.h rules).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sched-pick.h"

#define T1 ((lp_tid_t)1 << 56)
#define T2 ((lp_tid_t)2 << 56)
#define T3 ((lp_tid_t)3 << 56)

static unsigned cands(uint32_t phase, uint32_t point, struct lp_pick_thread *t, unsigned n,
		      unsigned running, lp_tid_t *out)
{
	return lp_sched_candidates(phase, point, t, n, running, out);
}

static void test_concurrent_all_enabled_sorted(void **state)
{
	(void)state;
	struct lp_pick_thread t[] = {{T2, 1, 1, 0}, {0, 1, 0, 0}, {T1, 0, 0, 0}, {T3, 1, 1, 0}};
	lp_tid_t c[4];
	assert_int_equal(cands(LP_PHASE_CONCURRENT, LP_PT_SYNC, t, 4, 0, c), 3);
	assert_true(c[0] == 0 && c[1] == T2 && c[2] == T3);
}

/* The client's code between operations is not preempted: outside an operation, a harness
 * thread is the sole candidate except where it starts an operation, blocks, yields or ends. */
static void test_concurrent_harness_outside_op_runs_alone(void **state)
{
	(void)state;
	struct lp_pick_thread t[] = {{0, 1, 0, 0}, {T1, 1, 1, 0}, {T2, 1, 0, 0}};
	lp_tid_t c[3];
	static const uint32_t alone[] = {LP_PT_SYNC, LP_PT_ATOMIC, LP_PT_MEMORY, LP_PT_OP_END,
					 LP_PT_THREAD_START};
	for (unsigned i = 0; i < sizeof alone / sizeof alone[0]; i++) {
		assert_int_equal(cands(LP_PHASE_CONCURRENT, alone[i], t, 3, 2, c), 1);
		assert_true(c[0] == T2);
	}
	static const uint32_t open_pts[] = {LP_PT_OP_START, LP_PT_BLOCK, LP_PT_THREAD_EXIT,
					    LP_PT_EXIT};
	for (unsigned i = 0; i < sizeof open_pts / sizeof open_pts[0]; i++)
		assert_int_equal(cands(LP_PHASE_CONCURRENT, open_pts[i], t, 3, 2, c), 3);
	/* inside an operation every enabled thread may go */
	assert_int_equal(cands(LP_PHASE_CONCURRENT, LP_PT_ATOMIC, t, 3, 1, c), 3);
	/* a library thread is preemptible outside operations too */
	t[2].library = 1;
	assert_int_equal(cands(LP_PHASE_CONCURRENT, LP_PT_ATOMIC, t, 3, 2, c), 3);
	/* a blocked harness thread is not a candidate: the others are */
	t[2].library = 0;
	t[2].enabled = 0;
	assert_int_equal(cands(LP_PHASE_CONCURRENT, LP_PT_SYNC, t, 3, 2, c), 2);
}

/* A yield lets the others run: the yielding thread is a candidate only when alone. */
static void test_concurrent_yield_excludes_yielder(void **state)
{
	(void)state;
	struct lp_pick_thread t[] = {{0, 0, 0, 0}, {T1, 1, 1, 0}, {T2, 1, 1, 0}};
	lp_tid_t c[3];
	assert_int_equal(cands(LP_PHASE_CONCURRENT, LP_PT_YIELD, t, 3, 1, c), 1);
	assert_true(c[0] == T2);
	t[2].enabled = 0;
	assert_int_equal(cands(LP_PHASE_CONCURRENT, LP_PT_YIELD, t, 3, 1, c), 1);
	assert_true(c[0] == T1);
}

static void test_serial_op_pending_runs_alone(void **state)
{
	(void)state;
	struct lp_pick_thread t[] = {{0, 1, 0, 0}, {T1, 1, 1, 0}, {T2, 1, 0, 1}};
	lp_tid_t c[3];
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_YIELD, t, 3, 0, c), 1);
	assert_true(c[0] == T1);
}

static void test_serial_sole_running_at_sync(void **state)
{
	(void)state;
	struct lp_pick_thread t[] = {{0, 1, 0, 0}, {T1, 1, 0, 0}, {T2, 1, 0, 1}};
	lp_tid_t c[3];
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_SYNC, t, 3, 1, c), 1);
	assert_true(c[0] == T1);
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_OP_END, t, 3, 1, c), 1);
	/* at an operation start, client code elsewhere runs first (alone, lowest tid) */
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_OP_START, t, 3, 2, c), 1);
	assert_true(c[0] == 0);
}

/* Only operation starts are choices: once every thread that can run stands at one, all of
 * them are candidates, whichever point was reached. */
static void test_serial_branch_only_at_op_starts(void **state)
{
	(void)state;
	struct lp_pick_thread t[] = {{0, 0, 0, 0}, {T1, 1, 0, 1}, {T2, 1, 0, 1}, {T3, 1, 0, 1}};
	lp_tid_t c[4];
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_OP_START, t, 4, 3, c), 3);
	assert_true(c[0] == T1 && c[1] == T2 && c[2] == T3);
	/* main blocked in a join, a thread exiting: the same three */
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_BLOCK, t, 4, 0, c), 3);
	/* a thread just started (not at an op start) runs first, alone */
	t[2].at_op_start = 0;
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_OP_START, t, 4, 3, c), 1);
	assert_true(c[0] == T2);
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_THREAD_EXIT, t, 4, 0, c), 1);
	assert_true(c[0] == T2);
	/* the running thread in client code keeps going at a thread start or an op end */
	t[0].enabled = 1;
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_THREAD_START, t, 4, 0, c), 1);
	assert_true(c[0] == 0);
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_OP_END, t, 4, 2, c), 1);
	assert_true(c[0] == T2);
}

/* A thread yielding in client code gives way: to another thread in client code alone;
 * else it competes with the op starts once, and when spinning only they may go. */
static void test_serial_yield_in_client_code(void **state)
{
	(void)state;
	struct lp_pick_thread t[] = {{0, 1, 0, 0}, {T1, 1, 0, 0}, {T2, 1, 0, 1}};
	lp_tid_t c[3];
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_YIELD, t, 3, 1, c), 1);
	assert_true(c[0] == 0);
	t[0].enabled = 0;
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_YIELD, t, 3, 1, c), 2);
	assert_true(c[0] == T1 && c[1] == T2);
	t[1].spun = 1;
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_YIELD, t, 3, 1, c), 1);
	assert_true(c[0] == T2);
	/* alone (the op start waits for a pending operation): it keeps spinning */
	struct lp_pick_thread p[] = {{0, 0, 1, 0}, {T1, 1, 0, 0, 0, 1}, {T2, 1, 0, 1}};
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_YIELD, p, 3, 1, c), 1);
	assert_true(c[0] == T1);
}

static void test_serial_blocked_op_excludes_op_starts(void **state)
{
	(void)state;
	/* T1 blocked inside its operation; T2 waits to start one; main can run */
	struct lp_pick_thread t[] = {{0, 1, 0, 0}, {T1, 0, 1, 0}, {T2, 1, 0, 1}};
	lp_tid_t c[3];
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_BLOCK, t, 3, 1, c), 1);
	assert_true(c[0] == 0);
	t[0].enabled = 0;
	assert_int_equal(cands(LP_PHASE_SERIAL, LP_PT_BLOCK, t, 3, 1, c), 0); /* stuck */
}

/* -f leaves target calls in client code: every switch point is a choice again. */
static void test_serial_switches_branch_at_every_switch(void **state)
{
	(void)state;
	struct lp_pick_thread t[] = {{0, 1, 0, 0}, {T1, 1, 0, 0}, {T2, 1, 0, 1}};
	lp_tid_t c[3];
	assert_int_equal(lp_sched_candidates_switches(LP_PT_OP_START, t, 3, 2, c), 3);
	assert_int_equal(lp_sched_candidates_switches(LP_PT_SYNC, t, 3, 1, c), 1);
	assert_true(c[0] == T1);
	t[1].in_op = 1;
	assert_int_equal(lp_sched_candidates_switches(LP_PT_BLOCK, t, 3, 0, c), 1);
	assert_true(c[0] == T1);
}

static void test_default_choice(void **state)
{
	(void)state;
	lp_tid_t c[] = {0, T1, T3};
	assert_true(lp_sched_default(c, 3, T1, LP_PT_SYNC) == T1);
	assert_true(lp_sched_default(c, 3, T1, LP_PT_YIELD) == T3);
	/* cyclic, main last: a harness main goes on (its joins) once the others cannot */
	assert_true(lp_sched_default(c, 3, T3, LP_PT_YIELD) == T1);
	assert_true(lp_sched_default(c, 3, T2, LP_PT_BLOCK) == T3); /* T2 not a candidate */
	lp_tid_t one[] = {T1};
	assert_true(lp_sched_default(one, 1, T1, LP_PT_YIELD) == T1);
	lp_tid_t two[] = {0, T1};
	assert_true(lp_sched_default(two, 2, T3, LP_PT_THREAD_EXIT) == T1);
	assert_true(lp_sched_default(two, 2, T1, LP_PT_YIELD) == 0); /* main: the only other */
	assert_true(lp_sched_default(two, 2, 0, LP_PT_SYNC) == 0);   /* main running goes on */
	/* serial executions start operations lowest thread first, whoever ran last (what a
	 * directed run and the schedule derived from it agree on) */
	lp_tid_t at_start[] = {T1, T3};
	assert_true(lp_sched_default_in(LP_PHASE_SERIAL, at_start, 2, T3, LP_PT_OP_START) == T1);
	assert_true(lp_sched_default_in(LP_PHASE_CONCURRENT, at_start, 2, T3, LP_PT_OP_START) ==
		    T3);
	assert_true(lp_sched_default_in(LP_PHASE_SERIAL, at_start, 2, T3, LP_PT_SYNC) == T3);
}

static void test_preemption(void **state)
{
	(void)state;
	lp_tid_t c[] = {0, T1};
	assert_true(lp_sched_is_preemption(c, 2, T1, LP_PT_SYNC, 0));
	assert_false(lp_sched_is_preemption(c, 2, T1, LP_PT_YIELD, 0));
	assert_false(lp_sched_is_preemption(c, 2, T1, LP_PT_SYNC, T1));
	assert_false(lp_sched_is_preemption(c, 2, T2, LP_PT_BLOCK, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_concurrent_all_enabled_sorted),
	    cmocka_unit_test(test_concurrent_harness_outside_op_runs_alone),
	    cmocka_unit_test(test_concurrent_yield_excludes_yielder),
	    cmocka_unit_test(test_serial_op_pending_runs_alone),
	    cmocka_unit_test(test_serial_sole_running_at_sync),
	    cmocka_unit_test(test_serial_blocked_op_excludes_op_starts),
	    cmocka_unit_test(test_serial_branch_only_at_op_starts),
	    cmocka_unit_test(test_serial_yield_in_client_code),
	    cmocka_unit_test(test_serial_switches_branch_at_every_switch),
	    cmocka_unit_test(test_default_choice),
	    cmocka_unit_test(test_preemption),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
