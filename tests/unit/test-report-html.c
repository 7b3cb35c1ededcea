/* tests/unit/test-report-html.c — the --html page: escaping of text and of the embedded JSON,
 * the page's shape (no network reference), and the report model read from report texts. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/html.h"
#include "cli/report/report-model.h"
#include "lineup/protocol.h"
#include "scheduler/explore.h"

static void escape_text(void **state)
{
	(void)state;
	struct lp_buf b = {0};
	lp_html_escape(&b, "<a href=\"x\">Tom & 'Jerry'</a>");
	assert_string_equal(lp_buf_str(&b),
			    "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
	lp_buf_free(&b);
}

static void escape_script_json(void **state)
{
	(void)state;
	struct lp_buf b = {0};
	lp_html_script_json(&b, "{\"h\": \"</script><!-- a&b -->\"}");
	assert_string_equal(lp_buf_str(&b), "{\"h\": \"\\u003c/script\\u003e\\u003c!-- "
					    "a\\u0026b --\\u003e\"}");
	assert_null(strstr(lp_buf_str(&b), "</"));
	lp_buf_free(&b);
}

static void page(void **state)
{
	(void)state;
	struct lp_buf b = {0};
	lp_html_page(&b, "{\"verdict\": \"x</script>\", \"violation\": null}");
	const char *p = lp_buf_str(&b);
	assert_non_null(strstr(p, "<!DOCTYPE html>"));
	assert_non_null(strstr(p, "id=\"lp-report\">{\"verdict\": \"x\\u003c/script\\u003e\""));
	/* exactly the page's own two script elements end: the data cannot close one */
	int ends = 0;
	for (const char *s = p; (s = strstr(s, "</script>")); s++)
		ends++;
	assert_int_equal(ends, 2);
	/* self-contained: nothing is fetched */
	assert_null(strstr(p, "http://"));
	assert_null(strstr(p, "https://"));
	assert_null(strstr(p, " src="));
	assert_null(strstr(p, "<link"));
	lp_buf_free(&b);
}

static const char *checker_text =
    "VIOLATION: concurrent history is not linearizable:\n"
    "no serial execution of the test explains its results.\n"
    "The test (operations per thread):\n"
    "  thread 0.1   queue_add(0x10, 200)\n"
    "Why: 6 serial executions were observed. The closest one agrees with the history on 2 "
    "operations:\n"
    "    0 call queue_new()\n"
    "    0 ret 0x10\n"
    "  and then continues:\n"
    "    0.2 call queue_trytake(0x10)\n"
    "    0.2 ret \"200\"\n"
    "    stuck\n"
    "After those operations, every serial execution diverges from the history:\n"
    "  - no serial execution in which 0.2's queue_trytake(0x10) returns -1 at this point\n"
    "  ... and so on\n"
    "Warning: no serial history has thread 0.3 call f() at all.\n";

static void model_closest(void **state)
{
	(void)state;
	struct lp_buf b = {0};
	lp_model_closest(&b, checker_text);
	assert_string_equal(
	    lp_buf_str(&b),
	    "{\"headline\": \"no serial execution of the test explains its results.\", "
	    "\"observed\": 6, \"agrees\": 2, \"prefix\": [{\"thread\": \"0\", \"kind\": \"call\", "
	    "\"text\": \"queue_new()\"}, {\"thread\": \"0\", \"kind\": \"ret\", \"text\": "
	    "\"0x10\"}], \"continuation\": [{\"thread\": \"0.2\", \"kind\": \"call\", \"text\": "
	    "\"queue_trytake(0x10)\"}, {\"thread\": \"0.2\", \"kind\": \"ret\", \"text\": "
	    "\"\\\"200\\\"\"}], \"continuation_stuck\": true, \"reasons\": [\"no serial execution "
	    "in which 0.2's queue_trytake(0x10) returns -1 at this point\", \"... and so on\"], "
	    "\"warning\": \"Warning: no serial history has thread 0.3 call f() at all.\"}");
	lp_buf_reset(&b);
	lp_model_closest(&b, "client crashed with SIGSEGV\n");
	assert_string_equal(lp_buf_str(&b), "null");
	lp_buf_free(&b);
}

static void model_nondet(void **state)
{
	(void)state;
	struct lp_buf b = {0};
	lp_model_nondet(&b, "NONDETERMINISTIC: serial history contradicts an earlier serial "
			    "history:\nas the first event, thread 0.1's roll() returned 3 in the "
			    "earlier one but returned 5 in this one.\nA deterministic sequential "
			    "specification cannot give both.\nThe earlier history:\n"
			    "    history serial\n    0.1 call roll()\n    0.1 ret 3\n    end\n"
			    "This history:\n    history serial\n    0.1 call roll()\n"
			    "    0.1 ret 5\n    end\n");
	assert_string_equal(lp_buf_str(&b),
			    "{\"summary\": \"as the first event, thread 0.1's roll() returned 3 "
			    "in the earlier one but returned 5 in this one.\", \"earlier\": "
			    "\"history serial\\n0.1 call roll()\\n0.1 ret 3\\nend\\n\", \"this\": "
			    "\"history serial\\n0.1 call roll()\\n0.1 ret 5\\nend\\n\"}");
	lp_buf_reset(&b);
	lp_model_nondet(&b, NULL);
	assert_string_equal(lp_buf_str(&b), "null");
	lp_buf_free(&b);
}

static void events_before(void **state)
{
	(void)state;
	/* main's queue_new before the fork point (2 events, no points), then 0.1 and 0.2 */
	struct lp_explore_decision d[] = {
	    {.step = 1, .point = LP_PT_OP_START}, /* 0.1 call */
	    {.step = 2, .point = LP_PT_SYNC},	  /* inside 0.1's op: preempted here */
	    {.step = 3, .point = LP_PT_OP_START}, /* 0.2 call */
	    {.step = 4, .point = LP_PT_OP_END},	  /* 0.2 ret */
	    {.step = 5, .point = LP_PT_OP_END},	  /* 0.1 ret */
	};
	assert_int_equal(lp_model_events_before(d, 5, 2, 6), 3);
	assert_int_equal(lp_model_events_before(d, 5, 1, 6), 2); /* before 0.1's call */
	assert_int_equal(lp_model_events_before(d, 5, 4, 6), 5); /* 0.2's ret recorded */
	assert_int_equal(lp_model_events_before(d, 5, 9, 6), 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(escape_text),  cmocka_unit_test(escape_script_json),
	    cmocka_unit_test(page),	    cmocka_unit_test(model_closest),
	    cmocka_unit_test(model_nondet), cmocka_unit_test(events_before),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
