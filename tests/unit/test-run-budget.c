/* tests/unit/test-run-budget.c — --time-budget's pure parts: durations, the estimate of a
 * bound's schedules, and the coverage and guarantee sentences of a run cut short. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/run/budget.h"

static void durations(void **state)
{
	double s;
	assert_int_equal(lp_duration_parse("90s", &s), 0);
	assert_true(s == 90);
	assert_int_equal(lp_duration_parse("5m", &s), 0);
	assert_true(s == 300);
	assert_int_equal(lp_duration_parse("1h", &s), 0);
	assert_true(s == 3600);
	assert_int_equal(lp_duration_parse("1h30m", &s), 0);
	assert_true(s == 5400);
	assert_int_equal(lp_duration_parse("45", &s), 0);
	assert_true(s == 45);
	assert_int_equal(lp_duration_parse("1.5m", &s), 0);
	assert_true(s == 90);
	const char *bad[] = {"", "0", "0s", "5x", "-1s", "m", "5 m", "s5", "1000000h"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		assert_int_equal(lp_duration_parse(bad[i], &s), -1);
	/* A limit that 0 turns off (--root-cause-time): zero is a value, the rest as above. */
	assert_int_equal(lp_duration_parse_zero("0", &s), 0);
	assert_true(s == 0);
	assert_int_equal(lp_duration_parse_zero("0s", &s), 0);
	assert_true(s == 0);
	assert_int_equal(lp_duration_parse_zero("0.5", &s), 0);
	assert_true(s == 0.5);
	assert_int_equal(lp_duration_parse_zero("2m", &s), 0);
	assert_true(s == 120);
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		if (strcmp(bad[i], "0") && strcmp(bad[i], "0s"))
			assert_int_equal(lp_duration_parse_zero(bad[i], &s), -1);
}

static void bound_estimate(void **state)
{
	/* No seed started yet: the prior mean times the seeds. */
	assert_true(lp_budget_bound_estimate(0, 100, 100, 2.5) == 250);
	/* 10 of 100 seeds started, 50 executions: 5 per seed. */
	assert_true(lp_budget_bound_estimate(50, 100, 90, 2.5) == 500);
	/* Never below what already ran. */
	assert_true(lp_budget_bound_estimate(700, 100, 0, 2.5) == 700);
	/* Bound 1's prior from the root's subtree: its square root. */
	double m = lp_budget_first_mean(16);
	assert_true(m > 3.999 && m < 4.001);
	assert_true(lp_budget_first_mean(0) == 1);
}

static void coverage_text(void **state)
{
	char buf[32];
	assert_string_equal(lp_thousands(12400, buf), "12,400");
	assert_string_equal(lp_thousands(999, buf), "999");
	assert_string_equal(lp_thousands(1234567, buf), "1,234,567");

	struct lp_coverage cv = {.complete_bound = 2,
				 .partial_bound = 3,
				 .partial_done = 410,
				 .partial_total = 1000,
				 .samples = 12400,
				 .sampler = "PCT",
				 .pct_depth = 3,
				 .seed = 1};
	char *t = lp_coverage_text(&cv, -1);
	assert_string_equal(t,
			    "bound 2 complete; bound 3: 41% of its schedules (about 410 of 1,000); "
			    "12,400 random schedules (PCT depth 3, seed 1)");
	free(t);
	/* A bound cut short never reads as complete, whatever the estimate says. */
	cv = (struct lp_coverage){
	    .complete_bound = 0, .partial_bound = 1, .partial_done = 999, .partial_total = 999.4};
	t = lp_coverage_text(&cv, -1);
	assert_string_equal(t,
			    "bound 0 complete; bound 1: 99% of its schedules (about 999 of 999)");
	free(t);
	cv = (struct lp_coverage){.complete_bound = 8, .partial_bound = -1, .exhaustive = true};
	t = lp_coverage_text(&cv, -1);
	assert_string_equal(t, "every schedule (at most 8 preemptions) complete");
	free(t);
	t = lp_coverage_guarantee(&cv, -1);
	assert_string_equal(
	    t, "every schedule has a serial witness (the search ran to its end without a bound)");
	free(t);
	cv = (struct lp_coverage){.complete_bound = -1, .partial_bound = -1, .phase = 1};
	t = lp_coverage_text(&cv, 2);
	assert_string_equal(t, "phase 1 incomplete; no concurrent schedule checked");
	free(t);
	cv = (struct lp_coverage){.complete_bound = -1,
				  .partial_bound = -1,
				  .samples = 1,
				  .sampler = "random",
				  .seed = 9};
	t = lp_coverage_text(&cv, 2);
	assert_string_equal(t, "1 random schedule (uniform choices, seed 9)");
	free(t);
}

static void guarantee_text(void **state)
{
	struct lp_coverage cv = {.complete_bound = 1,
				 .partial_bound = 2,
				 .samples = 100,
				 .sampler = "PCT",
				 .pct_depth = 3,
				 .pct_k = 10,
				 .threads = 2};
	char *g = lp_coverage_guarantee(&cv, -1);
	/* p = 1/(2*10^2) = 0.005; 100 runs miss with probability <= 0.995^100 = 0.606 */
	assert_string_equal(
	    g,
	    "every schedule with at most 1 preemption has a serial witness; bound 2 only in part; "
	    "each PCT run finds a bug of depth 3 with probability >= 1/(n*k^2) = 0.005 (n = 2 "
	    "threads, "
	    "k = 10 scheduling points), so these runs miss one with probability <= 0.606");
	free(g);
	cv = (struct lp_coverage){
	    .complete_bound = -1, .partial_bound = -1, .samples = 5, .sampler = "random"};
	g = lp_coverage_guarantee(&cv, 2);
	assert_string_equal(g, "no preemption bound was checked completely; uniformly random "
			       "schedules carry no probability bound");
	free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(durations), cmocka_unit_test(bound_estimate),
	    cmocka_unit_test(coverage_text), cmocka_unit_test(guarantee_text)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
