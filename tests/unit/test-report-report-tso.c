/* tests/unit/test-report-report-tso.c — stale loads under --memory-model tso: the report's
 * lines and the JSON array, with the stores of its own buffer each load passed. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/report-tso.h"

/* Names the addresses of a pretend pc_inc at 0x1000. */
static char *fake_sym(void *arg, uint64_t addr)
{
	(void)arg;
	char *s = malloc(64);
	snprintf(s, 64, "pc_inc+%#llx", (unsigned long long)(addr - 0x1000));
	return s;
}

/* 0.2 reads 0x5000 while 0.1's store of 1 there is buffered, having passed n of its own. */
static struct lp_rec_tso stale(unsigned n_passed)
{
	struct lp_rec_tso t = {.step = 14,
			       .loader = lp_tid_child(LP_TID_MAIN, 2),
			       .owner = lp_tid_child(LP_TID_MAIN, 1),
			       .load_site = 0x101a,
			       .load_addr = 0x5000,
			       .store_site = 0x100d,
			       .store_addr = 0x5000,
			       .size = 4,
			       .n_passed = n_passed,
			       .val = {1}};
	for (unsigned k = 0; k < LP_TSO_PASSED && k < n_passed; k++) {
		t.passed_site[k] = 0x100d + 7 * k;
		t.passed_addr[k] = 0x5004 + 4 * k;
	}
	return t;
}

static void lines_name_the_passed_stores(void **state)
{
	(void)state;
	struct lp_rec_tso t[] = {stale(2), stale(0), stale(6)};
	struct lp_exec_log log = {.tso = t, .n_tso = 3};
	struct lp_buf b = {0};
	lp_report_stale_loads(&b, &log, fake_sym, NULL);
	const char *want = "  stale load: step 14: %s at pc_inc+0x1a read 0x5000 while %s's store "
			   "of 1 (4 bytes) to 0x5000 at pc_inc+0xd was still buffered\n";
	char l[LP_TID_STRLEN], o[LP_TID_STRLEN], head[256];
	snprintf(head, sizeof head, want, lp_tid_format(t[0].loader, l),
		 lp_tid_format(t[0].owner, o));
	struct lp_buf w = {0};
	lp_buf_printf(&w,
		      "%s    it passed 2 stores of its own, still buffered: at pc_inc+0xd to "
		      "0x5004, at pc_inc+0x14 to 0x5008\n",
		      head);
	lp_buf_puts(&w, head); /* nothing passed: no second line */
	lp_buf_printf(&w,
		      "%s    it passed 6 stores of its own, still buffered (the oldest and the "
		      "newest 3 shown): at pc_inc+0xd to 0x5004, at pc_inc+0x14 to 0x5008, at "
		      "pc_inc+0x1b to 0x500c, at pc_inc+0x22 to 0x5010\n",
		      head);
	assert_string_equal(lp_buf_str(&b), lp_buf_str(&w));
	lp_buf_free(&b);
	lp_buf_free(&w);
}

static void json_has_the_passed_stores(void **state)
{
	(void)state;
	struct lp_rec_tso t[] = {stale(6)};
	struct lp_exec_log log = {.tso = t, .n_tso = 1};
	struct lp_buf b = {0};
	lp_report_stale_loads_json(&b, &log, fake_sym, NULL);
	const char *s = lp_buf_str(&b);
	assert_true(s[0] == '[' && s[strlen(s) - 1] == ']');
	assert_non_null(strstr(s, "{\"step\": 14, \"loader\": \""));
	assert_non_null(strstr(s, "\"load_site\": \"pc_inc+0x1a\", \"load_addr\": \"0x5000\""));
	assert_non_null(strstr(s, "\"store_site\": \"pc_inc+0xd\", \"store_addr\": \"0x5000\", "
				  "\"size\": 4, \"value\": \"1\", \"passed_count\": 6, \"passed\": "
				  "[{\"site\": \"pc_inc+0xd\", \"addr\": \"0x5004\"}, {\"site\": "
				  "\"pc_inc+0x14\", \"addr\": \"0x5008\"}, "));
	assert_non_null(strstr(s, "{\"site\": \"pc_inc+0x22\", \"addr\": \"0x5010\"}]}]"));
	lp_buf_reset(&b);
	log.n_tso = 0;
	lp_report_stale_loads_json(&b, &log, fake_sym, NULL);
	assert_string_equal(lp_buf_str(&b), "[]");
	lp_buf_free(&b);
}

/* Passing loads: a line each after the stale loads, then how many were not kept; the JSON
 * array has the same, with each record's count. */
static void passing_loads_lines_and_json(void **state)
{
	(void)state;
	struct lp_rec_tso_pass p[2] = {{.step = 8,
					.loader = lp_tid_child(LP_TID_MAIN, 1),
					.load_site = 0x101d,
					.load_addr = 0x5004,
					.n_passed = 1,
					.n_more = 2},
				       {.step = 9,
					.loader = lp_tid_child(LP_TID_MAIN, 1),
					.load_site = 0x1037,
					.load_addr = 0x5010,
					.n_passed = 1,
					.n_more = 3}};
	p[0].passed_site[0] = p[1].passed_site[0] = 0x1017;
	p[0].passed_addr[0] = p[1].passed_addr[0] = 0x5008;
	struct lp_exec_log log = {.tso_pass = p, .n_tso_pass = 2};
	struct lp_buf b = {0};
	lp_report_stale_loads(&b, &log, fake_sym, NULL);
	char l[LP_TID_STRLEN], want[512];
	snprintf(want, sizeof want,
		 "  passing load: step 8: %s at pc_inc+0x1d read 0x5004 ahead of 1 store of its "
		 "own, still buffered: at pc_inc+0x17 to 0x5008\n"
		 "  passing load: step 9: %s at pc_inc+0x37 read 0x5010 ahead of 1 store of its "
		 "own, still buffered: at pc_inc+0x17 to 0x5008\n"
		 "  (5 more passing loads: repeats, or past the first %u)\n",
		 lp_tid_format(p[0].loader, l), l, LP_TSO_PASS_NOTES);
	assert_string_equal(lp_buf_str(&b), want);
	lp_buf_reset(&b);
	lp_report_passing_loads_json(&b, &log, fake_sym, NULL);
	const char *s = lp_buf_str(&b);
	assert_non_null(strstr(s, "[{\"step\": 8, \"loader\": \""));
	assert_non_null(strstr(s, "\"load_site\": \"pc_inc+0x1d\", \"load_addr\": \"0x5004\", "
				  "\"passed_count\": 1, \"passed\": [{\"site\": \"pc_inc+0x17\", "
				  "\"addr\": \"0x5008\"}], \"more_not_kept\": 2}, {\"step\": 9"));
	assert_non_null(strstr(s, "\"more_not_kept\": 3}]"));
	lp_buf_reset(&b);
	log.n_tso_pass = 0;
	lp_report_passing_loads_json(&b, &log, fake_sym, NULL);
	assert_string_equal(lp_buf_str(&b), "[]");
	lp_report_stale_loads(&b, &log, fake_sym, NULL);
	assert_string_equal(lp_buf_str(&b), "[]"); /* no line */
	lp_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(lines_name_the_passed_stores),
	    cmocka_unit_test(json_has_the_passed_stores),
	    cmocka_unit_test(passing_loads_lines_and_json),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
