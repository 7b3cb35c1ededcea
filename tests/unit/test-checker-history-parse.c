/* tests/unit/test-checker-history-parse.c — the strict history parser: accepted forms,
 * normalisation, and every rejection rule with its file:line message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "checker/history.h"
#include "test-checker-util.h"

struct pr {
	struct lp_intern *strs;
	struct lp_hist_parser *p;
	int ndone;
	char err[1100];
	int nerr;
};

/* Feeds text (NUL bytes allowed through len) and counts histories and errors. */
static void feed(struct pr *r, const char *text, size_t len)
{
	r->strs = lp_intern_new();
	r->p = lp_hist_parser_new(r->strs, "in.h");
	size_t i = 0;
	while (i < len) {
		size_t j = i;
		while (j < len && text[j] != '\n')
			j++;
		enum lp_hp_status st = lp_hist_parse_line(r->p, text + i, j - i);
		if (st == LP_HP_DONE)
			r->ndone++;
		if (st == LP_HP_ERROR && !r->nerr++)
			snprintf(r->err, sizeof(r->err), "%s", lp_hist_parser_error(r->p));
		i = j + 1;
	}
	if (lp_hist_parse_eof(r->p) == LP_HP_ERROR && !r->nerr++)
		snprintf(r->err, sizeof(r->err), "%s", lp_hist_parser_error(r->p));
}

static void done(struct pr *r)
{
	lp_hist_parser_free(r->p);
	lp_intern_free(r->strs);
}

static void expect_error(const char *text, const char *where, const char *phrase)
{
	struct pr r = {0};
	feed(&r, text, strlen(text));
	if (!r.nerr || !strstr(r.err, where) || !strstr(r.err, phrase))
		fail_msg("expected '%s' ... '%s', got '%s'", where, phrase,
			 r.nerr ? r.err : "(no error)");
	done(&r);
}

static void test_valid_and_normalised(void **state)
{
	struct pr r = {0};
	const char *t =
	    "# a comment\n\nhistory concurrent schedule=c:4@0.2  x=1 # trailing comment\n"
	    "0 call f(1,2)\n0 ret  void \n0.1 call g( \"a(b#,\" , 'x' )\n0.2 call h()\n"
	    "0.1 ret \"r)\"\n0.2 ret -1\nend\n";
	feed(&r, t, strlen(t));
	assert_int_equal(r.nerr, 0);
	assert_int_equal(r.ndone, 1);
	const struct lp_hist *h = lp_hist_parser_history(r.p);
	assert_false(h->serial);
	assert_string_equal(h->attrs, "schedule=c:4@0.2 x=1");
	assert_int_equal(h->nops, 3);
	assert_int_equal(h->nthreads, 3);
	assert_string_equal(lp_intern_str(r.strs, h->ops[0].call), "f(1, 2)");
	assert_int_equal(lp_intern_find(r.strs, "f(1, 2)", 7), h->ops[0].call);
	assert_string_equal(lp_intern_str(r.strs, h->ops[1].call), "g(\"a(b#,\", 'x')");
	assert_string_equal(lp_intern_str(r.strs, h->ops[1].ret), "\"r)\"");
	assert_string_equal(lp_intern_str(r.strs, h->ops[1].func), "g");
	assert_string_equal(lp_intern_str(r.strs, h->tids[1]), "0.1");
	assert_int_equal(lp_hist_thread_of(h, h->tids[2]), 2);
	assert_int_equal(lp_hist_thread_nops(h, 2), 1);
	done(&r);
}

static void test_normalise(void **state)
{
	char out[64];
	const char *why;
	assert_int_equal(lp_hist_normalise("f ( 1 ,2 )", 10, out, &why), 7);
	assert_string_equal(out, "f(1, 2)");
	assert_int_equal(lp_hist_normalise("struct  x", 9, out, &why), 8);
	assert_string_equal(out, "struct x");
	assert_int_equal(lp_hist_normalise("f(\"a  b\")", 9, out, &why), 9);
	assert_string_equal(out, "f(\"a  b\")");
	assert_true(lp_hist_normalise("f((1)", 5, out, &why) < 0);
	assert_true(lp_hist_normalise("f(1))", 5, out, &why) < 0);
	assert_true(lp_hist_normalise("f(\"x)", 5, out, &why) < 0);
}

static void test_stuck_and_serial(void **state)
{
	struct pr r = {0};
	const char *t = "history serial\n0.1 call w(e)\nstuck\nend\nhistory serial\nend\n";
	feed(&r, t, strlen(t));
	assert_int_equal(r.nerr, 0);
	assert_int_equal(r.ndone, 2);
	done(&r);
}

static void test_rejections(void **state)
{
	expect_error("history serial\n0 ret 1\nend\n", "in.h:2:", "without a pending call");
	expect_error("history serial\n\xff\xfe;x cal f()\n",
		     "in.h:2:", "after thread \\xff\\xfe;x:");
	expect_error("history concurrent\n0 call f()\n0 call g()\n",
		     "in.h:3:", "while its call at line 2 is pending");
	expect_error("history serial\n0 call f()\n0 ret 1\n", "in.h:3:", "has no 'end'");
	expect_error("history serial\n0 call f()\n0 ret 1\nhistory serial\nend\n",
		     "in.h:4:", "history at line 1 has no 'end'");
	expect_error("history serial\n0 call f((1)\n", "in.h:2:", "unbalanced parentheses");
	expect_error("history serial\n0 call f(1))\n", "in.h:2:", "unbalanced parentheses");
	expect_error("history serial\n0 call f(\"a)\n", "in.h:2:", "unterminated string");
	expect_error("history serial\n0 call f()\n0 ret (\n", "in.h:3:", "unbalanced parentheses");
	expect_error("history serial\n0 call f()\x01\n", "in.h:2:", "control byte 0x01");
	expect_error("history serial\n0.1 call f()\n0.2 call g()\n",
		     "in.h:3:", "serial history overlaps");
	expect_error("history serial\n0 call f()\n0 ret 1\nstuck\nend\n",
		     "in.h:5:", "no call is pending");
	expect_error("history concurrent\n0 call f()\nend\n", "in.h:3:", "is pending");
	expect_error("0 call f()\n", "in.h:1:", "event outside a history");
	expect_error("end\n", "in.h:1:", "outside a history");
	expect_error("history parallel\n", "in.h:1:", "unknown history kind");
	expect_error("history\n", "in.h:1:", "history kind missing");
	expect_error("history serial foo\n", "in.h:1:", "not key=value");
	expect_error("history serial\n0 call f() g\n",
		     "in.h:2:", "text after the closing parenthesis");
	expect_error("history serial\n0 call f\n", "in.h:2:", "not of the form name(args)");
	expect_error("history serial\n0 call\n", "in.h:2:", "without text");
	expect_error("history serial\n0 jump f()\n", "in.h:2:", "expected 'call' or 'ret'");
	expect_error("history serial\nx\n", "in.h:2:", "unknown line 'x'");
	expect_error("history serial\nedn\n",
		     "in.h:2:", "unknown line 'edn': expected 'history', 'stuck', 'end'");
	expect_error("history serial\nstuck\nstuck\n", "in.h:3:", "second 'stuck'");
	expect_error("history concurrent\n0 call f()\nstuck\n0.1 call g()\n",
		     "in.h:4:", "event after 'stuck'");
	expect_error("history serial\nend now\n", "in.h:2:", "unexpected text after 'end'");
}

static void test_nul_byte(void **state)
{
	static const char t[] = "history serial\n0 call f(\0)\nend\n";
	struct pr r = {0};
	feed(&r, t, sizeof(t) - 1);
	assert_int_equal(r.nerr, 1);
	assert_non_null(strstr(r.err, "in.h:2: control byte 0x00"));
	done(&r);
}

/* Lines are scanned for control bytes, quotes and '#' 16 bytes at a time: each is found
 * at every column, and a tab is white space wherever it is. */
static void test_special_byte_anywhere(void **state)
{
	static const char text[] = "history serial\n0 call f(a23456789b123456789c123456789d1234"
				   "56789e123456789f12345678)\n0 ret 1\nend\n";
	char t[sizeof(text)], phrase[64];
	char *line = t + strlen("history serial\n");
	size_t n = strlen("0 call f(a23456789b123456789c123456789d123456789e123456789f12345678)");
	for (size_t k = 0; k < n; k++) {
		memcpy(t, text, sizeof(t));
		line[k] = 0x1f;
		snprintf(phrase, sizeof(phrase), "control byte 0x1f at column %zu", k + 1);
		expect_error(t, "in.h:2:", phrase);
		/* a tab for a space, in the arguments, or breaking "0 call f(" or the ")" */
		line[k] = '\t';
		struct pr r = {0};
		feed(&r, t, strlen(t));
		assert_int_equal(r.nerr, k != 1 && k != 6 && (k < 9 || k == n - 1));
		done(&r);
		line[k] = '#'; /* the rest is a comment: no call, or one cut short */
		memset(&r, 0, sizeof(r));
		feed(&r, t, strlen(t));
		assert_int_equal(r.nerr, 1);
		done(&r);
	}
}

static void test_long_line(void **state)
{
	size_t n = LP_HIST_MAX_LINE + 100;
	char *t = malloc(n + 64);
	strcpy(t, "history serial\n0 call f(");
	size_t k = strlen(t);
	memset(t + k, '1', n - k);
	strcpy(t + n, ")\nend\n");
	struct pr r = {0};
	feed(&r, t, strlen(t));
	assert_int_equal(r.nerr, 1);
	assert_non_null(strstr(r.err, "in.h:2: line is"));
	assert_non_null(strstr(r.err, "65536"));
	done(&r);
	free(t);
}

static void test_recovers_after_error(void **state)
{
	struct pr r = {0};
	const char *t = "history serial\n0 ret 1\n0 call f()\n0 ret 2\nend\nhistory serial\n0 call "
			"f()\n0 ret 2\nend\n";
	feed(&r, t, strlen(t));
	assert_int_equal(r.nerr, 1);
	assert_int_equal(r.ndone, 1);
	done(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_valid_and_normalised),
	    cmocka_unit_test(test_normalise),
	    cmocka_unit_test(test_stuck_and_serial),
	    cmocka_unit_test(test_rejections),
	    cmocka_unit_test(test_nul_byte),
	    cmocka_unit_test(test_special_byte_anywhere),
	    cmocka_unit_test(test_long_line),
	    cmocka_unit_test(test_recovers_after_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
