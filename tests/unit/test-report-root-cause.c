/* tests/unit/test-report-root-cause.c — root causes on synthetic traces: the conflict cycles and
 * the candidate regions they give, minimality and ranking, and the region rule replayed over
 * a recorded execution (which executions a repair forbids). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/root-cause.h"

#define T1 ((lp_tid_t)1 << 56) /* 0.1 */
#define T2 ((lp_tid_t)2 << 56) /* 0.2 */
#define T3 ((lp_tid_t)3 << 56) /* 0.3 */
#define A 0x5000
#define B 0x5008

/* pop: 0x10 reads items[i], 0x1d clears it; both threads read before either clears. */
static const struct lp_rc_access pop_race[] = {
    {T1, 1, 0x10, A, false, false},
    {T2, 1, 0x10, A, false, false},
    {T2, 1, 0x1d, A, true, false},
    {T1, 1, 0x1d, A, true, false},
};

static void test_two_step_pop(void **state)
{
	(void)state;
	struct lp_rc_cand c[8];
	bool trunc = true;
	size_t n = lp_rc_candidates(pop_race, 4, 0, c, 8, &trunc);
	assert_false(trunc);
	assert_int_equal(n, 1); /* both threads' regions are the same code */
	assert_int_equal(c[0].n, 1);
	assert_int_equal(c[0].r[0].start, 0x10);
	assert_int_equal(c[0].r[0].end, 0x1d);
	assert_int_equal(c[0].size, 2);
	assert_int_equal(c[0].verdict, -1);
}

/* No conflict cycle: the second thread runs after the first; reads never conflict. */
static void test_serial_no_cycle(void **state)
{
	(void)state;
	const struct lp_rc_access serial[] = {
	    {T1, 1, 0x10, A, false, false},
	    {T1, 1, 0x1d, A, true, false},
	    {T2, 1, 0x10, A, false, false},
	    {T2, 1, 0x1d, A, true, false},
	};
	const struct lp_rc_access reads[] = {
	    {T1, 1, 0x10, A, false, false},
	    {T2, 1, 0x10, A, false, false},
	    {T2, 1, 0x14, A, false, false},
	    {T1, 1, 0x14, A, false, false},
	};
	struct lp_rc_cand c[4];
	assert_int_equal(lp_rc_candidates(serial, 4, 0, c, 4, NULL), 0);
	assert_int_equal(lp_rc_candidates(reads, 4, 0, c, 4, NULL), 0);
}

/* A region never spans two operations of a thread, and unknown addresses never conflict. */
static void test_operation_bound(void **state)
{
	(void)state;
	const struct lp_rc_access t[] = {
	    {T1, 1, 0x10, A, false, false}, {T2, 1, 0x10, A, false, false},
	    {T2, 1, 0x1d, A, true, false},  {T1, 2, 0x1d, A, true, false},
	    {T1, 2, 0x30, 0, true, false},  {T2, 1, 0x30, 0, true, false},
	};
	struct lp_rc_cand c[4];
	assert_int_equal(lp_rc_candidates(t, 6, 0, c, 4, NULL), 0);
}

/* Two independent races: x = load+store at 0x20/0x24 on A, flag on B at 0x40/0x48. The
 * candidates come smallest first; each cycle gives its own region. */
static void test_two_races_sorted(void **state)
{
	(void)state;
	const struct lp_rc_access t[] = {
	    {T1, 1, 0x20, A, false, false}, {T2, 1, 0x20, A, false, false},
	    {T2, 1, 0x24, A, true, false},  {T1, 1, 0x24, A, true, false},
	    {T1, 1, 0x40, B, false, false}, {T1, 1, 0x44, 0x9000, false, false},
	    {T2, 1, 0x48, B, true, false},  {T1, 1, 0x48, B, true, false},
	};
	struct lp_rc_cand c[8];
	size_t n = lp_rc_candidates(t, 8, 0, c, 8, NULL);
	assert_true(n >= 2);
	assert_int_equal(c[0].r[0].start, 0x20);
	assert_int_equal(c[0].r[0].end, 0x24);
	bool flag = false;
	for (size_t i = 0; i < n; i++)
		flag |= c[i].n == 1 && c[i].r[0].start == 0x40 && c[i].r[0].end == 0x48;
	assert_true(flag);
	for (size_t i = 1; i < n; i++)
		assert_true(c[i - 1].size <= c[i].size);
}

/* Three threads: T1 writes A then B, T2 reads A... a cycle through all three. */
static void test_three_thread_cycle(void **state)
{
	(void)state;
	const struct lp_rc_access t[] = {
	    {T1, 1, 0x10, A, true, false},	 /* 0 */
	    {T2, 1, 0x50, A, false, false},	 /* 1: T1 -> T2 */
	    {T2, 1, 0x54, B, true, false},	 /* 2 */
	    {T3, 1, 0x90, B, false, false},	 /* 3: T2 -> T3 */
	    {T3, 1, 0x94, 0x6000, true, false},	 /* 4 */
	    {T1, 1, 0x18, 0x6000, false, false}, /* 5: T3 -> T1 closes the cycle */
	};
	struct lp_rc_cand c[4];
	size_t n = lp_rc_candidates(t, 6, 0, c, 4, NULL);
	assert_int_equal(n, 1);
	assert_int_equal(c[0].n, 3);
	assert_int_equal(c[0].r[0].start, 0x10);
	assert_int_equal(c[0].r[0].end, 0x18);
	assert_int_equal(c[0].r[1].start, 0x50);
	assert_int_equal(c[0].r[2].start, 0x90);
	assert_int_equal(c[0].size, 6);
}

static struct lp_rc_cand cand1(lp_tid_t tid, size_t first, size_t last, uint64_t s, uint64_t e,
			       uint64_t size)
{
	struct lp_rc_cand c = {.n = 1, .size = size, .verdict = 1};
	c.r[0] =
	    (struct lp_rc_region){.tid = tid, .first = first, .last = last, .start = s, .end = e};
	return c;
}

static void test_rank_minimal_and_forbids(void **state)
{
	(void)state;
	struct lp_rc_cand c[5];
	c[0] = cand1(T1, 0, 9, 0x10, 0x40, 10); /* contains c[1]: not minimal */
	c[1] = cand1(T1, 2, 4, 0x18, 0x20, 3);
	c[2] = cand1(T2, 0, 1, 0x60, 0x64, 2);
	c[3] = cand1(T2, 5, 6, 0x70, 0x74, 2);
	c[4] = cand1(T2, 7, 8, 0x80, 0x84, 2);
	c[1].forbids = 4;
	c[2].forbids = 1;
	c[3].verdict = 0; /* not a root cause */
	c[4].forbids = 1;
	assert_true(lp_rc_covers(&c[0], &c[1]));
	assert_false(lp_rc_covers(&c[1], &c[0]));
	size_t m = lp_rc_rank(c, 5);
	assert_int_equal(m, 3);
	assert_int_equal(c[0].r[0].start, 0x60); /* forbids 1, then the next by size tie */
	assert_int_equal(c[1].r[0].start, 0x80);
	assert_int_equal(c[2].r[0].start, 0x18);
}

/* Same code found twice (two threads): only one copy is kept. */
static void test_rank_equal_kept_once(void **state)
{
	(void)state;
	struct lp_rc_cand c[2];
	c[0] = cand1(T1, 0, 3, 0x10, 0x1d, 2);
	c[1] = cand1(T2, 1, 2, 0x10, 0x1d, 2);
	assert_int_equal(lp_rc_rank(c, 2), 1);
}

/* A second cycle's regions join a repair; known code is not added twice; a trace's indexes
 * say nothing about another trace's. */
static void test_merge(void **state)
{
	(void)state;
	struct lp_rc_cand a = cand1(T1, 0, 3, 0x40, 0x48, 2), b = cand1(T2, 1, 2, 0x10, 0x1d, 2);
	b.r[0].trace = 1;
	assert_true(lp_rc_merge(&a, &b));
	assert_int_equal(a.n, 2);
	assert_int_equal(a.r[0].start, 0x10); /* sorted by code */
	assert_int_equal(a.r[1].start, 0x40);
	assert_int_equal(a.size, 4);
	assert_false(lp_rc_merge(&a, &b)); /* nothing new */
	assert_int_equal(a.n, 2);
	struct lp_rc_cand c = cand1(T2, 0, 9, 0x70, 0x90, 9);
	c.r[0].trace = 2;
	assert_false(lp_rc_covers(&c, &b)); /* T2 [0,9] of trace 2 does not contain [1,2] of 1 */
	struct lp_rc_cand full = cand1(T1, 0, 1, 0x100, 0x104, 1);
	for (unsigned i = 1; i < LP_RC_MAX_SET; i++)
		full.r[full.n++] = (struct lp_rc_region){
		    .tid = T1, .first = 0, .last = 1, .start = 0x100 + 8 * i, .end = 0x104 + 8 * i};
	assert_false(lp_rc_merge(&full, &b)); /* would not fit */
	assert_int_equal(full.n, LP_RC_MAX_SET);
}

static void test_forbids(void **state)
{
	(void)state;
	struct lp_rc_cand c = cand1(T1, 0, 3, 0x10, 0x1d, 2);
	/* T1 at 0x10 is chosen (runs the read), at 0x1d it is preempted for T2: forbidden */
	const struct lp_rc_step bad[] = {
	    {T1, T1, 0x10, LP_PT_MEMORY, true},
	    {T1, T2, 0x1d, LP_PT_MEMORY, true},
	    {T2, T2, 0x10, LP_PT_MEMORY, true},
	};
	assert_true(lp_rc_forbids(&c, bad, 3));
	/* preempted before the read, and after the clear: allowed */
	const struct lp_rc_step fine[] = {
	    {T1, T2, 0x10, LP_PT_MEMORY, true}, {T2, T2, 0x10, LP_PT_MEMORY, true},
	    {T2, T2, 0x1d, LP_PT_MEMORY, true}, {T2, T1, 0x2a, LP_PT_OP_END, true},
	    {T1, T1, 0x1d, LP_PT_MEMORY, true}, {T1, T2, 0x30, LP_PT_MEMORY, true},
	};
	assert_false(lp_rc_forbids(&c, fine, 6));
	/* blocked inside the region (not a candidate): not a preemption */
	const struct lp_rc_step blocked[] = {
	    {T1, T1, 0x10, LP_PT_MEMORY, true},
	    {T1, T2, 0x1d, LP_PT_BLOCK, false},
	};
	assert_false(lp_rc_forbids(&c, blocked, 2));
	/* the operation ended inside the region: outside from then on */
	const struct lp_rc_step ended[] = {
	    {T1, T1, 0x10, LP_PT_MEMORY, true},
	    {T1, T2, 0x2a, LP_PT_OP_END, true},
	};
	assert_false(lp_rc_forbids(&c, ended, 2));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_two_step_pop),
	    cmocka_unit_test(test_serial_no_cycle),
	    cmocka_unit_test(test_operation_bound),
	    cmocka_unit_test(test_two_races_sorted),
	    cmocka_unit_test(test_three_thread_cycle),
	    cmocka_unit_test(test_rank_minimal_and_forbids),
	    cmocka_unit_test(test_rank_equal_kept_once),
	    cmocka_unit_test(test_merge),
	    cmocka_unit_test(test_forbids),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
