/* tests/unit/test-preload-plan.c — the patch-plan parser of the preload. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "plan.h"

static struct lp_loaded_plan *plan;
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
			       "end\n"),
			 0);
	assert_int_equal(plan->n_targets, 2);
	assert_int_equal(plan->targets[0].dev, 2049);
	assert_int_equal(plan->targets[0].ino, 1234);
	assert_string_equal(lp_plan_name(plan, plan->targets[0].path), "/usr/lib/lib toy.so");
	assert_int_equal(plan->n_funcs, 3);
	const struct lp_loaded_func *f = &plan->funcs[0];
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
	assert_int_equal(
	    parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 10 ? -\nfunc 0 g 20 i4 p,?\n"
		  "func 0 h 30 v i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1\nend\n"),
	    0);
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

static void test_sites(void **state)
{
	(void)state;
	assert_int_equal(parse("lineup-plan 1\n"
			       "target 1 2 /t\n"
			       "func 0 f 10 v -\n"
			       "instrument 3 4 /usr/lib/libx.so\n"
			       "site 0 1a2b 4 rmw -1 f00fc107\n"
			       "site 1 40 9 rmw 3 f0488305f8ffffff01\n"
			       "site 0 50 9 rmw 4 66f0ff05000000000\n"
			       "end\n"),
			 -1);
	assert_non_null(strstr(err, "plan line 7: instruction bytes do not match its length"));
	assert_int_equal(parse("lineup-plan 1\n"
			       "target 1 2 /t\n"
			       "func 0 f 10 v -\n"
			       "instrument 3 4 /usr/lib/libx.so\n"
			       "site 0 1a2b 4 rmw -1 f00fc107\n"
			       "site 1 0x40 9 store 3 F0488305F8FFFFFF01\n"
			       "site 0 50 3 pause -1 f390cc 1ac0\n"
			       "end\n"),
			 0);
	assert_int_equal(plan->n_targets, 1);
	assert_int_equal(plan->n_instrument, 1);
	assert_int_equal(plan->instrument[0].dev, 3);
	assert_int_equal(plan->instrument[0].ino, 4);
	assert_string_equal(lp_plan_name(plan, plan->instrument[0].path), "/usr/lib/libx.so");
	assert_int_equal(plan->n_sites, 3);
	const struct lp_loaded_site *s = &plan->sites[0];
	assert_int_equal(s->object, 0);
	assert_int_equal(s->offset, 0x1a2b);
	assert_int_equal(s->len, 4);
	assert_int_equal(s->kind, LP_SITE_RMW);
	assert_int_equal(s->disp_off, -1);
	assert_int_equal(s->bytes[0], 0xf0);
	assert_int_equal(s->bytes[3], 0x07);
	s = &plan->sites[1];
	assert_int_equal(s->object, 1);
	assert_int_equal(s->offset, 0x40);
	assert_int_equal(s->kind, LP_SITE_STORE);
	assert_int_equal(s->disp_off, 3);
	assert_int_equal(s->bytes[8], 0x01);
	assert_int_equal(s->bytes[4], 0xf8);
	assert_int_equal(s->pad, 0);
	assert_int_equal(plan->sites[2].kind, LP_SITE_PAUSE);
	assert_int_equal(plan->sites[2].pad, 0x1ac0);
	assert_int_equal(plan->sites[0].pad, 0);
}

static void test_site_errors(void **state)
{
	(void)state;
	static const struct {
		const char *line, *msg;
	} bad[] = {
	    {"site 2 10 4 rmw -1 f00fc107", "unknown object index '2'"},
	    {"site 0 zz 4 rmw -1 f00fc107", "bad hex offset"},
	    {"site 0 10 0 rmw -1 ", "bad instruction length"},
	    {"site 0 10 16 rmw -1 f00fc107", "bad instruction length"},
	    {"site 0 10 4 atomic -1 f00fc107", "bad site kind 'atomic'"},
	    {"site 0 10 4 rmw 1 f00fc107", "bad displacement offset '1'"},
	    {"site 0 10 4 rmw -2 f00fc107", "bad displacement offset"},
	    {"site 0 10 4 rmw -1 f00fc1zz", "bad instruction bytes"},
	    {"site 0 10 4 rmw -1 f00fc107 20 x", "unexpected text 'x'"},
	    {"site 0 10 4 rmw -1 f00fc107 x", "bad hex padding address 'x'"},
	    {"site 0 10 4 rmw -1 f00fc107 0", "bad hex padding address '0'"},
	    {"site 0 10 5 rmw -1 f0480fc107 20", "padding for an instruction a jump fits in '20'"},
	};
	char text[256];
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		snprintf(text, sizeof text,
			 "lineup-plan 1\ntarget 1 2 /t\ninstrument 3 4 /i\n%s\nend\n", bad[i].line);
		assert_int_equal(parse(text), -1);
		assert_non_null(strstr(err, "plan line 4: "));
		assert_non_null(strstr(err, bad[i].msg));
	}
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /t\nsite 0 10 1 fence -1 f0\n"
			       "func 0 f 10 v -\nend\n"),
			 -1);
	assert_non_null(
	    strstr(err, "plan line 4: func after an instrument, site, pure or span line"));
	assert_int_equal(parse("lineup-plan 1\ninstrument 1 2\nend\n"), -1);
	assert_non_null(strstr(err, "object without a path"));
}

/* Pure region starts: per function, looked up exactly; malformed groupings refused. */
static void test_pure(void **state)
{
	(void)state;
	assert_int_equal(parse("lineup-plan 1\n"
			       "target 1 2 /a\n"
			       "func 0 f 1000 v -\n"
			       "func 0 g 2000 v -\n"
			       "func 0 h 3000 v -\n"
			       "pure 0 1000\n"
			       "pure 0 1017\n"
			       "pure 2 3000\n"
			       "end\n"),
			 0);
	assert_int_equal(plan->n_pure, 3);
	assert_true(lp_plan_pure(plan, 0, 0x1000));
	assert_true(lp_plan_pure(plan, 0, 0x1017));
	assert_false(lp_plan_pure(plan, 0, 0x1010));
	assert_false(lp_plan_pure(plan, 1, 0x2000)); /* g has none */
	assert_false(lp_plan_pure(plan, 0, 0x3000)); /* h's start is not f's */
	assert_true(lp_plan_pure(plan, 2, 0x3000));
	assert_false(lp_plan_pure(plan, 7, 0x3000)); /* no such function */
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /a\nfunc 0 f 10 v -\npure 1 10\nend\n"),
			 -1);
	assert_non_null(strstr(err, "unknown function index"));
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /a\nfunc 0 f 10 v -\n"
			       "pure 0 12\npure 0 11\nend\n"),
			 -1);
	assert_non_null(strstr(err, "pure lines not grouped by function in ascending order"));
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /a\nfunc 0 f 10 v -\npure 0 10\n"
			       "func 0 g 20 v -\nend\n"),
			 -1);
	assert_non_null(strstr(err, "func after"));
}

/* Span lines (protocol.h, struct lp_span_place). */
static void test_spans(void **state)
{
	(void)state;
	assert_int_equal(parse("lineup-plan 1\n"
			       "target 1 2 /a\n"
			       "func 0 f 1000 v -\n"
			       "func 0 g 2000 v -\n"
			       "span 0 entry a9447@32/22b5b@32\n"
			       "span 0 a9462@0 end\n"
			       "span 1 a9447@48/22da3@32/654d3@48 a9462@32/22dbf@32\n"
			       "span 1 f22dbf@32 end\n"
			       "end\n"),
			 0);
	assert_int_equal(plan->n_spans, 4);
	assert_int_equal(plan->spans[3].from.kind, LP_SPAN_FUTEX);
	assert_int_equal(plan->spans[3].from.off, 0x22dbf);
	assert_int_equal(plan->funcs[0].span_n, 2);
	assert_int_equal(plan->funcs[1].span_first, 2);
	const struct lp_span *s = plan->spans;
	assert_int_equal(s[0].from.kind, LP_SPAN_ENTRY);
	assert_int_equal(s[0].to.kind, LP_SPAN_SITE);
	assert_int_equal(s[0].to.off, 0xa9447);
	assert_int_equal(s[0].to.depth, 32);
	assert_int_equal(s[0].to.n_frames, 1);
	assert_int_equal(s[0].to.ret[0], 0x22b5b);
	assert_int_equal(s[0].to.slot[0], 32);
	assert_int_equal(s[1].to.kind, LP_SPAN_END);
	assert_int_equal(s[1].from.depth, 0);
	assert_int_equal(s[2].from.n_frames, 2);
	assert_int_equal(s[2].from.slot[1], 48);
	static const char *const bad[] = {
	    "span 0 end a9462@0\n",				      /* starts at the end */
	    "span 0 entry entry\n",				      /* ends at an entry */
	    "span 0 a9462 end\n",				      /* no depth */
	    "span 0 a9462@x end\n",				      /* bad depth */
	    "span 0 1@8/2@8/3@8/4@8 end\n",			      /* too many frames */
	    "span 0 1@8/ end\n",				      /* empty frame */
	    "span 0 entry end extra\n",				      /* trailing text */
	    "span 5 entry end\n",				      /* no such function */
	    "span 0 entry end\nspan 1 entry end\nspan 0 entry end\n", /* not grouped */
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char text[256];
		snprintf(text, sizeof text,
			 "lineup-plan 1\ntarget 1 2 /a\nfunc 0 f 10 v -\nfunc 0 g 20 v -\n%send\n",
			 bad[i]);
		assert_int_equal(parse(text), -1);
	}
}

/* Out-parameters: "p>" and the pointee (issue 35). */
static void test_out_params(void **state)
{
	(void)state;
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\n"
			       "func 0 pop 10 i4 p,p>i4,p>i8,p>p,p>f8,p>b16\nend\n"),
			 0);
	const struct lp_loaded_func *f = &plan->funcs[0];
	assert_int_equal(f->nargs, 6);
	assert_int_equal(f->out_len[0], 0);
	assert_int_equal(f->args[1], LP_K_PTR);
	assert_int_equal(f->out_len[1], 4);
	assert_int_equal(f->out_kind[1], LP_K_I4);
	assert_int_equal(f->out_len[2], 8);
	assert_int_equal(f->out_kind[3], LP_K_PTR);
	assert_int_equal(f->out_kind[4], LP_K_F8);
	assert_int_equal(f->out_len[5], 16);
	assert_int_equal(f->out_kind[5], LP_K_U1);
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 10 v i4>i4\nend\n"), -1);
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 10 v p>i2\nend\n"), -1);
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 10 v p>b0\nend\n"), -1);
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 10 v p>b4097\nend\n"), -1);
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 10 v p>bx\nend\n"), -1);
}

/* Struct arguments "S<size>:<classes>" (protocol.h): size and classes per argument. */
static void test_struct_args(void **state)
{
	(void)state;
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\n"
			       "func 0 f 10 i8 p,S8:i,S16:si,S24:m,i4,S12:is\nend\n"),
			 0);
	const struct lp_loaded_func *f = &plan->funcs[0];
	assert_int_equal(f->nargs, 6);
	assert_false(f->untyped);
	assert_int_equal(f->struct_len[0], 0);
	assert_int_equal(f->args[1], LP_K_STRUCT);
	assert_int_equal(f->struct_len[1], 8);
	assert_int_equal(f->struct_cls[1], 0);
	assert_int_equal(f->struct_len[2], 16);
	assert_int_equal(f->struct_cls[2], 1); /* eightbyte 0 SSE */
	assert_int_equal(f->struct_len[3], 24);
	assert_int_equal(f->struct_cls[3], LP_SCLS_MEMORY);
	assert_int_equal(f->struct_len[4], 0);
	assert_int_equal(f->struct_cls[5], 2); /* eightbyte 1 SSE */
	static const char *const bad[] = {"S",	   "S8",     "S8:",    "S0:i", "S8:ii",
					  "S16:i", "S24:ii", "S257:m", "S8:x", "Sx:i"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char text[128];
		snprintf(text, sizeof text, "lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 10 v %s\nend\n",
			 bad[i]);
		if (parse(text) != -1)
			fail_msg("'%s' was accepted", bad[i]);
	}
	/* never a result */
	assert_int_equal(parse("lineup-plan 1\ntarget 1 2 /x\nfunc 0 f 10 S8:i -\nend\n"), -1);
}

static void test_kinds(void **state)
{
	(void)state;
	static const char *const tok[] = LP_KIND_TOKENS;
	for (int k = 0; k < LP_K_COUNT; k++)
		assert_int_equal(lp_plan_kind(tok[k], strlen(tok[k])), k);
	assert_int_equal(lp_plan_kind("i16", 3), -1);
	static const char *const site[] = LP_SITE_TOKENS;
	for (int k = 0; k < LP_SITE_COUNT; k++)
		assert_int_equal(lp_plan_site_kind(site[k], strlen(site[k])), k);
	assert_int_equal(lp_plan_site_kind("rm", 2), -1);
}

int main(void)
{
	plan = malloc(sizeof *plan);
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_full_plan),	cmocka_unit_test(test_untyped),
	    cmocka_unit_test(test_errors),	cmocka_unit_test(test_sites),
	    cmocka_unit_test(test_site_errors), cmocka_unit_test(test_kinds),
	    cmocka_unit_test(test_pure),	cmocka_unit_test(test_spans),
	    cmocka_unit_test(test_out_params),	cmocka_unit_test(test_struct_args),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	free(plan);
	return r;
}
