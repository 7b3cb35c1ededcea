/* tests/unit/test-run-root-cause-budget.c — the root-cause search's budget: by default the
 * time the check took (at least 1 s) and 25 times its executions, whichever ends first;
 * --root-cause-time alone when given; and the line of a search that reached its bound. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/run/root-cause-budget.h"

static void default_budget(void **state)
{
	(void)state;
	/* The check's time, and 25 times its executions. */
	struct lp_rc_budget b = lp_rc_budget_make(840, 1.3, 0);
	assert_true(b.seconds == 1.3 && b.executions == 21000 && !b.given);
	/* A quick small check: at least 1 s and 200 executions. */
	b = lp_rc_budget_make(4, 0.05, 0);
	assert_true(b.seconds == LP_RC_MIN_SECONDS && b.executions == LP_RC_EXEC_MIN);
	/* Whichever ends first. */
	b = lp_rc_budget_make(840, 1.3, 0);
	assert_int_equal(lp_rc_budget_check(&b, 0, 0), LP_RC_GO);
	assert_int_equal(lp_rc_budget_check(&b, 20999, 1.29), LP_RC_GO);
	assert_int_equal(lp_rc_budget_check(&b, LP_RC_TIME_FLOOR, 1.3), LP_RC_STOP_TIME);
	assert_int_equal(lp_rc_budget_check(&b, 21000, 0.5), LP_RC_STOP_EXECS);
	/* The time counts from the 5,000th execution on: a search of that size is never cut
	 * by a slow machine. */
	assert_int_equal(lp_rc_budget_check(&b, LP_RC_TIME_FLOOR - 1, 5), LP_RC_GO);
	assert_int_equal(lp_rc_budget_check(&b, LP_RC_TIME_FLOOR, 5), LP_RC_STOP_TIME);
}

static void given_time(void **state)
{
	(void)state;
	/* --root-cause-time replaces both bounds: no execution limit. */
	struct lp_rc_budget b = lp_rc_budget_make(840, 1.3, 30);
	assert_true(b.seconds == 30 && b.executions == 0 && b.given);
	assert_int_equal(lp_rc_budget_check(&b, 1000000, 29.9), LP_RC_GO);
	assert_int_equal(lp_rc_budget_check(&b, 10, 30), LP_RC_STOP_TIME);
	assert_int_equal(lp_rc_budget_check(&b, 0, 30), LP_RC_STOP_TIME);
	/* Shorter than the check took: that, even below 1 s. */
	b = lp_rc_budget_make(840, 1.3, 0.1);
	assert_true(b.seconds == 0.1);
}

static void stopped_lines(void **state)
{
	(void)state;
	struct lp_rc_budget b = lp_rc_budget_make(840, 1.3, 0);
	struct lp_buf t = {0};
	lp_rc_stopped_line(&t, &b, LP_RC_STOP_TIME, 1.31, 900, 3, "");
	assert_string_equal(t.s, "root causes: stopped after 1.3 s (the time the check took; "
				 "--root-cause-time to give more): 3 candidates tried, none "
				 "removes the violation\n");
	lp_buf_free(&t);
	lp_rc_stopped_line(&t, &b, LP_RC_STOP_EXECS, 9.8, 21000, 1, " at -g memory");
	assert_string_equal(t.s, "root causes: stopped after 21000 executions at -g memory (25 "
				 "times the executions of the check; --root-cause-time to give "
				 "it time instead): 1 candidate tried, it does not remove the "
				 "violation\n");
	lp_buf_free(&t);
	b = lp_rc_budget_make(840, 1.3, 0.1);
	lp_rc_stopped_line(&t, &b, LP_RC_STOP_TIME, 0.1, 12, 0, "");
	assert_string_equal(t.s, "root causes: stopped after 0.1 s (the time --root-cause-time "
				 "gave it): no candidate repair checked to the end\n");
	lp_buf_free(&t);
	assert_string_equal(lp_rc_stop_json(LP_RC_STOP_TIME), "time");
	assert_string_equal(lp_rc_stop_json(LP_RC_STOP_EXECS), "executions");
	assert_null(lp_rc_stop_json(LP_RC_GO));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(default_budget),
	    cmocka_unit_test(given_time),
	    cmocka_unit_test(stopped_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
