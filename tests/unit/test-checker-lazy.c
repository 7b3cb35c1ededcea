/* tests/unit/test-checker-lazy.c — lazy phase 1 in the checker (checker/lazy.c): the
 * witness search asks for serial executions in a given order of operation starts and adds
 * their histories. The "client" here is simulated: two threads run enq then deq on a FIFO
 * queue; a serial execution follows the order asked (its hint while it can), then the lowest
 * thread first. Lazy
 * and eager (every order fed first) must agree on every verdict. Confirming a violation
 * (checker/confirm.c) asks for the refuting executions again, whatever the mode. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test-checker-util.h"

#define NT 2
#define NOPS 2
static const char *const tid_name[NT] = {"0.1", "0.2"};
static int asks, runs;
static bool last_hint; /* the last request had a hint */
static int drift;      /* > 0: runs after the first return it from enq (a library that varies) */

/* The serial execution of order (thread indexes, n of them, the first firm of them a must,
 * the rest a hint followed while it can be) then the default order. */
static bool simulate(const int *order, int n, int firm, struct lp_buf *out)
{
	int done[NT] = {0}, q[NT * NOPS], head = 0, tail = 0;
	lp_buf_puts(out, "history serial\n");
	for (int k = 0;; k++) {
		int t = -1;
		if (k >= firm && k < n && done[order[k]] == NOPS)
			n = k; /* the hint cannot go on: the default order from here */
		if (k < n)
			t = order[k];
		else
			for (int i = 0; i < NT && t < 0; i++)
				if (done[i] < NOPS)
					t = i;
		if (t < 0)
			break;
		if (done[t] == NOPS)
			return false; /* the thread has no operation left to start */
		if (done[t]++ == 0) {
			lp_buf_printf(out, "%s call enq(q, %d)\n", tid_name[t], t + 1);
			if (drift && runs > 1)
				lp_buf_printf(out, "%s ret %d\n", tid_name[t], drift);
			else
				lp_buf_printf(out, "%s ret void\n", tid_name[t]);
			q[tail++] = t + 1;
		} else {
			int v = head < tail ? q[head++] : -1;
			lp_buf_printf(out, "%s call deq(q)\n%s ret %d\n", tid_name[t], tid_name[t],
				      v);
		}
	}
	lp_buf_puts(out, "end\n");
	return true;
}

static bool lazy_ask(void *ctx, const char *request, struct lp_buf *answer)
{
	(void)ctx;
	int order[64], n = 0, firm = -1;
	asks++;
	last_hint = strchr(request, '+') != NULL;
	for (const char *p = request; *p && *p != '\n';) {
		size_t len = strcspn(p, " \n");
		if (len == 1 && *p == '+') {
			firm = n;
			p += 2;
			continue;
		}
		int t = -1;
		for (int i = 0; i < NT; i++)
			if (strlen(tid_name[i]) == len && !memcmp(p, tid_name[i], len))
				t = i;
		assert_true(t >= 0 && n < 64);
		order[n++] = t;
		p += len;
		while (*p == ' ')
			p++;
	}
	runs++;
	if (!simulate(order, n, firm < 0 ? n : firm, answer)) {
		lp_buf_reset(answer);
		lp_buf_puts(answer, "none\n");
	}
	return true;
}

/* Every serial order fed to an eager checker. */
static void feed_all_orders(struct tc *t, int *order, int n, int *left)
{
	bool any = false;
	for (int i = 0; i < NT; i++)
		if (left[i]) {
			any = true;
			left[i]--;
			order[n] = i;
			feed_all_orders(t, order, n + 1, left);
			left[i]++;
		}
	if (!any) {
		struct lp_buf b = {0};
		assert_true(simulate(order, n, n, &b));
		assert_int_equal(tc_feed(t, lp_buf_str(&b)), LP_VERDICT_OK);
		lp_buf_free(&b);
	}
}

static void eager_init(struct tc *t)
{
	int order[NT * NOPS], left[NT];
	tc_init(t, LP_CRIT_LINEARIZABLE);
	for (int i = 0; i < NT; i++)
		left[i] = NOPS;
	runs = 0;
	feed_all_orders(t, order, 0, left);
}

static void lazy_init(struct tc *t)
{
	tc_init(t, LP_CRIT_LINEARIZABLE);
	t->c->lazy = true;
	t->c->ask = lazy_ask;
	t->c->ask_ctx = t;
	asks = runs = 0;
	struct lp_buf b = {0};
	assert_true(simulate(NULL, 0, 0, &b)); /* the first execution, sent as eager sends it */
	runs++;
	assert_int_equal(tc_feed(t, lp_buf_str(&b)), LP_VERDICT_OK);
	lp_buf_free(&b);
}

/* Overlapping enqs, then both deqs: either enq may linearize first. */
static const char pass_late[] = "history concurrent\n0.1 call enq(q, 1)\n0.2 call enq(q, 2)\n"
				"0.2 ret void\n0.1 ret void\n0.2 call deq(q)\n0.2 ret 1\n"
				"0.1 call deq(q)\n0.1 ret 2\nend\n";
/* 0.2's enq(2) returned before 0.1's enq(1) began, yet 0.2 dequeued 1 first. */
static const char fail_order[] = "history concurrent\n0.2 call enq(q, 2)\n0.2 ret void\n"
				 "0.1 call enq(q, 1)\n0.1 ret void\n0.2 call deq(q)\n0.2 ret 1\n"
				 "0.1 call deq(q)\n0.1 ret 2\nend\n";
/* deq of an empty queue while the only enq had returned: no serial order gives -1. */
static const char fail_empty[] = "history concurrent\n0.1 call enq(q, 1)\n0.1 ret void\n"
				 "0.2 call deq(q)\n0.2 ret -1\n0.1 call deq(q)\n0.1 ret -1\n"
				 "0.2 call enq(q, 2)\n0.2 ret void\nend\n";
/* 0.2 runs all it has before 0.1 starts: only the order 0.2 0.2 0.1 0.1 witnesses it. */
static const char pass_other_first[] = "history concurrent\n0.2 call enq(q, 2)\n0.2 ret void\n"
				       "0.2 call deq(q)\n0.2 ret 2\n0.1 call enq(q, 1)\n"
				       "0.1 ret void\n0.1 call deq(q)\n0.1 ret 1\nend\n";

static void test_lazy_agrees_with_eager(void **state)
{
	(void)state;
	const char *cases[] = {pass_late, fail_order, fail_empty, pass_other_first};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct tc e, l;
		eager_init(&e);
		lazy_init(&l);
		int ve = tc_feed(&e, cases[i]), vl = tc_feed(&l, cases[i]);
		assert_int_equal(vl, ve);
		/* 6 orders of 2 x 2 operations: lazy never runs more, and a second check of the
		 * same history asks nothing new */
		assert_true(runs <= 6);
		int before = asks;
		assert_int_equal(tc_feed(&l, cases[i]), ve);
		assert_int_equal(asks, before);
		tc_fini(&e);
		tc_fini(&l);
	}
}

static void test_asks_only_what_the_search_needs(void **state)
{
	(void)state;
	struct tc l;
	lazy_init(&l);
	/* the default order (0.1 first) already witnesses this one */
	static const char serialish[] = "history concurrent\n0.1 call enq(q, 1)\n0.1 ret void\n"
					"0.1 call deq(q)\n0.1 ret 1\n0.2 call enq(q, 2)\n"
					"0.2 ret void\n0.2 call deq(q)\n0.2 ret 2\nend\n";
	assert_int_equal(tc_feed(&l, serialish), LP_VERDICT_OK);
	assert_int_equal(asks, 0);
	/* this one needs 0.2 twice first: the run asked for with "0.2" is hinted on to where
	 * the search goes next (0.2's deq, then 0.1's two), so one run answers it all; nothing
	 * else (0.1's operations start after 0.2's returned, so the search never puts them
	 * first). Without the hint that run went on lowest thread first (0.1) and "0.2 0.2"
	 * was asked too. */
	assert_int_equal(tc_feed(&l, pass_other_first), LP_VERDICT_OK);
	assert_int_equal(asks, 1);
	assert_int_equal(l.c->lasks, 1);
	assert_true(last_hint);
	tc_fini(&l);
}

static void test_violation_report_names_serial_executions(void **state)
{
	(void)state;
	struct tc l;
	lazy_init(&l);
	assert_int_equal(tc_feed(&l, fail_empty), LP_VERDICT_VIOLATION);
	assert_non_null(strstr(lp_buf_str(&l.report), "serial execution"));
	tc_fini(&l);
}

static void test_nondeterminism_found_by_a_lazy_run(void **state)
{
	(void)state;
	struct tc l;
	lazy_init(&l);
	drift = 10;
	/* the search asks for 0.1 then 0.2: that run's enq(q, 1) returns 10, the first run's
	 * returned void after the same (empty) prefix */
	int v = tc_feed(&l, pass_late);
	drift = 0;
	assert_int_equal(v, LP_VERDICT_NONDET);
	assert_non_null(strstr(lp_buf_str(&l.report), "contradicts an earlier serial history"));
	assert_false(l.c->aborted);
	tc_fini(&l);
}

/* An eager checker (every order fed) that answers asks, as lineup-preload does when it
 * confirms a violation (checker/confirm.c); later runs drift when drift is set. */
static void confirm_init(struct tc *t)
{
	eager_init(t);
	t->c->ask = lazy_ask;
	t->c->ask_ctx = t;
	asks = 0;
	runs = 1; /* the eager runs came first: every run asked for is a later one */
}

static int feed_confirmed(struct tc *t, const char *history)
{
	t->c->confirm = true;
	int v = tc_feed(t, history);
	t->c->confirm = false;
	return v;
}

static void test_confirm_reruns_the_refuting_executions(void **state)
{
	(void)state;
	struct tc t;
	confirm_init(&t);
	/* without confirm nothing is asked */
	assert_int_equal(tc_feed(&t, fail_order), LP_VERDICT_VIOLATION);
	assert_int_equal(asks, 0);
	/* a deterministic library: the refuting executions reproduce, the violation stands,
	 * and its points are run once (a second check asks nothing new) */
	assert_int_equal(feed_confirmed(&t, fail_order), LP_VERDICT_VIOLATION);
	assert_true(asks > 0);
	int before = asks;
	assert_int_equal(feed_confirmed(&t, fail_order), LP_VERDICT_VIOLATION);
	assert_int_equal(asks, before);
	/* a passing history asks nothing */
	assert_int_equal(feed_confirmed(&t, pass_late), LP_VERDICT_OK);
	assert_int_equal(asks, before);
	tc_fini(&t);
}

static void test_confirm_finds_a_library_that_varies(void **state)
{
	(void)state;
	const char *cases[] = {fail_order, fail_empty};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct tc t;
		confirm_init(&t);
		drift = 10; /* every serial execution from now on returns 10 from enq */
		int v = feed_confirmed(&t, cases[i]);
		drift = 0;
		assert_int_equal(v, LP_VERDICT_NONDET);
		assert_non_null(strstr(lp_buf_str(&t.report), "were run again"));
		assert_non_null(
		    strstr(lp_buf_str(&t.report), "contradicts an earlier serial history"));
		assert_non_null(strstr(lp_buf_str(&t.report), "The earlier history:"));
		assert_false(t.c->aborted);
		tc_fini(&t);
	}
}

/* A stuck history is refuted where the pending call returned in the observations: that
 * execution is run again too. */
static void test_confirm_stuck(void **state)
{
	(void)state;
	static const char stuck[] = "history concurrent\n0.1 call enq(q, 1)\n0.1 ret void\n"
				    "0.1 call deq(q)\n0.1 ret 1\n0.2 call enq(q, 2)\n"
				    "0.2 ret void\n0.2 call deq(q)\nstuck\nend\n";
	struct tc t;
	confirm_init(&t);
	assert_int_equal(feed_confirmed(&t, stuck), LP_VERDICT_VIOLATION);
	assert_true(asks > 0);
	tc_fini(&t);
	confirm_init(&t);
	drift = 10;
	int v = feed_confirmed(&t, stuck);
	drift = 0;
	assert_int_equal(v, LP_VERDICT_NONDET);
	tc_fini(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_lazy_agrees_with_eager),
	    cmocka_unit_test(test_asks_only_what_the_search_needs),
	    cmocka_unit_test(test_violation_report_names_serial_executions),
	    cmocka_unit_test(test_nondeterminism_found_by_a_lazy_run),
	    cmocka_unit_test(test_confirm_reruns_the_refuting_executions),
	    cmocka_unit_test(test_confirm_finds_a_library_that_varies),
	    cmocka_unit_test(test_confirm_stuck),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
