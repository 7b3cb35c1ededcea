/* tests/unit/test-run-lazy-request.c — the pure half of lazy phase 1 in the cli
 * (cli/run/lazy-request.c): how many serial orders a first execution's operations have
 * (what --phase1 auto decides on), requests into the shared area's order, and a history's
 * call order as a request. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/run/lazy-run.h"

/* A serial history of main's `pre` calls, then threads 0.1..0.T with K calls each (lowest
 * thread first), then main's `post` calls. */
static char *grid(int pre, int threads, int k, int post)
{
	static char buf[16384];
	size_t n = (size_t)snprintf(buf, sizeof buf, "history serial schedule=s:\n");
	for (int i = 0; i < pre; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "0 call q_new()\n0 ret 0x10\n");
	for (int t = 1; t <= threads; t++)
		for (int i = 0; i < k; i++)
			n +=
			    (size_t)snprintf(buf + n, sizeof buf - n,
					     "0.%d call q_add(0x10, %d)\n0.%d ret void\n", t, i, t);
	for (int i = 0; i < post; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "0 call q_take(0x10)\n0 ret 1\n");
	snprintf(buf + n, sizeof buf - n, "end\n");
	return buf;
}

static void test_orders(void **state)
{
	(void)state;
	/* 3x3: 9! / 3!^3, main's set-up before the fork point and its calls after the joins
	 * have no order to choose */
	assert_true(lp_lazy_orders(grid(1, 3, 3, 1), 1) == 1680);
	assert_true(lp_lazy_orders(grid(0, 4, 1, 0), 0) == 24);
	assert_true(lp_lazy_orders(grid(0, 6, 1, 0), 0) == 720);
	assert_true(lp_lazy_orders(grid(1, 4, 4, 0), 1) == 63063000);
	/* main's call before the fork point counted, wrongly, as one to order */
	assert_true(lp_lazy_orders(grid(1, 3, 3, 0), 0) == 16800);
	/* the bundled demo: main's call among a thread's two */
	const char demo[] = "history serial\n0 call q_add(1)\n0 ret void\n0.1 call q_take()\n"
			    "0.1 ret 1\n0.1 call q_take()\n0.1 ret -1\nend\n";
	assert_true(lp_lazy_orders(demo, 0) == 3);
	/* saturates instead of overflowing */
	assert_true(lp_lazy_orders(grid(0, 16, 20, 0), 0) == 1e18);
}

static void test_fill(void **state)
{
	(void)state;
	static struct lp_order o;
	char err[200];
	assert_int_equal(lp_lazy_fill(&o, "0 0.2 0.1.3\n", err, sizeof err), 0);
	assert_int_equal(o.n, 3);
	lp_tid_t t = 0;
	assert_int_equal(lp_tid_parse("0.1.3", &t), 0);
	assert_true(o.tids[0] == LP_TID_MAIN && o.tids[2] == t);
	assert_int_equal(o.firm, 3); /* no hint: every entry must be followed */
	/* a hint after '+': followed as far as it can be (protocol.h, struct lp_order) */
	assert_int_equal(lp_lazy_fill(&o, "0 0.2 + 0.1 0.2\n", err, sizeof err), 0);
	assert_int_equal(o.n, 4);
	assert_int_equal(o.firm, 2);
	assert_int_equal(lp_tid_parse("0.1", &t), 0);
	assert_true(o.tids[2] == t);
	assert_int_equal(lp_lazy_fill(&o, "0 0.2 +\n", err, sizeof err), 0);
	assert_true(o.n == 2 && o.firm == 2);
	assert_int_equal(lp_lazy_fill(&o, "+ 0.1\n", err, sizeof err), -1);
	assert_non_null(strstr(err, "misplaced '+'"));
	assert_int_equal(lp_lazy_fill(&o, "0 + 0.1 + 0.2\n", err, sizeof err), -1);
	assert_non_null(strstr(err, "misplaced '+'"));
	assert_int_equal(lp_lazy_fill(&o, "0 zz\n", err, sizeof err), -1);
	assert_non_null(strstr(err, "'zz'"));
	assert_int_equal(lp_lazy_fill(&o, "\n", err, sizeof err), -1);
	assert_non_null(strstr(err, "empty"));
	/* longer than the shared area holds: refused with the way out */
	char *big = malloc(2 * (LP_MAX_ORDER + 3) + 1);
	for (int i = 0; i < LP_MAX_ORDER + 3; i++)
		memcpy(big + 2 * i, "0 ", 2);
	big[2 * (LP_MAX_ORDER + 3)] = 0;
	assert_int_equal(lp_lazy_fill(&o, big, err, sizeof err), -1);
	assert_non_null(strstr(err, "--phase1 eager"));
	/* a hint that long is cut where the shared area ends: it is only a hint */
	memcpy(big + 2, "+ ", 2);
	assert_int_equal(lp_lazy_fill(&o, big, err, sizeof err), 0);
	assert_true(o.firm == 1 && o.n == LP_MAX_ORDER);
	free(big);
}

static void test_call_order(void **state)
{
	(void)state;
	const char h[] = "history concurrent schedule=c:4@0.2\n0.1 call a()\n0.2 call b()\n"
			 "0.2 ret 1\n0.1 ret 2\n0.2 call c()\nstuck\n";
	char *r = lp_lazy_call_order(h);
	assert_string_equal(r, "0.1 0.2 0.2\n");
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_orders),
	    cmocka_unit_test(test_fill),
	    cmocka_unit_test(test_call_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
