/* tests/unit/test-checker-checker.c — verdicts on the Line-Up paper's examples and on the
 * other criteria: queue (Figure 1), counter (2.2.1), manual-reset event (Figure 9, stuck),
 * nondeterminism, sequential consistency, quasi linearizability, observations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test-checker-util.h"

/* Thread 0.1 adds 200 then 400, 0.2 tries twice to take (examples/ has the full file). */
static const char queue_serial[] =
    "history serial\n0.1 call add(q, 200)\n0.1 ret void\n0.1 call add(q, 400)\n0.1 ret void\n"
    "0.2 call trytake(q)\n0.2 ret 200\n0.2 call trytake(q)\n0.2 ret 400\nend\n"
    "history serial\n0.1 call add(q, 200)\n0.1 ret void\n0.2 call trytake(q)\n0.2 ret 200\n"
    "0.1 call add(q, 400)\n0.1 ret void\n0.2 call trytake(q)\n0.2 ret 400\nend\n"
    "history serial\n0.1 call add(q, 200)\n0.1 ret void\n0.2 call trytake(q)\n0.2 ret 200\n"
    "0.2 call trytake(q)\n0.2 ret -1\n0.1 call add(q, 400)\n0.1 ret void\nend\n"
    "history serial\n0.2 call trytake(q)\n0.2 ret -1\n0.1 call add(q, 200)\n0.1 ret void\n"
    "0.1 call add(q, 400)\n0.1 ret void\n0.2 call trytake(q)\n0.2 ret 200\nend\n"
    "history serial\n0.2 call trytake(q)\n0.2 ret -1\n0.1 call add(q, 200)\n0.1 ret void\n"
    "0.2 call trytake(q)\n0.2 ret 200\n0.1 call add(q, 400)\n0.1 ret void\nend\n"
    "history serial\n0.2 call trytake(q)\n0.2 ret -1\n0.2 call trytake(q)\n0.2 ret -1\n"
    "0.1 call add(q, 200)\n0.1 ret void\n0.1 call add(q, 400)\n0.1 ret void\nend\n";

static void test_queue_figure1(void **state)
{
	struct tc t;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_feed(&t, queue_serial), LP_VERDICT_OK);
	/* overlapping take sees the add: fine */
	assert_int_equal(tc_feed(&t,
				 "history concurrent\n0.1 call add(q,200)\n0.2 call trytake(q)\n"
				 "0.1 ret void\n0.2 ret 200\n0.1 call add(q,400)\n0.1 ret void\n"
				 "0.2 call trytake(q)\n0.2 ret 400\nend\n"),
			 LP_VERDICT_OK);
	/* overlapping take misses the add: also fine (linearized before it) */
	assert_int_equal(tc_feed(&t,
				 "history concurrent\n0.1 call add(q, 200)\n0.2 call trytake(q)\n"
				 "0.1 ret void\n0.2 ret -1\n0.1 call add(q, 400)\n0.1 ret void\n"
				 "0.2 call trytake(q)\n0.2 ret 200\nend\n"),
			 LP_VERDICT_OK);
	/* take starts after add(200) returned, yet reports empty */
	assert_int_equal(
	    tc_feed(&t, "history concurrent schedule=c:5@0.1\n0.1 call add(q, 200)\n0.1 ret void\n"
			"0.2 call trytake(q)\n0.1 call add(q, 400)\n0.1 ret void\n0.2 ret -1\n"
			"0.2 call trytake(q)\n0.2 ret 200\nend\n"),
	    LP_VERDICT_VIOLATION);
	const char *r = tc_report(&t);
	assert_non_null(strstr(r, "schedule=c:5@0.1"));
	assert_non_null(strstr(r, "thread 0.1   add(q, 200); add(q, 400)"));
	assert_non_null(strstr(r, "no serial execution in which 0.2's trytake(q) returns -1 at "
				  "this point: the serial executions return 200"));
	assert_non_null(strstr(r, "agrees with the history on 2 operations"));
	assert_int_equal(t.nviol, 1);
	assert_null(strstr(r, "Warning: no serial history"));
	/* another queue address: the observations do not cover the test, and the report says so */
	lp_buf_reset(&t.report);
	assert_int_equal(
	    tc_feed(&t,
		    "history concurrent\n0.1 call add(q2, 200)\n0.1 ret void\n0.1 call add(q2, "
		    "400)\n0.1 ret void\n"
		    "0.2 call trytake(q2)\n0.2 ret 200\n0.2 call trytake(q2)\n0.2 ret 400\nend\n"),
	    LP_VERDICT_VIOLATION);
	assert_non_null(strstr(
	    tc_report(&t), "Warning: no serial history has thread 0.1 call add(q2, 200) at all"));
	tc_fini(&t);
}

/* Section 2.2.1: a counter whose get may see a lost increment. */
static const char counter_serial[] = "history serial\n0.1 call inc(c)\n0.1 ret void\n0.2 call "
				     "inc(c)\n0.2 ret void\n0.2 call get(c)\n0.2 ret 2\nend\n"
				     "history serial\n0.2 call inc(c)\n0.2 ret void\n0.1 call "
				     "inc(c)\n0.1 ret void\n0.2 call get(c)\n0.2 ret 2\nend\n"
				     "history serial\n0.2 call inc(c)\n0.2 ret void\n0.2 call "
				     "get(c)\n0.2 ret 1\n0.1 call inc(c)\n0.1 ret void\nend\n";

static void test_counter(void **state)
{
	struct tc t;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_feed(&t, counter_serial), LP_VERDICT_OK);
	assert_int_equal(
	    tc_feed(&t, "history concurrent\n0.1 call inc(c)\n0.2 call inc(c)\n0.2 ret void\n"
			"0.2 call get(c)\n0.2 ret 1\n0.1 ret void\nend\n"),
	    LP_VERDICT_OK);
	/* both increments done before get, yet get says 1: a lost update */
	assert_int_equal(
	    tc_feed(&t, "history concurrent\n0.1 call inc(c)\n0.2 call inc(c)\n0.2 ret void\n"
			"0.1 ret void\n0.2 call get(c)\n0.2 ret 1\nend\n"),
	    LP_VERDICT_VIOLATION);
	tc_fini(&t);
}

/* Figure 9: manual-reset event. Serially, wait blocks only if set has not happened. */
static const char event_serial[] =
    "history serial\n0.2 call set(e)\n0.2 ret void\n0.1 call wait(e)\n0.1 ret void\nend\n"
    "history serial\n0.1 call wait(e)\nstuck\nend\n";

static void test_event_stuck(void **state)
{
	struct tc t;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_feed(&t, event_serial), LP_VERDICT_OK);
	/* wait blocks forever though set completed: unjustified */
	assert_int_equal(
	    tc_feed(&t, "history concurrent\n0.1 call wait(e)\n0.2 call set(e)\n0.2 ret void\n"
			"stuck\nend\n"),
	    LP_VERDICT_VIOLATION);
	assert_non_null(strstr(tc_report(&t), "is stuck without justification"));
	assert_non_null(strstr(tc_report(&t),
			       "no serial execution in which 0.1's wait(e) blocks forever here: "
			       "in the serial executions it returns void"));
	tc_fini(&t);
}

static void test_event_stuck_justified(void **state)
{
	struct tc t;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(
	    tc_feed(
		&t,
		"history serial\n0.2 call reset(e)\n0.2 ret void\n0.1 call wait(e)\nstuck\nend\n"
		"history serial\n0.1 call wait(e)\nstuck\nend\n"),
	    LP_VERDICT_OK);
	assert_int_equal(
	    tc_feed(&t, "history concurrent\n0.1 call wait(e)\n0.2 call reset(e)\n0.2 ret void\n"
			"stuck\nend\n"),
	    LP_VERDICT_OK);
	/* both threads blocked: each pending op needs its own stuck witness */
	assert_int_equal(
	    tc_feed(&t, "history serial\n0.2 call wait(e)\nstuck\nend\n"
			"history concurrent\n0.1 call wait(e)\n0.2 call wait(e)\nstuck\nend\n"),
	    LP_VERDICT_OK);
	tc_fini(&t);
}

static void test_nondet_result(void **state)
{
	struct tc t;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(
	    tc_feed(&t, "history serial\n0 call f()\n0 ret 1\n0.1 call g(2)\n0.1 ret 7\nend\n"
			"history serial\n0 call f()\n0 ret 1\n0.1 call g(2)\n0.1 ret 8\nend\n"),
	    LP_VERDICT_NONDET);
	const char *r = tc_report(&t);
	assert_non_null(strstr(r, "after the same 2 events, thread 0.1's g(2) returned 7 in the "
				  "earlier one but returned 8 in this one"));
	assert_non_null(strstr(r, "0.1 ret 7"));
	assert_non_null(strstr(r, "0.1 ret 8"));
	tc_fini(&t);
}

static void test_nondet_stuck(void **state)
{
	struct tc t;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_feed(&t, "history serial\n0.1 call take(q)\nstuck\nend\n"
				     "history serial\n0.1 call take(q)\n0.1 ret 0\nend\n"),
			 LP_VERDICT_NONDET);
	assert_non_null(strstr(
	    tc_report(&t), "never returned (stuck) in the earlier one but returned 0 in this one"));
	tc_fini(&t);
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_feed(&t, "history serial\n0.1 call take(q)\n0.1 ret 0\nend\n"
				     "history serial\n0.1 call take(q)\nstuck\nend\n"),
			 LP_VERDICT_NONDET);
	assert_non_null(strstr(
	    tc_report(&t), "returned 0 in the earlier one but never returns (stuck) in this one"));
	/* the same history twice is no contradiction */
	assert_int_equal(tc_feed(&t, "history serial\n0.1 call take(q)\n0.1 ret 0\nend\n"),
			 LP_VERDICT_OK);
	tc_fini(&t);
}

static const char add_take_serial[] =
    "history serial\n0.1 call add(q, 1)\n0.1 ret void\n0.2 call trytake(q)\n0.2 ret 1\nend\n"
    "history serial\n0.2 call trytake(q)\n0.2 ret -1\n0.1 call add(q, 1)\n0.1 ret void\nend\n";
static const char add_then_empty[] =
    "history concurrent\n0.1 call add(q, 1)\n0.1 ret void\n0.2 call trytake(q)\n0.2 ret -1\nend\n";

static void test_sequential_not_linearizable(void **state)
{
	struct tc t;
	tc_init(&t, LP_CRIT_SEQUENTIAL);
	assert_int_equal(tc_feed(&t, add_take_serial), LP_VERDICT_OK);
	assert_int_equal(tc_feed(&t, add_then_empty), LP_VERDICT_OK);
	tc_fini(&t);
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_feed(&t, add_take_serial), LP_VERDICT_OK);
	assert_int_equal(tc_feed(&t, add_then_empty), LP_VERDICT_VIOLATION);
	assert_non_null(
	    strstr(tc_report(&t), "no serial execution in which 0.2's trytake(q) returns -1"));
	tc_fini(&t);
}

/* 0.1 enqueues 1, 2, 3 then 0.2 dequeues three times: the serial FIFO answers. */
static const char fifo_serial[] =
    "history serial\n0.1 call enq(1)\n0.1 ret void\n0.1 call enq(2)\n0.1 ret void\n0.1 call "
    "enq(3)\n0.1 ret void\n"
    "0.2 call deq()\n0.2 ret 1\n0.2 call deq()\n0.2 ret 2\n0.2 call deq()\n0.2 ret 3\nend\n";

static int quasi_verdict(const char *spec, const char *results)
{
	struct tc t;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	if (spec)
		assert_int_equal(tc_quasi(&t, spec), 0);
	char h[512];
	snprintf(
	    h, sizeof(h),
	    "history concurrent\n0.1 call enq(1)\n0.1 ret void\n0.1 call enq(2)\n0.1 ret void\n"
	    "0.1 call enq(3)\n0.1 ret void\n0.2 call deq()\n0.2 ret %c\n0.2 call deq()\n"
	    "0.2 ret %c\n0.2 call deq()\n0.2 ret %c\nend\n",
	    results[0], results[1], results[2]);
	assert_int_equal(tc_feed(&t, fifo_serial), LP_VERDICT_OK);
	int v = tc_feed(&t, h);
	tc_fini(&t);
	return v;
}

static void test_quasi(void **state)
{
	assert_int_equal(quasi_verdict(NULL, "123"), LP_VERDICT_OK);
	assert_int_equal(quasi_verdict(NULL, "213"), LP_VERDICT_VIOLATION);
	assert_int_equal(quasi_verdict("deq=0", "213"), LP_VERDICT_VIOLATION);
	assert_int_equal(quasi_verdict("deq=1", "213"), LP_VERDICT_OK);
	assert_int_equal(quasi_verdict("deq=1", "132"), LP_VERDICT_OK);
	assert_int_equal(quasi_verdict("deq=1", "231"), LP_VERDICT_VIOLATION); /* 1 moved by 2 */
	assert_int_equal(quasi_verdict("deq=2", "231"), LP_VERDICT_OK);
	assert_int_equal(quasi_verdict("deq=2", "321"), LP_VERDICT_OK);
	assert_int_equal(quasi_verdict("enq=5", "213"),
			 LP_VERDICT_VIOLATION); /* other functions: factor 0 */
	assert_int_equal(quasi_verdict("deq=2", "113"),
			 LP_VERDICT_VIOLATION); /* not a permutation */
	struct tc t;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_quasi(&t, "deq"), -1);
	assert_int_equal(tc_quasi(&t, "deq=x"), -1);
	assert_int_equal(tc_quasi(&t, "deq()=1"), -1);
	tc_fini(&t);
}

static void test_quasi_refuses_long_history(void **state)
{
	struct tc t;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_quasi(&t, "deq=1"), 0);
	struct lp_buf b = {0};
	lp_buf_puts(&b, "history serial\n0 call f()\n0 ret 1\nend\nhistory concurrent\n");
	for (int i = 0; i <= LP_QUASI_MAX_OPS; i++)
		lp_buf_puts(&b, "0 call f()\n0 ret 1\n");
	lp_buf_puts(&b, "end\n");
	assert_int_equal(tc_feed(&t, lp_buf_str(&b)), TV_ERROR);
	assert_non_null(strstr(
	    t.err,
	    "test:5: history has 10001 operations, more than the 10000 that --quasi can check"));
	lp_buf_free(&b);
	tc_fini(&t);
}

static void test_observations_read_back(void **state)
{
	struct tc t, u;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_feed(&t, queue_serial), LP_VERDICT_OK);
	assert_int_equal(tc_feed(&t, event_serial), LP_VERDICT_OK);
	struct lp_buf out = {0};
	lp_checker_observations(t.c, &out);
	assert_non_null(strstr(lp_buf_str(&out), "8 serial histories, 6 distinct observations"));
	assert_non_null(strstr(lp_buf_str(&out), "#   thread 0.1: wait(e) -> (blocks forever)"));
	tc_init(&u, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_feed(&u, lp_buf_str(&out)), LP_VERDICT_OK);
	assert_int_equal(u.c->trie.nhist, 8);
	assert_int_equal(u.c->trie.nnodes, t.c->trie.nnodes);
	lp_buf_free(&out);
	tc_fini(&t);
	tc_fini(&u);
}

/* Thread ids are any token without spaces (lineup-history(5)): the counter of section
 * 2.2.1 with ids written by another tool, checked, reported and written back as written. */
static void test_free_form_thread_ids(void **state)
{
	struct tc t, u;
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_feed(&t,
				 "history serial\nT2 call inc(c)\nT2 ret void\nworker-3 call "
				 "inc(c)\nworker-3 ret void\nT2 call get(c)\nT2 ret 2\nend\n"
				 "history serial\nworker-3 call inc(c)\nworker-3 ret void\nT2 call "
				 "inc(c)\nT2 ret void\nT2 call get(c)\nT2 ret 2\nend\n"
				 "history serial\nT2 call inc(c)\nT2 ret void\nT2 call get(c)\nT2 "
				 "ret 1\nworker-3 call inc(c)\nworker-3 ret void\nend\n"),
			 LP_VERDICT_OK);
	assert_int_equal(
	    tc_feed(&t, "history concurrent\nworker-3 call inc(c)\nT2 call inc(c)\nT2 ret void\n"
			"T2 call get(c)\nT2 ret 1\nworker-3 ret void\nend\n"),
	    LP_VERDICT_OK);
	assert_int_equal(
	    tc_feed(&t, "history concurrent\nworker-3 call inc(c)\nT2 call inc(c)\nT2 ret void\n"
			"worker-3 ret void\nT2 call get(c)\nT2 ret 1\nend\n"),
	    LP_VERDICT_VIOLATION);
	const char *r = tc_report(&t);
	assert_non_null(strstr(r, "  thread T2       inc(c); get(c)\n"));
	assert_non_null(strstr(r, "  thread worker-3 inc(c)\n"));
	assert_non_null(strstr(r, "    worker-3 call inc(c)\n"));
	struct lp_buf out = {0};
	lp_checker_observations(t.c, &out);
	assert_non_null(strstr(lp_buf_str(&out), "#   thread worker-3: inc(c) -> void;"));
	tc_init(&u, LP_CRIT_LINEARIZABLE);
	assert_int_equal(tc_feed(&u, lp_buf_str(&out)), LP_VERDICT_OK);
	assert_int_equal(u.c->trie.nnodes, t.c->trie.nnodes);
	lp_buf_free(&out);
	tc_fini(&t);
	tc_fini(&u);
	/* numeric ids and paths: 1 and 2 are two threads; 0.1 and 0.01 too */
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	assert_int_equal(
	    tc_feed(&t, "history serial\n2 call f()\n2 ret 1\n1 call f()\n1 ret 2\nend\n"),
	    LP_VERDICT_OK);
	assert_int_equal(
	    tc_feed(&t, "history concurrent\n1 call f()\n2 call f()\n2 ret 1\n1 ret 2\nend\n"),
	    LP_VERDICT_OK);
	assert_int_equal(
	    tc_feed(&t, "history concurrent\n1 call f()\n1 ret 2\n2 call f()\n2 ret 1\nend\n"),
	    LP_VERDICT_VIOLATION);
	tc_fini(&t);
}

static void test_tid_order(void **state)
{
	const char *sorted[] = {"0", "0.1", "0.1.1", "0.2", "0.10", "1",
				"2", "10",  "T1",    "T10", "T2",   "worker-3"};
	size_t n = sizeof(sorted) / sizeof(*sorted);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			int c = lp_hist_tid_cmp(sorted[i], sorted[j]);
			assert_int_equal(c, i < j ? -1 : i > j);
		}
	assert_int_not_equal(lp_hist_tid_cmp("0.1", "0.01"), 0);
	assert_int_equal(lp_hist_tid_cmp("0.1", "0.01"), -lp_hist_tid_cmp("0.01", "0.1"));
}

/* Reports stay linear in the history: 1,000 threads x 2 operations gave 31 MB. */
static void test_report_capped(void **state)
{
	struct tc t;
	struct lp_buf b = {0};
	tc_init(&t, LP_CRIT_LINEARIZABLE);
	lp_buf_puts(&b, "history serial\n");
	for (int i = 0; i < 1000; i++)
		lp_buf_printf(&b,
			      "0.1.%d call reg_write(%d)\n0.1.%d ret void\n0.1.%d call "
			      "reg_read()\n0.1.%d ret %d\n",
			      i, i, i, i, i, i);
	lp_buf_puts(&b, "end\nhistory concurrent\n");
	for (int i = 0; i < 1000; i++)
		lp_buf_printf(&b,
			      "0.1.%d call reg_write(%d)\n0.1.%d ret void\n0.1.%d call "
			      "reg_read()\n0.1.%d ret %d\n",
			      i, i, i, i, i, i == 999 ? 0 : i);
	lp_buf_puts(&b, "end\n");
	assert_int_equal(tc_feed(&t, lp_buf_str(&b)), LP_VERDICT_VIOLATION);
	const char *r = tc_report(&t);
	assert_true(strlen(r) <
		    20 * b.len / 4); /* linear: a small multiple of the concurrent history */
	assert_true(strlen(r) < 1000000);
	assert_non_null(strstr(r, "... 984 more threads not shown"));
	assert_non_null(strstr(
	    r,
	    "  thread 0.1.10 reg_write(10); reg_read()\n")); /* the id does not run into the call */
	assert_null(strstr(r, "0.1.10reg_write"));
	lp_buf_free(&b);
	tc_fini(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_queue_figure1),
	    cmocka_unit_test(test_counter),
	    cmocka_unit_test(test_event_stuck),
	    cmocka_unit_test(test_event_stuck_justified),
	    cmocka_unit_test(test_nondet_result),
	    cmocka_unit_test(test_nondet_stuck),
	    cmocka_unit_test(test_sequential_not_linearizable),
	    cmocka_unit_test(test_quasi),
	    cmocka_unit_test(test_quasi_refuses_long_history),
	    cmocka_unit_test(test_observations_read_back),
	    cmocka_unit_test(test_free_form_thread_ids),
	    cmocka_unit_test(test_tid_order),
	    cmocka_unit_test(test_report_capped),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
