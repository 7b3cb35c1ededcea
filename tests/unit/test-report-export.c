/* tests/unit/test-report-export.c — --export: Porcupine operations and Jepsen events from a
 * history, pending operations, threads numbered by first appearance, escaping. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/export.h"
#include "cli/report/hist-lines.h"
#include "cli/report/json-read.h"
#include "cli/report/json.h"

static const char *hist = "history concurrent\n"
			  "0 call queue_new()\n"
			  "0 ret 0x10\n"
			  "0.1 call queue_add(0x10, 200)\n"
			  "0.2 call queue_trytake(0x10)\n"
			  "0.2 ret -1\n"
			  "0.1 ret void\n"
			  "end\n";

static void porcupine(void **state)
{
	(void)state;
	struct lp_buf b = {0};
	lp_export_porcupine(&b, hist);
	assert_string_equal(
	    lp_buf_str(&b),
	    "[\n"
	    "  {\"client_id\": 0, \"input\": \"queue_new()\", \"output\": \"0x10\", \"call\": 0, "
	    "\"return\": 1},\n"
	    "  {\"client_id\": 1, \"input\": \"queue_add(0x10, 200)\", \"output\": \"void\", "
	    "\"call\": 2, \"return\": 5},\n"
	    "  {\"client_id\": 2, \"input\": \"queue_trytake(0x10)\", \"output\": \"-1\", "
	    "\"call\": 3, \"return\": 4}\n"
	    "]\n");
	lp_buf_free(&b);
}

static void porcupine_pending_and_empty(void **state)
{
	(void)state;
	struct lp_buf b = {0};
	lp_export_porcupine(&b, "history concurrent\nT1 call f(\"a\\\"b\")\nT2 call g()\n"
				"T2 ret 1\nstuck\nend\n");
	assert_string_equal(
	    lp_buf_str(&b),
	    "[\n"
	    "  {\"client_id\": 0, \"input\": \"f(\\\"a\\\\\\\"b\\\")\", \"output\": "
	    "null, \"call\": 0, \"return\": 3},\n"
	    "  {\"client_id\": 1, \"input\": \"g()\", \"output\": \"1\", \"call\": "
	    "1, \"return\": 2}\n"
	    "]\n");
	lp_buf_reset(&b);
	lp_export_porcupine(&b, NULL);
	assert_string_equal(lp_buf_str(&b), "[]\n");
	lp_buf_free(&b);
}

static void jepsen(void **state)
{
	(void)state;
	struct lp_buf b = {0};
	lp_export_jepsen(&b, "history concurrent\n0.1 call q_add(0x10, 2)\n0.2 call ns::take()\n"
			     "0.1 ret 0\nstuck\nend\n");
	assert_string_equal(
	    lp_buf_str(&b),
	    "[\n"
	    " {:process 0, :type :invoke, :f :q_add, :value \"q_add(0x10, 2)\", :index 0}\n"
	    " {:process 1, :type :invoke, :f \"ns::take\", :value \"ns::take()\", :index 1}\n"
	    " {:process 0, :type :ok, :f :q_add, :value \"0\", :index 2}\n"
	    " {:process 1, :type :info, :f \"ns::take\", :value nil, :index 3}\n"
	    "]\n");
	lp_buf_free(&b);
}

static void history_lines(void **state)
{
	(void)state;
	struct lp_hlines h;
	/* a thread may be named like a keyword; comments and a second history are ignored */
	lp_hlines_parse("# c\nhistory serial x=1\nend call f()\nstuck call g()\nend ret 1\n"
			"stuck\nend\nhistory serial\n1 call h()\n",
			&h);
	assert_int_equal(h.n, 3);
	assert_true(h.stuck);
	assert_string_equal(h.ev[0].tid, "end");
	assert_int_equal(h.ev[0].ret_ev, 2);
	assert_int_equal(h.ev[2].op, 0);
	assert_int_equal(h.ev[1].ret_ev, (size_t)-1);
	char *f = lp_hline_func("queue_add(0x1, 2)");
	assert_string_equal(f, "queue_add");
	free(f);
	lp_hlines_free(&h);
	assert_int_equal(lp_export_parse("jepsen"), LP_EXPORT_JEPSEN);
	assert_int_equal(lp_export_parse("knossos"), LP_EXPORT_NONE);
}

/* `report R.json --export` reads the history back from the JSON json.c wrote. */
static void json_read_back(void **state)
{
	(void)state;
	const char *in[] = {"q_add(0x1, \"a\\\"b\")\n\tx", "\x01\x7f", "caf\xc3\xa9", ""};
	for (size_t i = 0; i < sizeof in / sizeof *in; i++) {
		struct lp_buf b = {0};
		lp_json_string(&b, in[i]);
		char *back = lp_json_string_at(lp_buf_str(&b));
		assert_string_equal(back, in[i]);
		free(back);
		lp_buf_free(&b);
	}
	char *s = lp_json_string_at("\"\\u00ff\"");
	assert_string_equal(s, "\xc3\xbf"); /* a stray byte comes back as its Latin-1 letter */
	free(s);
	assert_null(lp_json_string_at("null"));
	assert_null(lp_json_string_at("\"cut short")); /* a truncated report */
	assert_null(lp_json_string_at(NULL));
	s = lp_json_violation_history(
	    "{\"verdict\": \"violation\", \"violation\": {\"kind\": "
	    "\"stuck\", \"history\": \"history concurrent\\n0 call f()\\n\"}}");
	assert_string_equal(s, "history concurrent\n0 call f()\n");
	free(s);
	/* a campaign's report: the failing test's report under violation.report */
	s = lp_json_violation_history(
	    "{\"results\": [], \"violation\": {\"index\": 1, \"report\": "
	    "{\"violation\": {\"kind\": \"crash\", \"history\": \"h\"}}}}");
	assert_string_equal(s, "h");
	free(s);
	assert_null(lp_json_violation_history("{\"verdict\": \"ok\", \"violation\": null}"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(porcupine),      cmocka_unit_test(porcupine_pending_and_empty),
	    cmocka_unit_test(jepsen),	      cmocka_unit_test(history_lines),
	    cmocka_unit_test(json_read_back),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
