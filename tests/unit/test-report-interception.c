/* tests/unit/test-report-interception.c — the interception coverage: calls are counted per
 * function (those before the fork point once), the preload's warnings are kept once
 * each, and the report lists types, counts, uncalled functions and what was not controlled. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/interception.h"

/* The report names objects through the plan; a stub stands for the analysis library. */
const char *lp_plan_object_name(const struct lp_plan *plan, int i) { return plan->targets[i].name; }

static size_t put_call(char *log, size_t off, uint32_t func)
{
	struct lp_rec_call *c = (void *)(log + off);
	memset(c, 0, sizeof *c);
	c->h.type = LP_REC_CALL;
	c->h.size = sizeof *c;
	c->func = func;
	return off + LP_REC_ALIGN(sizeof *c);
}

static size_t put_warn(char *log, size_t off, const char *text)
{
	struct lp_rec_text *t = (void *)(log + off);
	memset(t, 0, sizeof *t);
	t->h.type = LP_REC_WARN;
	t->len = (uint32_t)strlen(text);
	t->h.size = (uint32_t)(sizeof *t + t->len);
	memcpy(t + 1, text, t->len);
	return off + LP_REC_ALIGN(t->h.size);
}

static void counts_and_report(void **state)
{
	struct lp_plan_target tgt = {.name = "libq.so"};
	struct lp_plan_func funcs[3] = {
	    {.target = 0,
	     .name = "q_new",
	     .ret = LP_K_PTR,
	     .typed = true,
	     .type_source = "target DWARF"},
	    {.target = 0,
	     .name = "q_add",
	     .ret = LP_K_VOID,
	     .nargs = 2,
	     .args = {LP_K_PTR, LP_K_I4},
	     .typed = true,
	     .type_source = "--signature",
	     .n_pure = 1},
	    {.target = 0, .name = "q_size"},
	};
	struct lp_plan plan = {.n_targets = 1, .targets = &tgt, .n_funcs = 3, .funcs = funcs};
	static _Alignas(8) char log[1024];
	size_t base = put_call(log, 0, 0); /* q_new before the fork point */
	size_t off = put_call(log, base, 1);
	off = put_warn(log, off, "futex op 9 is not modelled");
	off = put_call(log, off, 1);
	struct lp_interception ic = {0};
	lp_interception_count(&ic, &plan, log, off, base);
	lp_interception_count(&ic, &plan, log, off, base); /* a second execution, same log */
	assert_int_equal(ic.calls[1], 4);
	assert_int_equal(ic.calls[0], 0);
	assert_int_equal(ic.setup_calls[0], 1); /* counted once, not per execution */
	assert_int_equal(ic.n_seen, 1);
	char *t = lp_interception_text(&ic, &plan, "instrumented: 2 rmw in libq.so\n");
	assert_string_equal(
	    t,
	    "interception coverage:\n"
	    "  called: q_new()->p (types from target DWARF): 0 operations in the executions, 1 "
	    "call before the first thread; 0 points from which it touches only its own frame\n"
	    "  called: q_add(p,i4)->v (types from --signature): 4 operations in the executions; 1 "
	    "point from which it touches only its own frame\n"
	    "  not called (1): q_size (untyped)\n"
	    "  instrumented: 2 rmw in libq.so\n"
	    "  not controlled: futex op 9 is not modelled\n");
	free(t);
	char *j = lp_interception_json(&ic, &plan, "");
	assert_non_null(
	    strstr(j, "{\"name\": \"q_add\", \"target\": \"libq.so\", \"typed\": true, "
		      "\"signature\": \"q_add(p,i4)->v\", "
		      "\"type_source\": \"--signature\", \"operations\": 4, \"setup_calls\": 0, "
		      "\"local_regions\": 1, \"local_spans\": 0}"));
	assert_non_null(strstr(j, "\"not_controlled\": [\"futex op 9 is not modelled\"]}"));
	free(j);
	lp_interception_free(&ic);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(counts_and_report)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
