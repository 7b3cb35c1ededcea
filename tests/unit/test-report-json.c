/* tests/unit/test-report-json.c — JSON escaping and the report object. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/json.h"

static char *esc(const char *s)
{
	struct lp_buf b = {0};
	lp_json_string(&b, s);
	return lp_buf_take(&b);
}

static void escaping(void **state)
{
	struct {
		const char *in, *out;
	} cases[] = {
	    {"", "\"\""},
	    {"plain", "\"plain\""},
	    {"a\"b\\c", "\"a\\\"b\\\\c\""},
	    {"l1\nl2\tt", "\"l1\\nl2\\tt\""},
	    {"\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\""},
	    {"caf\xc3\xa9", "\"caf\xc3\xa9\""},		   /* valid UTF-8 kept */
	    {"bad\xff\xc3", "\"bad\\u00ff\\u00c3\""},	   /* stray bytes escaped */
	    {"\xed\xa0\x80", "\"\\u00ed\\u00a0\\u0080\""}, /* surrogate rejected */
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char *s = esc(cases[i].in);
		assert_string_equal(s, cases[i].out);
		free(s);
	}
}

static void report(void **state)
{
	const char *targets[] = {"libq.so"};
	const char *instrumented[] = {"libq.so", "libdep.so"};
	char *warn[] = {"w \"1\""};
	struct lp_violation v = {
	    "non-linearizable",
	    "history concurrent\nend\n",
	    "c:4@0.2",
	    "lp --replay c:4@0.2 -- ./c",
	    "why",
	    "  step 4: 0.2 preempts 0.1\n",
	    "root causes ...\n",
	    "[[{\"function\": \"f\", \"start\": 3, \"end\": 9, \"source\": null, "
	    "\"forbids\": 1}]]",
	    NULL,
	    .rc_searched = true,
	    .rc_time_limit = 1.75,
	    .rc_exec_limit = 575,
	    .rc_tried = 2,
	    .rc_stopped_by = "time"};
	struct lp_summary s = {.verdict = LP_RUN_VIOLATION,
			       .targets = targets,
			       .n_targets = 1,
			       .instrumented = instrumented,
			       .n_instrumented = 2,
			       .functions = 3,
			       .p1_executions = 6,
			       .p1_histories = 4,
			       .p1_seconds = 0.25,
			       .p1_speculated = 5,
			       .confirm_executions = 2,
			       .p2_executions = 17,
			       .p2_seconds = 1.5,
			       .p2_workers = 2,
			       .p2_speculated = 9,
			       .p2_wasted = 1,
			       .p2_histories = 21,
			       .p2_commute = true,
			       .p2_trace_runs = 1,
			       .root_cause_executions = 40,
			       .root_cause_seconds = 1.6,
			       .bound = 2,
			       .p2_per_bound = {3, 14},
			       .p2_max_cost = 1,
			       .instrumentation = "sites: 2\n",
			       .reduction = "sleep",
			       .p2_pruned = {5, 2},
			       .warnings = warn,
			       .n_warnings = 1,
			       .violation = &v,
			       .cov = {.complete_bound = 1, .partial_bound = -1}};
	char *j = lp_json_report(&s);
	assert_string_equal(
	    j, "{\"verdict\": \"violation\", \"targets\": [\"libq.so\"], "
	       "\"instrumented\": [\"libq.so\", \"libdep.so\"], \"functions\": 3, "
	       "\"criterion\": \"linearizability\", \"quasi\": [], "
	       "\"phase1\": {\"executions\": 6, \"histories\": 4, \"seconds\": 0.250, \"mode\": "
	       "\"eager\", \"serial_orders\": 0, \"speculated\": 5, \"confirmation_runs\": 2, "
	       "\"derived_by_symmetry\": 0, "
	       "\"symmetric_threads\": null, "
	       "\"golden_model\": null, \"golden_executions\": 0}, "
	       "\"phase2\": {\"executions\": 17, \"preemption_bound\": 2, "
	       "\"executions_by_preemptions\": [3, 14], "
	       "\"reduction\": \"sleep\", \"memory_model\": \"sc\", \"pruned\": 7, "
	       "\"pruned_by_preemptions\": [5, 2], "
	       "\"workers\": 2, \"speculated\": 9, \"speculated_unused\": 1, "
	       "\"histories\": 21, \"calls_commute\": true, \"trace_runs\": 1, "
	       "\"seconds\": 1.500}, "
	       "\"instrumentation\": \"sites: 2\\n\", "
	       "\"warnings\": [\"w \\\"1\\\"\"], \"violation\": {\"kind\": \"non-linearizable\", "
	       "\"history\": \"history concurrent\\nend\\n\", \"schedule\": \"c:4@0.2\", "
	       "\"replay\": \"lp --replay c:4@0.2 -- ./c\", \"report\": \"why\", "
	       "\"switches\": \"  step 4: 0.2 preempts 0.1\\n\", \"preemptions\": [], "
	       "\"closest\": null, \"root_causes\": [[{\"function\": "
	       "\"f\", \"start\": 3, \"end\": 9, \"source\": null, \"forbids\": 1}]], "
	       "\"root_causes_text\": \"root causes ...\\n\", \"fences\": null, \"stale_loads\": "
	       "null, \"passing_loads\": null, "
	       "\"crash\": null, "
	       "\"root_cause_search\": "
	       "{\"executions\": 40, \"seconds\": 1.600, \"time_limit\": 1.750, "
	       "\"execution_limit\": 575, \"candidates_tried\": 2, \"stopped_by\": \"time\"}}, "
	       "\"nondeterminism\": null, \"nondeterminism_histories\": null, "
	       "\"interrupted\": false, \"stopped_by\": null, \"coverage\": {\"text\": \"bound 1 "
	       "complete\", "
	       "\"complete_bound\": 1, \"partial_bound\": -1, \"partial_schedules\": 0, "
	       "\"partial_estimate\": 0, "
	       "\"random_schedules\": 0, \"random_strategy\": null, \"pct_depth\": 0, \"seed\": 0, "
	       "\"time_budget\": 0.000, \"guarantee\": null}}\n");
	free(j);
	/* --root-cause-time: no execution limit; a search that ran to its end */
	v.rc_exec_limit = 0;
	v.rc_stopped_by = NULL;
	j = lp_json_report(&s);
	assert_non_null(strstr(j, "\"execution_limit\": null, \"candidates_tried\": 2, "
				  "\"stopped_by\": null}}"));
	free(j);
	/* --no-root-cause: no search */
	v.rc_searched = false;
	j = lp_json_report(&s);
	assert_non_null(strstr(j, "\"root_cause_search\": null}"));
	free(j);
	s.violation = NULL;
	s.verdict = LP_RUN_OK;
	j = lp_json_report(&s);
	assert_non_null(strstr(j, "\"verdict\": \"no violation found\""));
	assert_non_null(strstr(j, "\"violation\": null, "));
	free(j);
	s.verdict = LP_RUN_NONDETERMINISTIC;
	s.nondeterminism = "first\nsecond\n";
	j = lp_json_report(&s);
	assert_non_null(strstr(j, "\"nondeterminism\": \"first\\nsecond\\n\", "));
	free(j);
}

/* A run ended by a signal says so, and what it covered, in a complete report. */
static void interrupted(void **state)
{
	const char *targets[] = {"libq.so"};
	struct lp_summary s = {.verdict = LP_RUN_OK,
			       .targets = targets,
			       .n_targets = 1,
			       .bound = 2,
			       .cov = {.complete_bound = 1,
				       .partial_bound = 2,
				       .partial_done = 41,
				       .partial_total = 100,
				       .stopped_by = "SIGINT",
				       .phase = 2}};
	char *j = lp_json_report(&s);
	assert_non_null(strstr(j, "\"interrupted\": true, \"stopped_by\": \"SIGINT\", "));
	assert_non_null(strstr(
	    j, "\"text\": \"bound 1 complete; bound 2: 41% of its schedules (about 41 of 100)\""));
	assert_non_null(strstr(
	    j, "\"guarantee\": \"every schedule with at most 1 preemption has a serial witness; "
	       "bound 2 only in part\""));
	assert_string_equal(j + strlen(j) - 3, "}}\n");
	free(j);
}

/* A run that checked nothing never says "no violation found": its verdict says what ended
 * it before what, and the guarantee (none) is still given. */
static void nothing_checked(void **state)
{
	const char *targets[] = {"libq.so"};
	struct lp_summary s = {
	    .verdict = LP_RUN_UNCHECKED,
	    .targets = targets,
	    .n_targets = 1,
	    .bound = 2,
	    .cov = {
		.complete_bound = -1, .partial_bound = -1, .stopped_by = "SIGTERM", .phase = 1}};
	char *v = lp_verdict_text(&s);
	assert_string_equal(v, "nothing checked: SIGTERM ended the run before phase 1 finished");
	free(v);
	char *j = lp_json_report(&s);
	assert_non_null(strstr(j, "{\"verdict\": \"nothing checked\", "));
	assert_non_null(strstr(j, "\"interrupted\": true, \"stopped_by\": \"SIGTERM\", "));
	assert_non_null(
	    strstr(j, "\"guarantee\": \"none: the run ended before phase 1 finished\""));
	free(j);
	s.cov.phase = 2;
	s.cov.stopped_by = "the time budget";
	v = lp_verdict_text(&s);
	assert_string_equal(v, "nothing checked: the time budget ended the run before any "
			       "concurrent history was checked");
	free(v);
	s.cov.stopped_by = NULL;
	v = lp_verdict_text(&s);
	assert_string_equal(v, "nothing checked: no concurrent history could be checked");
	free(v);
	s.verdict = LP_RUN_OK;
	v = lp_verdict_text(&s);
	assert_string_equal(v, "no violation found");
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(escaping), cmocka_unit_test(report),
					   cmocka_unit_test(interrupted),
					   cmocka_unit_test(nothing_checked)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
