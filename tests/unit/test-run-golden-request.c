/* tests/unit/test-run-golden-request.c — a checker request ("I1 I2 ...") into the golden calls of
 * the shared area (arguments, strings, the history's results for handle pairing, what
 * cannot be called), and the golden results into the answer text. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/run/golden-run.h"

static struct lp_plan_func funcs[3];
static struct lp_plan plan = {.funcs = funcs, .n_funcs = 3};
static struct lp_golden g;

static void setup_plan(void)
{
	memset(funcs, 0, sizeof funcs);
	funcs[0] = (struct lp_plan_func){.name = "q_new", .ret = LP_K_PTR, .nargs = 0};
	funcs[1] = (struct lp_plan_func){
	    .name = "q_put", .ret = LP_K_I4, .nargs = 2, .args = {LP_K_PTR, LP_K_STR}};
	funcs[2] = (struct lp_plan_func){
	    .name = "q_log", .ret = LP_K_VOID, .nargs = 1, .args = {LP_K_PTR}, .varargs = true};
}

static struct lp_log_op op(uint32_t func, uint64_t a0, char *s, bool returned, uint64_t ret)
{
	struct lp_log_op o = {
	    .func = func, .nargs = funcs[func].nargs, .returned = returned, .ret = ret};
	o.args[0] = a0;
	o.strs[1] = s;
	return o;
}

static void request_to_calls(void **state)
{
	(void)state;
	setup_plan();
	struct lp_log_op ops[3] = {op(0, 0, NULL, true, 0x5000), op(1, 0x5000, "ab", true, 7),
				   op(1, 0x5000, "xyz", false, 0)};
	ops[0].nargs = 0;
	char err[200];
	assert_int_equal(lp_golden_fill(&g, &plan, ops, 3, "0 2 1", err, sizeof err), 0);
	assert_int_equal(g.n_calls, 3);
	assert_int_equal(g.calls[0].func, 0);
	assert_true(g.calls[0].has_ret);
	assert_int_equal(g.calls[0].hist_ret, 0x5000); /* pairs with the model's handle */
	assert_int_equal(g.calls[1].args[0], 0x5000);  /* translated by the preload */
	assert_false(g.calls[1].has_ret);	       /* pending in the history */
	/* strings: offset + 1 into strings[], NUL-terminated, in request order */
	assert_string_equal(g.strings + g.calls[1].args[1] - 1, "xyz");
	assert_string_equal(g.strings + g.calls[2].args[1] - 1, "ab");
	assert_int_equal(g.strings_used, 4 + 3);
}

static void bad_requests(void **state)
{
	(void)state;
	setup_plan();
	struct lp_log_op ops[2] = {op(0, 0, NULL, true, 0x5000), op(2, 0x5000, NULL, true, 0)};
	char err[200];
	assert_int_equal(lp_golden_fill(&g, &plan, ops, 2, "0 5", err, sizeof err), -1);
	assert_non_null(strstr(err, "names no operation"));
	assert_int_equal(lp_golden_fill(&g, &plan, ops, 2, "0 1", err, sizeof err), -1);
	assert_non_null(strstr(err, "q_log has variable arguments"));
	assert_int_equal(lp_golden_fill(&g, &plan, ops, 2, "", err, sizeof err), -1);
	funcs[1].nargs = 7; /* seven integer arguments: one on the stack */
	for (int i = 0; i < 7; i++)
		funcs[1].args[i] = LP_K_I8;
	assert_int_equal(lp_golden_fill(&g, &plan, ops, 1, "0", err, sizeof err), 0);
	struct lp_log_op seven[1] = {op(1, 0, NULL, true, 0)};
	assert_int_equal(lp_golden_fill(&g, &plan, seven, 1, "0", err, sizeof err), -1);
	assert_non_null(strstr(err, "on the stack"));
	funcs[1].nargs = 2; /* a struct by value: its bytes are not in the golden call */
	funcs[1].args[1] = LP_K_STRUCT;
	struct lp_log_op st[1] = {op(1, 0, NULL, true, 0)};
	assert_int_equal(lp_golden_fill(&g, &plan, st, 1, "0", err, sizeof err), -1);
	assert_non_null(strstr(err, "q_put has a struct argument passed by value"));
	struct lp_log_op cut[1] = {op(0, 0, NULL, true, 0)};
	cut[0].truncated = true;
	assert_int_equal(lp_golden_fill(&g, &plan, cut, 1, "0", err, sizeof err), -1);
	assert_non_null(strstr(err, "not recorded whole"));
}

static void results_to_answer(void **state)
{
	(void)state;
	setup_plan();
	struct lp_log_op ops[2] = {op(0, 0, NULL, true, 0x5000), op(1, 0x5000, "a", true, 0)};
	char err[200];
	assert_int_equal(lp_golden_fill(&g, &plan, ops, 2, "0 1 1", err, sizeof err), 0);
	g.calls[0].ret = 0x5000;
	g.calls[1].ret = (uint64_t)-3; /* an int in %eax, garbage above it */
	g.calls[1].ret &= 0xffffffffull;
	g.n_done = 2;
	struct lp_buf a = {0};
	lp_golden_answer(&g, &plan, true, lp_format_value, &a);
	assert_string_equal(lp_buf_str(&a), "0x5000\n-3\nstuck\n");
	lp_buf_free(&a);
	g.n_done = 3;
	g.calls[2].ret = 4;
	lp_golden_answer(&g, &plan, false, lp_format_value, &a);
	assert_string_equal(lp_buf_str(&a), "0x5000\n-3\n4\n");
	lp_buf_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(request_to_calls),
	    cmocka_unit_test(bad_requests),
	    cmocka_unit_test(results_to_answer),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
