/* tests/unit/test-report-report-trace.c — the `--replay -v` trace from a synthetic execution log:
 * one line per point, switches and preemptions marked, counts per kind, each run of one
 * site symbolized once. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/report-trace.h"

#define T0 ((lp_tid_t)0)
#define T1 ((lp_tid_t)1 << 56) /* 0.1 */
#define T2 ((lp_tid_t)2 << 56) /* 0.2 */

static char *fake_sym(void *arg, uint64_t addr)
{
	int *calls = arg;
	char *s = malloc(32);
	(*calls)++;
	snprintf(s, 32, "f+%#llx", (unsigned long long)addr);
	return s;
}

static const lp_tid_t both[] = {T1, T2};
static const lp_tid_t only1[] = {T1};

static void marks_switches_and_counts(void **state)
{
	struct lp_explore_decision d[] = {
	    {.step = 0,
	     .running = T1,
	     .chosen = T1,
	     .point = LP_PT_OP_START,
	     .n_candidates = 2,
	     .candidates = both},
	    {.step = 1,
	     .running = T1,
	     .chosen = T1,
	     .point = LP_PT_ATOMIC,
	     .n_candidates = 2,
	     .candidates = both},
	    {.step = 2,
	     .running = T1,
	     .chosen = T2,
	     .point = LP_PT_ATOMIC,
	     .n_candidates = 2,
	     .candidates = both},
	    {.step = 3,
	     .running = T2,
	     .chosen = T1,
	     .point = LP_PT_BLOCK,
	     .n_candidates = 1,
	     .candidates = only1},
	};
	uint64_t sites[] = {0, 0x10, 0x10, 0x20};
	struct lp_exec_log log = {.decisions = d, .n_decisions = 4, .sites = sites};
	int calls = 0;
	char *t = lp_trace_text(&log, fake_sym, &calls);
	assert_string_equal(t, "  step 0     0.1      op-start\n"
			       "  step 1     0.1      atomic       f+0x10\n"
			       "  step 2     0.1      atomic       f+0x10  -> 0.2 (preemption)\n"
			       "  step 3     0.2      block        f+0x20  -> 0.1\n"
			       "  4 scheduling points: 1 op-start, 1 block, 2 atomic\n");
	assert_int_equal(calls, 2);
	free(t);
}

static void empty_log(void **state)
{
	struct lp_exec_log log = {0};
	char *t = lp_trace_text(&log, fake_sym, NULL);
	assert_string_equal(t, "  0 scheduling points\n");
	free(t);
}

static void point_names(void **state)
{
	assert_string_equal(lp_point_name(LP_PT_YIELD), "yield");
	assert_string_equal(lp_point_name(LP_PT_EXIT), "exit");
	assert_string_equal(lp_point_name(0), "?");
	assert_string_equal(lp_point_name(999), "?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(marks_switches_and_counts),
	    cmocka_unit_test(empty_log),
	    cmocka_unit_test(point_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
