/* tests/unit/test-analyze-dwarf-types.c — exported functions, --function globs, and the kinds
 * from the target's DWARF, the client's declarations and --signature. */
#include "test-analyze-util.h"

static void expect_kinds(struct lp_plan *p, const char *name, const char *want, const char *source)
{
	struct lp_plan_func *f = find_func(p, name);
	if (!f)
		fail_msg("function %s is missing", name);
	if (strcmp(kinds(f), want))
		fail_msg("%s: kinds %s, expected %s", name, kinds(f), want);
	if (source && (!f->type_source || strcmp(f->type_source, source)))
		fail_msg("%s: source %s, expected %s", name, f->type_source, source);
}

static void expect_reason(struct lp_plan *p, const char *name, const char *part)
{
	struct lp_plan_func *f = find_func(p, name);
	assert_non_null(f);
	assert_false(f->typed);
	assert_non_null(f->untyped_reason);
	assert_contains(f->untyped_reason, part);
}

static void test_exported(void **state)
{
	struct lp_plan *p;
	if (analyze(FX("client-dw"), NULL, 0, NULL, 0, NULL, 0, &p))
		fail_msg("%s", err);
	const char *exported[] = {"fx_add",    "fx_u",	    "fx_fixed", "fx_bool",   "fx_dbl",
				  "fx_flt",    "fx_void",   "fx_str",	"fx_ptr",    "fx_enum",
				  "fx_printf", "fx_struct", "fx_small", "fx_tunion", "fx_ld",
				  "fx_i128",   "fx_many",   "fx_weak",	"fx_prot",   "fx_ifunc"};
	const char *hidden[] = {"fx_hidden", "fx_static", "fx_data",	      "fx_keep",
				"_init",     "_fini",	  "resolve_fx_ifunc", "ifunc_impl"};
	for (int i = 0; i < N(exported); i++)
		if (!find_func(p, exported[i]))
			fail_msg("%s not found", exported[i]);
	for (int i = 0; i < N(hidden); i++)
		assert_null(find_func(p, hidden[i]));
	assert_int_equal(p->n_funcs, N(exported));
	assert_true(find_func(p, "fx_ifunc")->ifunc);
	assert_false(find_func(p, "fx_add")->ifunc);
	assert_true(find_func(p, "fx_add")->imported_by_client);
	assert_true(find_func(p, "fx_ptr")->imported_by_client);
	assert_false(find_func(p, "fx_u")->imported_by_client);
	assert_true(find_func(p, "fx_add")->offset != 0);
	assert_true(find_func(p, "fx_add")->offset != find_func(p, "fx_u")->offset);
	lp_plan_free(p);
}

static void test_globs(void **state)
{
	struct lp_plan *p;
	const char *globs[] = {"fx_[a-d]*", "fx_str", "fx_ifunc"};
	if (analyze(FX("client-dw"), NULL, 0, globs, N(globs), NULL, 0, &p))
		fail_msg("%s", err);
	const char *want[] = {"fx_add", "fx_bool", "fx_dbl", "fx_str", "fx_ifunc"};
	assert_int_equal(p->n_funcs, N(want));
	for (int i = 0; i < N(want); i++)
		assert_non_null(find_func(p, want[i]));
	lp_plan_free(p);

	const char *none[] = {"zz*", "yy"};
	assert_int_equal(analyze(FX("client-dw"), NULL, 0, none, 2, NULL, 0, &p), -1);
	assert_string_equal(err, "target 'libfx.so.1' exports no function matching 'zz*', 'yy': "
				 "check the --function globs");
	const char *one_bad[] = {"fx_add", "fx_ptr", "fx_nope*"};
	assert_int_equal(analyze(FX("client-dw"), NULL, 0, one_bad, 3, NULL, 0, &p), -1);
	assert_string_equal(err, "--function 'fx_nope*' matches no exported function of the "
				 "targets: check the name");
}

static void test_target_dwarf(void **state)
{
	struct lp_plan *p;
	if (analyze(FX("client-dw"), NULL, 0, NULL, 0, NULL, 0, &p))
		fail_msg("%s", err);
	assert_true(p->targets[0].has_dwarf);
	const char *src = "target DWARF";
	expect_kinds(p, "fx_add", "i4(i4,i8)", src);
	expect_kinds(p, "fx_u", "u1(u2,u4,u8)", src);
	expect_kinds(p, "fx_fixed", "i1(i1,i2,i8,u8)", src);
	expect_kinds(p, "fx_bool", "b(b,b)", src);
	expect_kinds(p, "fx_dbl", "f8(f4,f8)", src);
	expect_kinds(p, "fx_flt", "f4()", src);
	expect_kinds(p, "fx_void", "v()", src);
	expect_kinds(p, "fx_str", "s(s,s,p,p)", src);
	expect_kinds(p, "fx_ptr", "p(p,p,p)", src);
	expect_kinds(p, "fx_enum", "u4(u4,i4)", src);
	expect_kinds(p, "fx_printf", "i4(s,...)", src);
	expect_kinds(p, "fx_weak", "i4(i4)", src);
	expect_kinds(p, "fx_prot", "i4(i4)", src);
	expect_kinds(p, "fx_struct", "i4(S8:i)", src); /* a struct by value: its layout */
	const struct lp_layout *l = find_func(p, "fx_struct")->layout[0];
	assert_non_null(l);
	assert_string_equal(l->ctype, "struct fx_pt");
	assert_int_equal(l->n, 2);
	assert_int_equal(l->leaf[0].kind, LP_K_I4);
	assert_int_equal(l->leaf[1].kind, LP_K_F4);
	assert_int_equal(l->leaf[1].off, 4);
	expect_kinds(p, "fx_small", "i4(S8:i)", src);
	expect_kinds(p, "fx_tunion", "i4(p)", src);
	expect_reason(p, "fx_ld", "its result is 'long double'");
	expect_reason(p, "fx_i128", "__int128");
	expect_reason(p, "fx_many", "it has 17 arguments (at most 16 are recorded)");
	assert_false(find_func(p, "fx_ifunc")->typed); /* no DWARF for an ifunc symbol */
	assert_null(find_func(p, "fx_ifunc")->untyped_reason);
	lp_plan_free(p);
}

static void test_debuglink(void **state)
{
	struct lp_plan *p;
	if (analyze(FX("client-dbg"), NULL, 0, NULL, 0, NULL, 0, &p))
		fail_msg("%s", err);
	assert_string_equal(p->targets[0].name, "libfx-dbg.so.1");
	assert_true(p->targets[0].has_dwarf);
	expect_kinds(p, "fx_add", "i4(i4,i8)", "target DWARF");
	expect_kinds(p, "fx_printf", "i4(s,...)", "target DWARF");
	lp_plan_free(p);
}

static void test_client_dwarf(void **state)
{
	struct lp_plan *p;
	if (analyze(FX("client-g"), NULL, 0, NULL, 0, NULL, 0, &p))
		fail_msg("%s", err);
	assert_false(p->targets[0].has_dwarf);
	const char *src = "client DWARF";
	expect_kinds(p, "fx_add", "i4(i4,i8)", src);
	expect_kinds(p, "fx_fixed", "i1(i1,i2,i8,u8)", src);
	expect_kinds(p, "fx_bool", "b(b,b)", src);
	expect_kinds(p, "fx_dbl", "f8(f4,f8)", src);
	expect_kinds(p, "fx_void", "v()", src);
	expect_kinds(p, "fx_str", "s(s,s,p,p)", src);
	expect_kinds(p, "fx_enum", "u4(u4,i4)", src);
	expect_kinds(p, "fx_printf", "i4(s,...)", src);
	expect_kinds(p, "fx_weak", "i4(i4)", src);
	/* GCC emits no DWARF for an ifunc symbol; the client's declaration has its type. */
	expect_kinds(p, "fx_ifunc", "i4(i4)", src);
	/* Not called by the client: no declaration, stays untyped without a reason. */
	struct lp_plan_func *f = find_func(p, "fx_u");
	assert_false(f->typed);
	assert_null(f->untyped_reason);
	assert_int_equal(f->ret, LP_K_UNKNOWN);
	lp_plan_free(p);
}

static const char *const imported_sigs[] = {
    "fx_add(int, long)->int",
    "fx_printf(const char *, ...)->int",
    "fx_enum(unsigned, int)->unsigned",
    "fx_bool(bool,bool)->bool",
    "fx_dbl(float,double)->double",
    "fx_str(str, str, unsigned char *, char **)->char *",
    "fx_fixed(int8_t,int16_t,int64_t,uint64_t)->int8_t",
    "fx_weak(int)->int",
    "fx_ifunc(int)->int",
    "fx_void(void)->void",
};

static void test_untyped_imported(void **state)
{
	struct lp_plan *p;
	assert_int_equal(analyze(FX("client-nog"), NULL, 0, NULL, 0, NULL, 0, &p), -1);
	assert_string_equal(
	    err, "no parameter types for 'fx_add', 'fx_bool', 'fx_dbl', "
		 "'fx_enum', 'fx_fixed', 'fx_ifunc', 'fx_printf', 'fx_str', "
		 "'fx_void', 'fx_weak', which '" FX(
		     "client-nog") "' calls: build the client "
				   "with -g, install the library's debug symbols, or give "
				   "--signature 'name(...)->...'");
	/* All but one given: the message names only that one. */
	assert_int_equal(analyze(FX("client-nog"), NULL, 0, NULL, 0, (const char **)imported_sigs,
				 N(imported_sigs) - 1, &p),
			 -1);
	assert_contains(err, "no parameter types for 'fx_void', which");

	/* A struct by value is recorded, typed from the client's declaration. */
	if (analyze(FX("client-struct"), NULL, 0, NULL, 0, NULL, 0, &p))
		fail_msg("%s", err);
	expect_kinds(p, "fx_struct", "i4(S8:i)", NULL);
	lp_plan_free(p);
	/* Leaving it out is enough. */
	const char *globs[] = {"fx_add"};
	if (analyze(FX("client-struct"), NULL, 0, globs, 1, NULL, 0, &p))
		fail_msg("%s", err);
	assert_int_equal(p->n_funcs, 1);
	lp_plan_free(p);
}

static void test_signatures_used(void **state)
{
	struct lp_plan *p;
	if (analyze(FX("client-nog"), NULL, 0, NULL, 0, (const char **)imported_sigs,
		    N(imported_sigs), &p))
		fail_msg("%s", err);
	const char *src = "--signature";
	expect_kinds(p, "fx_add", "i4(i4,i8)", src);
	expect_kinds(p, "fx_printf", "i4(s,...)", src);
	expect_kinds(p, "fx_str", "s(s,s,p,p)", src);
	expect_kinds(p, "fx_void", "v()", src);
	expect_kinds(p, "fx_fixed", "i1(i1,i2,i8,u8)", src);
	assert_false(find_func(p, "fx_u")->typed);
	lp_plan_free(p);

	/* --signature wins over DWARF. */
	const char *over[] = {"fx_add(long,long)->long"};
	if (analyze(FX("client-dw"), NULL, 0, NULL, 0, over, 1, &p))
		fail_msg("%s", err);
	expect_kinds(p, "fx_add", "i8(i8,i8)", src);
	expect_kinds(p, "fx_u", "u1(u2,u4,u8)", "target DWARF");
	lp_plan_free(p);

	const char *unknown[] = {"fx_nope(int)->int"};
	assert_int_equal(analyze(FX("client-dw"), NULL, 0, NULL, 0, unknown, 1, &p), -1);
	assert_string_equal(err, "--signature 'fx_nope(int)->int' names no function under test: "
				 "'fx_nope' is not exported by the targets or not matched by "
				 "--function");
	const char *filtered[] = {"fx_u(int)->int"};
	const char *globs[] = {"fx_add", "fx_ptr"};
	assert_int_equal(analyze(FX("client-dw"), NULL, 0, globs, 2, filtered, 1, &p), -1);
	assert_contains(err, "names no function under test");
	const char *twice[] = {"fx_add(int,long)->int", "fx_add(int,int)->int"};
	assert_int_equal(analyze(FX("client-dw"), NULL, 0, NULL, 0, twice, 2, &p), -1);
	assert_string_equal(err, "two --signature options for 'fx_add': 'fx_add(int,long)->int' "
				 "and 'fx_add(int,int)->int': keep one");
	const char *bad[] = {"fx_add(int"};
	assert_int_equal(analyze(FX("client-dw"), NULL, 0, NULL, 0, bad, 1, &p), -1);
	assert_contains(err, "bad --signature 'fx_add(int'");
}

static void parses(const char *text, const char *name, const char *want)
{
	char *got_name;
	struct lp_ftype t;
	char buf[256];
	if (lp_signature_parse(text, &got_name, &t, err, sizeof(err)))
		fail_msg("'%s': %s", text, err);
	assert_string_equal(got_name, name);
	lp_ftype_format(&t, buf, sizeof(buf));
	if (strcmp(buf, want))
		fail_msg("'%s' gives %s, expected %s", text, buf, want);
	assert_true(t.typed);
	free(got_name);
}

static void rejects(const char *text, const char *msg)
{
	char *name;
	struct lp_ftype t;
	assert_int_equal(lp_signature_parse(text, &name, &t, err, sizeof(err)), -1);
	assert_null(name);
	char want[LP_ERR_SIZE];
	snprintf(want, sizeof(want), "bad --signature '%s': %s", text, msg);
	assert_string_equal(err, want);
}

static void test_signature_syntax(void **state)
{
	parses("f(int,long)->long", "f", "i8(i4,i8)");
	parses("f()->void", "f", "v()");
	parses("f(void)->int", "f", "i4()");
	parses("  g2 ( const char * , char*, struct q *, unsigned long long, size_t, ... ) -> str ",
	       "g2", "s(s,s,p,u8,u8,...)");
	parses("f(unsigned, short int, bool, double, float, int8_t, uint16_t)->unsigned char", "f",
	       "u1(u4,i2,b,f8,f4,i1,u2)");
	parses("f(char **, const void *, queue_t*)->ptr", "f", "p(p,p,p)");
	parses("f(ssize_t, uint32_t, signed char, _Bool, long long int)->uint64_t", "f",
	       "u8(i8,u4,i1,b,i8)");
	parses("f(...)->int", "f", "i4(...)");
	const char *use = "(use int, long, size_t, ptr, str, double, ... or 'T *')";
	char msg[256];
	rejects("f(int", "missing ')' (e.g. 'queue_add(ptr,int)->void')");
	rejects("f(int)", "the result type is missing: add '->T' (e.g. '->void' or '->int')");
	rejects("f(int) int", "expected '->' and the result type after ')' (e.g. "
			      "'queue_add(ptr,int)->void')");
	rejects("(int)->int", "it must start with the function name (e.g. "
			      "'queue_add(ptr,int)->void')");
	rejects("f int", "expected '(' after the function name (e.g. 'queue_add(ptr,int)->void')");
	snprintf(msg, sizeof(msg), "unknown argument type 'foo' %s", use);
	rejects("f(foo)->int", msg);
	snprintf(msg, sizeof(msg), "unknown argument type '' %s", use);
	rejects("f(int,)->int", msg);
	rejects("f(...,int)->int", "'...' must come last");
	rejects("f(int,void)->int", "void is not an argument type");
	snprintf(msg, sizeof(msg),
		 "unknown result type 'blah' (use void, int, long, size_t, ptr, "
		 "str, double, ... or 'T *')");
	rejects("f(int)->blah", msg);
	rejects("f(int,int,int,int,int,int,int,int,int,int,int,int,int,int,int,int,int)->int",
		"more than 16 arguments cannot be recorded");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_exported),	    cmocka_unit_test(test_globs),
	    cmocka_unit_test(test_target_dwarf),    cmocka_unit_test(test_debuglink),
	    cmocka_unit_test(test_client_dwarf),    cmocka_unit_test(test_untyped_imported),
	    cmocka_unit_test(test_signatures_used), cmocka_unit_test(test_signature_syntax),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
