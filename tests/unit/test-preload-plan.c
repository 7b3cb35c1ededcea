/* tests/unit/test-preload-plan.c — the patch-plan parser of the preload. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "plan.h"

static struct lp_plan *plan;
static char err[256];

static int parse(const char *text)
{
	err[0] = 0;
	return lp_plan_parse(plan, text, strlen(text), err, sizeof err);
}

static void test_full_plan(void **state)
{
	(void)state;
	assert_int_equal(parse("lineup-plan 1\n"
			       "target 2049 1234 /usr/lib/lib toy.so\n"
			       "target 7 8 /a\n"
			       "func 0 toy_add 1139 i4 p,i4\n"
			       "func 1 other 0x20 v -\n"
			       "func 0 logf 40 v s,f8,...\n"
			       "end\n"), 0);
	assert_int_equal(plan->n_targets, 2);
	assert_int_equal(plan->targets[0].dev, 2049);
	assert_int_equal(plan->targets[0].ino, 1234);
	assert_string_equal(lp_plan_name(plan, plan->targets[0].path), "/usr/lib/lib toy.so");
	assert_int_equal(plan->n_funcs, 3);
	const struct lp_plan_func *f = &plan->funcs[0];
	assert_string_equal(lp_plan_name(plan, f->name), "toy_add");
	assert_int_equal(f->offset, 0x1139);
	assert_int_equal(f->ret, LP_K_I4);
	assert_int_equal(f->nargs, 2);
	assert_int_equal(f->args[0], LP_K_PTR);
	assert_int_equal(f->args[1], LP_K_I4);
	assert_int_equal(f->untyped, 0);
	assert_int_equal(plan->funcs[1].target, 1);
	assert_int_equal(plan->funcs[1].offset, 0x20);
	assert_int_equal(plan->funcs[1].nargs, 0);
	assert_int_equal(plan->funcs[2].varargs, 1);
	assert_int_equal(plan->funcs[2].nargs, 2);
	assert_int_equal(plan->funcs[2].args[1], LP_K_F8);
}

static void test_untyped(void **state)
{
	(void)state;
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 10 ? -\nfunc 0 g 20 i4 p,?\n"
			       "func 0 h 30 v i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1\nend\n"), 0);
	assert_int_equal(plan->funcs[0].untyped, 1);
	assert_int_equal(plan->funcs[1].untyped, 1);
	assert_int_equal(plan->funcs[2].untyped, 1); /* 17 arguments do not fit a record */
	assert_int_equal(plan->funcs[2].nargs, LP_MAX_ARGS);
}

static void test_errors(void **state)
{
	(void)state;
	assert_int_equal(parse("lineup-plan 2\nend\n"), -1);
	assert_non_null(strstr(err, "plan line 1"));
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 10 i4 p\n"), -1);
	assert_non_null(strstr(err, "truncated"));
	assert_int_equal(parse("lineup-plan 1\nfunc 0 f 10 i4 p\nend\n"), -1);
	assert_non_null(strstr(err, "plan line 2: unknown target index"));
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f zz i4 p\nend\n"), -1);
	assert_non_null(strstr(err, "bad hex offset 'zz'"));
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 1 i3 p\nend\n"), -1);
	assert_non_null(strstr(err, "bad return kind 'i3'"));
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 1 i4 v\nend\n"), -1);
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 1 i4 ...,p\nend\n"), -1);
	assert_int_equal(parse("lineup-plan 1\ntarget x 2 /x\nend\n"), -1);
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2\nend\n"), -1);
	assert_int_equal(parse("lineup-plan 1\nbogus\nend\n"), -1);
	assert_non_null(strstr(err, "unknown directive 'bogus'"));
	assert_int_equal(parse(""), -1);
}

static void test_kinds(void **state)
{
	(void)state;
	static const char *const tok[] = LP_KIND_TOKENS;
	for (int k = 0; k < LP_K_COUNT; k++)
		assert_int_equal(lp_plan_kind(tok[k], strlen(tok[k])), k);
	assert_int_equal(lp_plan_kind("i16", 3), -1);
}

int main(void)
{
	plan = malloc(sizeof *plan);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_plan),
		cmocka_unit_test(test_untyped),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_kinds),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	free(plan);
	return r;
}
