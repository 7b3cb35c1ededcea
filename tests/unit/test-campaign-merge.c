/* tests/unit/test-campaign-merge.c — lineup-preload merge: reports parsed back, a folder read
 * as its *.json files, the lowest failing test winning whatever the shard count, counts
 * cut where an unsharded run stops, and missing or interrupted shards named and never
 * counted as passed. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/campaign/merge.h"
#include "lineup/buf.h"
#include "lineup/exit-codes.h"

/* A report as cli/campaign/campaign-json.c writes it: shard k/n of 12 random tests; statuses
 * of its checked tests in order (its slice k, k+n, ...), '.' for a pass, '1'/'3' a
 * failure; interrupted or not. */
static char *report(unsigned k, unsigned n, const char *statuses, bool interrupted)
{
	struct lp_buf b = {0};
	lp_buf_printf(&b,
		      "{\"mode\": \"random\", \"seed\": 1, \"shape\": \"3x3\", \"interrupted\": "
		      "%s, \"stopped_by\": %s, \"shard\": \"%u/%u\", \"shard_source\": \"option\", "
		      "\"exit\": %d, \"generated\": 12, \"tests\": %zu,\n\"results\": [\n",
		      interrupted ? "true" : "false", interrupted ? "\"SIGTERM\"" : "null", k, n,
		      interrupted ? 143 : 0, strlen(statuses));
	int vio = 0;
	for (size_t i = 0; statuses[i]; i++) {
		int st = statuses[i] == '.' ? 0 : statuses[i] - '0';
		unsigned long long idx = k + i * n;
		if (st == 1 && !vio)
			vio = (int)idx;
		lp_buf_printf(&b,
			      "{\"index\": %llu, \"verdict\": \"x\", \"exit\": %d, "
			      "\"phase1_executions\": 10, \"phase2_executions\": %llu, \"test\": "
			      "\"target l.so\\nthread add(q, 1)\\n\"}%s\n",
			      idx, st, idx, statuses[i + 1] ? "," : "");
	}
	lp_buf_puts(&b, "],\n\"violation\": ");
	if (vio)
		lp_buf_printf(&b,
			      "{\"index\": %d, \"generated_test\": \"g\", \"test\": \"min "
			      "%d\\n\", \"minimisation_runs\": 3, \"minimal\": true}\n}\n",
			      vio, vio);
	else
		lp_buf_puts(&b, "null\n}\n");
	return lp_buf_take(&b);
}

static struct lp_merge_shard sh[8];
static int n_sh;

static void add(unsigned k, unsigned n, const char *statuses, bool interrupted)
{
	char *js = report(k, n, statuses, interrupted), err[400];
	static char names[8][16];
	snprintf(names[n_sh], sizeof names[n_sh], "r%u.json", k);
	int rc = lp_merge_parse(js, names[n_sh], &sh[n_sh], err, sizeof err);
	if (rc)
		fail_msg("%s", err);
	n_sh++;
	free(js);
}

static void reset(void)
{
	for (int i = 0; i < n_sh; i++)
		lp_merge_shard_free(&sh[i]);
	n_sh = 0;
}

static void parse_back(void **state)
{
	(void)state;
	add(2, 3, "..1", false);
	assert_int_equal(sh[0].k, 2);
	assert_int_equal(sh[0].n, 3);
	assert_int_equal(sh[0].generated, 12);
	assert_int_equal(sh[0].n_rows, 3);
	assert_int_equal(sh[0].rows[2].index, 8);
	assert_int_equal(sh[0].first_fail, 8);
	assert_string_equal(sh[0].vtest, "min 8\n");
	assert_int_equal(sh[0].exit, 0);
	reset();
	char err[300];
	struct lp_merge_shard s;
	assert_int_equal(lp_merge_parse("{\"mode\": \"random\"}", "x.json", &s, err, sizeof err),
			 -1);
	assert_non_null(strstr(err, "'x.json' is not the JSON report of a generated-test run"));
	/* a test of another slice: an edited or mixed-up report */
	char *js = report(2, 3, "..", false);
	char *p = strstr(js, "\"index\": 5");
	p[10] = '6';
	assert_int_equal(lp_merge_parse(js, "e.json", &s, err, sizeof err), -1);
	assert_non_null(strstr(err, "not in the order of shard 2/3's tests"));
	lp_merge_shard_free(&s);
	free(js);
}

/* Unsharded: tests 1..12, the first failure at 5. Shards of 3 must give the same. */
static void lowest_failure_wins(void **state)
{
	(void)state;
	struct lp_merge_outcome o;
	char err[300];
	add(1, 3, "..1", false);  /* 1 4 7: fails at 7 */
	add(2, 3, ".1", false);	  /* 2 5: fails at 5 */
	add(3, 3, "....", false); /* 3 6 9 12: all pass */
	assert_int_equal(lp_merge_judge(sh, n_sh, &o, err, sizeof err), 0);
	assert_int_equal(o.first_fail, 5);
	assert_ptr_equal(o.fail, &sh[1]);
	assert_string_equal(o.fail->vtest, "min 5\n");
	assert_int_equal(o.status, LP_EXIT_VIOLATION);
	/* an unsharded run checks 1..5: five tests, phase 2 executions 1+2+3+4+5 */
	assert_int_equal(o.tests, 5);
	assert_int_equal(o.p1, 50);
	assert_int_equal(o.p2, 15);
	assert_int_equal(o.n_unfinished, 0);
	lp_merge_outcome_free(&o);
	reset();
	/* nondeterminism below the violation comes first, as unsharded */
	add(1, 2, "3", false);
	add(2, 2, "1", false);
	assert_int_equal(lp_merge_judge(sh, n_sh, &o, err, sizeof err), 0);
	assert_int_equal(o.first_fail, 1);
	assert_int_equal(o.status, LP_EXIT_NONDETERMINISTIC);
	lp_merge_outcome_free(&o);
	reset();
}

static void all_pass(void **state)
{
	(void)state;
	struct lp_merge_outcome o;
	char err[300];
	add(1, 2, "......", false);
	add(2, 2, "......", false);
	assert_int_equal(lp_merge_judge(sh, n_sh, &o, err, sizeof err), 0);
	assert_int_equal(o.status, LP_EXIT_OK);
	assert_int_equal(o.tests, 12);
	assert_int_equal(o.p2, 78);
	lp_merge_outcome_free(&o);
	reset();
}

static void missing_and_interrupted(void **state)
{
	(void)state;
	struct lp_merge_outcome o;
	char err[300];
	/* shard 2/3 missing: no pass claimed */
	add(1, 3, "....", false);
	add(3, 3, "....", false);
	assert_int_equal(lp_merge_judge(sh, n_sh, &o, err, sizeof err), 0);
	assert_int_equal(o.status, LP_EXIT_USAGE);
	assert_int_equal(o.n_unfinished, 1);
	assert_int_equal(o.unfinished[0], 2);
	assert_int_equal(o.tests, 8);
	lp_merge_outcome_free(&o);
	reset();
	/* shard 2/3 interrupted after two of its four tests */
	add(1, 3, "....", false);
	add(2, 3, "..", true);
	add(3, 3, "....", false);
	assert_int_equal(lp_merge_judge(sh, n_sh, &o, err, sizeof err), 0);
	assert_int_equal(o.status, LP_EXIT_USAGE);
	assert_int_equal(o.n_unfinished, 1);
	assert_int_equal(o.unfinished[0], 2);
	lp_merge_outcome_free(&o);
	reset();
	/* a violation at 4 is real even though shard 3/3 is missing; shard 2/3 interrupted
	 * after test 2 has none of its tests below 4 left unchecked, shard 3/3 has test 3 */
	add(1, 3, ".1", false);
	add(2, 3, ".", true);
	assert_int_equal(lp_merge_judge(sh, n_sh, &o, err, sizeof err), 0);
	assert_int_equal(o.status, LP_EXIT_VIOLATION);
	assert_int_equal(o.first_fail, 4);
	assert_int_equal(o.n_unfinished, 1);
	assert_int_equal(o.unfinished[0], 3);
	lp_merge_outcome_free(&o);
	reset();
	/* a shard whose slice starts above the first failure is not needed */
	add(1, 4, "1", false);
	assert_int_equal(lp_merge_judge(sh, n_sh, &o, err, sizeof err), 0);
	assert_int_equal(o.status, LP_EXIT_VIOLATION);
	assert_int_equal(o.n_unfinished, 0);
	assert_int_equal(o.tests, 1);
	lp_merge_outcome_free(&o);
	reset();
}

static void other_campaigns(void **state)
{
	(void)state;
	struct lp_merge_outcome o;
	char err[300];
	add(1, 3, "....", false);
	add(1, 3, "....", false);
	assert_int_equal(lp_merge_judge(sh, n_sh, &o, err, sizeof err), -1);
	assert_non_null(strstr(err, "are both shard 1/3"));
	reset();
	add(1, 3, "....", false);
	add(2, 2, "......", false);
	assert_int_equal(lp_merge_judge(sh, n_sh, &o, err, sizeof err), -1);
	assert_non_null(strstr(err, "come from different campaigns"));
	reset();
}

static void folder(void **state)
{
	(void)state;
	char dir[] = "/tmp/test-cli-merge.XXXXXX", err[300];
	assert_non_null(mkdtemp(dir));
	char **files;
	int n;
	char *args[] = {dir};
	assert_int_equal(lp_merge_collect(1, args, &files, &n, err, sizeof err), -1);
	assert_non_null(strstr(err, "no *.json report in"));
	const char *names[] = {"r2.json", "r1.json", "notes.txt", ".r3.json.tmp.json"};
	for (int i = 0; i < 4; i++) {
		char p[300];
		snprintf(p, sizeof p, "%s/%s", dir, names[i]);
		FILE *f = fopen(p, "w");
		fclose(f);
	}
	assert_int_equal(lp_merge_collect(1, args, &files, &n, err, sizeof err), 0);
	assert_int_equal(n, 2);
	assert_non_null(strstr(files[0], "/r1.json"));
	assert_non_null(strstr(files[1], "/r2.json"));
	for (int i = 0; i < n; i++)
		free(files[i]);
	free(files);
	char missing[320];
	snprintf(missing, sizeof missing, "%s/none.json", dir);
	char *args2[] = {missing};
	assert_int_equal(lp_merge_collect(1, args2, &files, &n, err, sizeof err), -1);
	assert_non_null(strstr(err, "cannot read report"));
	free(files);
	for (int i = 0; i < 4; i++) {
		char p[300];
		snprintf(p, sizeof p, "%s/%s", dir, names[i]);
		unlink(p);
	}
	rmdir(dir);
}

/* The minimised test's text comes back as campaign-json.c wrote it (the report module's
 * string writer and reader: tabs, quotes, a letter past ASCII). */
static void escapes(void **state)
{
	(void)state;
	char *js = report(1, 1, "1", false), err[300];
	struct lp_buf b = {0};
	const char *at = strstr(js, "\"min 1\\n\"");
	assert_non_null(at);
	lp_buf_add(&b, js, (size_t)(at - js));
	lp_buf_puts(&b, "\"min\\t\\\"1\\\" caf\\u00e9\\n\"");
	lp_buf_puts(&b, at + strlen("\"min 1\\n\""));
	struct lp_merge_shard s;
	assert_int_equal(lp_merge_parse(lp_buf_str(&b), "e.json", &s, err, sizeof err), 0);
	assert_string_equal(s.vtest, "min\t\"1\" caf\xc3\xa9\n");
	lp_merge_shard_free(&s);
	lp_buf_free(&b);
	free(js);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(parse_back),      cmocka_unit_test(lowest_failure_wins),
	    cmocka_unit_test(all_pass),	       cmocka_unit_test(missing_and_interrupted),
	    cmocka_unit_test(other_campaigns), cmocka_unit_test(folder),
	    cmocka_unit_test(escapes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
