/* tests/unit/test-campaign-test-desc.c — lineup-test(5) descriptions: what is parsed, what is
 * refused (with FILE:LINE), and that printing gives back the same description. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/campaign/test-desc.h"

static const char fixed[] = "# a fixed test\n"
			    "target    ./libqueue.so   # relative to the file\n"
			    "target    libc.so.6\n"
			    "signature lq_add(ptr,int)->int\n"
			    "init      q = lq_new()\n"
			    "init      lq_add(q, -7)\n"
			    "thread    lq_add(q, 0x10); lq_take(q)\n"
			    "thread    lq_put(q, \"a # b\\\"c\", NULL)\n"
			    "thread    lq_scale(q, 1.5, -2e3, 0.25f, 2.0)\n"
			    "final     lq_take(q)\n";

static char *print(const struct lp_tdesc *d)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	lp_tdesc_print(d, f);
	fclose(f);
	return text;
}

static void parses_a_fixed_test(void **state)
{
	(void)state;
	struct lp_tdesc d;
	char err[300];
	assert_int_equal(lp_tdesc_parse_text("dir/q.lineup", fixed, &d, err, sizeof err), 0);
	assert_int_equal(d.n_targets, 2);
	assert_string_equal(d.targets[0], "dir/./libqueue.so");
	assert_string_equal(d.targets[1], "libc.so.6");
	assert_int_equal(d.n_signatures, 1);
	assert_int_equal(d.n_init, 2);
	assert_string_equal(d.init[0].bind, "q");
	assert_null(d.init[1].bind);
	assert_int_equal(d.init[1].args[1].kind, LP_TARG_INT);
	assert_int_equal(d.init[1].args[1].i, -7);
	assert_int_equal(d.n_threads, 3);
	assert_int_equal(d.threads[0].n_calls, 2);
	assert_int_equal(d.threads[0].calls[0].args[1].i, 16);
	assert_int_equal(d.threads[0].calls[0].line, 7);
	const struct lp_tcall *put = &d.threads[1].calls[0];
	assert_int_equal(put->args[0].kind, LP_TARG_VAR);
	assert_int_equal(put->args[1].kind, LP_TARG_STR);
	assert_string_equal(put->args[1].s, "a # b\"c");
	assert_int_equal(put->args[2].kind, LP_TARG_NULL);
	const struct lp_tcall *sc = &d.threads[2].calls[0];
	assert_int_equal(sc->args[1].kind, LP_TARG_FLOAT);
	assert_true(sc->args[1].f == 1.5 && !sc->args[1].single);
	assert_true(sc->args[2].f == -2000.0);
	assert_true(sc->args[3].f == 0.25 && sc->args[3].single);
	assert_int_equal(d.n_final, 1);
	assert_int_equal(d.n_ops, 0);
	lp_tdesc_free(&d);
}

static void parses_a_generator(void **state)
{
	(void)state;
	struct lp_tdesc d;
	char err[300];
	assert_int_equal(lp_tdesc_parse_text("g",
					     "target libq.so\ninit q = new()\n"
					     "op add(q, 1..9)\nop put(q, {3, \"x\", NULL})\n"
					     "op take(q)\n",
					     &d, err, sizeof err),
			 0);
	assert_int_equal(d.n_ops, 3);
	assert_int_equal(d.ops[0].args[1].kind, LP_TARG_RANGE);
	assert_int_equal(d.ops[0].args[1].lo, 1);
	assert_int_equal(d.ops[0].args[1].hi, 9);
	assert_int_equal(d.ops[1].args[1].kind, LP_TARG_SET);
	assert_int_equal(d.ops[1].args[1].n_set, 3);
	assert_int_equal(d.ops[1].args[1].set[1].kind, LP_TARG_STR);
	lp_tdesc_free(&d);
}

/* The description printed and parsed again is the same description. */
static void prints_back(void **state)
{
	(void)state;
	struct lp_tdesc d, e, c;
	char err[300];
	assert_int_equal(lp_tdesc_parse_text("/x/q.lineup", fixed, &d, err, sizeof err), 0);
	char *once = print(&d);
	assert_int_equal(lp_tdesc_parse_text("/x/q.lineup", once, &e, err, sizeof err), 0);
	char *twice = print(&e);
	assert_string_equal(once, twice);
	lp_tdesc_copy(&c, &e);
	char *copied = print(&c);
	assert_string_equal(once, copied);
	assert_non_null(strstr(once, "thread    lq_add(q, 16); lq_take(q)\n"));
	assert_non_null(strstr(once, "lq_put(q, \"a # b\\\"c\", NULL)"));
	assert_non_null(strstr(once, "lq_scale(q, 1.5, -2000.0, 0.25f, 2.0)"));
	free(once), free(twice), free(copied);
	lp_tdesc_free(&d), lp_tdesc_free(&e), lp_tdesc_free(&c);
}

static void refuses(const char *text, const char *expect)
{
	struct lp_tdesc d;
	char err[300];
	assert_int_equal(lp_tdesc_parse_text("t.lineup", text, &d, err, sizeof err), -1);
	if (!strstr(err, expect))
		fail_msg("error '%s' does not say '%s'", err, expect);
	lp_tdesc_free(&d);
}

static void refuses_malformed(void **state)
{
	(void)state;
	refuses("target l.so\nthread f(x)\n", "t.lineup:2: variable 'x' is not bound");
	refuses("target l.so\nthread f(1..3)\n", "t.lineup:2: a range A..B is allowed in op");
	refuses("target l.so\nthread f({1, 2})\n", "t.lineup:2: a choice {...} is allowed");
	refuses("target l.so\nop f(1)\nthread f(1)\n", "t.lineup: has both op lines");
	refuses("target l.so\n", "t.lineup: has no op or thread line");
	refuses("target l.so\nthread f(\"abc)\n", "t.lineup:2: unterminated string");
	refuses("target l.so\nthread f(1\n", "t.lineup:2: expected ',' or ')'");
	refuses("target l.so\nthread f 1\n", "t.lineup:2: expected '(' after 'f'");
	refuses("target l.so\nfoo f(1)\n", "t.lineup:2: unknown directive 'foo'");
	refuses("target l.so\nop f(9..1)\n", "t.lineup:2: empty range 9..1");
	refuses("target l.so\ninit q = a()\ninit q = b()\nthread f(q)\n",
		"t.lineup:3: variable 'q' is bound twice");
	refuses("target l.so\nthread f(1) g(2)\n", "t.lineup:2: unexpected text 'g(2)'");
	refuses("target l.so\nthread f(99999999999999999999)\n", "t.lineup:2: bad integer");
	refuses("target\nthread f()\n", "t.lineup:1: target needs a value");
}

static const char header_test[] =
    "target      ./libslotq.so\n"
    "header      inc/slotq.h\n"
    "header      <glib.h>\n"
    "pkg-config  glib-2.0\n"
    "helper      ./libh.so\n"
    "lock        slotq_lock\n"
    "init        q = slotq_new()\n"
    "thread-init slotq_attach(q, $thread)\n"
    "thread-fini slotq_detach(q)\n"
    "op          slotq_pop(q, out int)\n"
    "op          slotq_read(q, out bytes 16, out double, out ptr, out long)\n"
    "op          slotq_push(q, $thread)\n"
    "op          slotq_map(q, fn dbl, bytes 8)\n";

/* header, pkg-config, thread-init, thread-fini, $thread and out-parameters (issue 35). */
static void parses_the_header_vocabulary(void **state)
{
	(void)state;
	struct lp_tdesc d;
	char err[300];
	assert_int_equal(lp_tdesc_parse_text("dir/s.lineup", header_test, &d, err, sizeof err), 0);
	assert_int_equal(d.n_headers, 2);
	assert_string_equal(d.headers[0], "dir/inc/slotq.h"); /* relative to the file */
	assert_string_equal(d.headers[1], "<glib.h>");
	assert_int_equal(d.header_lines[1], 3);
	assert_int_equal(d.n_pkg_configs, 1);
	assert_string_equal(d.pkg_configs[0], "glib-2.0");
	assert_int_equal(d.n_thread_init, 1);
	assert_int_equal(d.n_thread_fini, 1);
	assert_string_equal(d.thread_init[0].func, "slotq_attach");
	assert_int_equal(d.thread_init[0].args[1].kind, LP_TARG_THREAD);
	assert_true(lp_tdesc_thread_setup(&d, "slotq_detach"));
	assert_false(lp_tdesc_thread_setup(&d, "slotq_pop"));
	const struct lp_targ *o = &d.ops[0].args[1];
	assert_int_equal(o->kind, LP_TARG_OUT);
	assert_int_equal(o->out, LP_TOUT_INT);
	assert_int_equal(lp_targ_out_size(o), sizeof(int));
	const struct lp_targ *r = d.ops[1].args;
	assert_int_equal(r[1].out, LP_TOUT_BYTES);
	assert_int_equal(lp_targ_out_size(&r[1]), 16);
	assert_int_equal(r[2].out, LP_TOUT_DOUBLE);
	assert_int_equal(r[3].out, LP_TOUT_PTR);
	assert_int_equal(r[4].out, LP_TOUT_LONG);
	assert_string_equal(lp_tout_ctype(LP_TOUT_BYTES), "unsigned char");
	assert_int_equal(d.ops[2].args[1].kind, LP_TARG_THREAD);
	assert_int_equal(d.n_helpers, 1);
	assert_string_equal(d.helpers[0], "dir/./libh.so");
	assert_int_equal(d.n_locks, 1);
	assert_string_equal(d.locks[0], "slotq_lock");
	assert_int_equal(d.lock_lines[0], 6);
	assert_int_equal(d.ops[3].args[1].kind, LP_TARG_FN);
	assert_string_equal(d.ops[3].args[1].s, "dbl");
	assert_int_equal(d.ops[3].args[2].kind, LP_TARG_BYTES);
	assert_int_equal(d.ops[3].args[2].i, 8);
	/* printed back and parsed again: the same text; copies keep the new lines (an
	 * absolute folder, so the relative header stays as it is) */
	lp_tdesc_free(&d);
	assert_int_equal(lp_tdesc_parse_text("/x/s.lineup", header_test, &d, err, sizeof err), 0);
	char *once = print(&d);
	struct lp_tdesc e, c;
	assert_int_equal(lp_tdesc_parse_text("/x/s.lineup", once, &e, err, sizeof err), 0);
	lp_tdesc_copy(&c, &e);
	char *copied = print(&c);
	assert_string_equal(once, copied);
	assert_non_null(strstr(once, "header    <glib.h>\n"));
	assert_non_null(strstr(once, "pkg-config glib-2.0\n"));
	assert_non_null(strstr(once, "thread-init slotq_attach(q, $thread)\n"));
	assert_non_null(strstr(once, "thread-fini slotq_detach(q)\n"));
	assert_non_null(
	    strstr(once, "slotq_read(q, out bytes 16, out double, out ptr, out long)\n"));
	assert_non_null(strstr(once, "helper    /x/./libh.so\n"));
	assert_non_null(strstr(once, "lock      slotq_lock\n"));
	assert_non_null(strstr(once, "slotq_map(q, fn dbl, bytes 8)\n"));
	free(once), free(copied);
	lp_tdesc_free(&d), lp_tdesc_free(&e), lp_tdesc_free(&c);
	/* a variable may still be called out */
	assert_int_equal(
	    lp_tdesc_parse_text("t", "init out = f()\nthread g(out)\n", &d, err, sizeof err), 0);
	assert_int_equal(d.threads[0].calls[0].args[0].kind, LP_TARG_VAR);
	lp_tdesc_free(&d);
}

/* op f(b, {"a", 1 | "bc", 2}): the arguments of an alternative are drawn together, as one
 * op line per alternative; groups multiply; a '|' in a string is no separator. */
static void correlated_choices(void **state)
{
	(void)state;
	struct lp_tdesc d;
	char err[300];
	assert_int_equal(lp_tdesc_parse_text("t",
					     "init b = new()\n"
					     "op add(b, {\"a\", 1 | \"b|c\", 2}, {3 | 4})\n"
					     "op take(b, {5, 6})\n",
					     &d, err, sizeof err),
			 0);
	assert_int_equal(d.n_ops, 5);
	assert_int_equal(d.ops[0].n_args, 4);
	assert_string_equal(d.ops[0].args[1].s, "a");
	assert_int_equal(d.ops[0].args[2].i, 1);
	assert_int_equal(d.ops[0].args[3].i, 3);
	assert_int_equal(d.ops[1].args[3].i, 4);
	assert_string_equal(d.ops[2].args[1].s, "b|c");
	assert_int_equal(d.ops[2].args[2].i, 2);
	assert_int_equal(d.ops[3].args[3].i, 4);
	assert_int_equal(d.ops[4].args[1].kind, LP_TARG_SET); /* an ordinary choice */
	assert_int_equal(d.ops[0].line, 2);
	lp_tdesc_free(&d);
	refuses("target l.so\nthread f({1 | 2})\n", "t.lineup:2: a choice {...} is allowed");
	refuses("target l.so\nfinal f({1 | 2})\nop g()\n",
		"t.lineup:2: a correlated choice {a, b | c, d} is allowed in op lines only");
	refuses("target l.so\nop f({1, | 2})\n", "t.lineup:2: bad argument");
}

static void refuses_malformed_header_vocabulary(void **state)
{
	(void)state;
	refuses("target l.so\nthread f(out short)\n", "t.lineup:2: bad out-parameter type");
	refuses("target l.so\nthread f(out bytes)\n", "t.lineup:2: out bytes needs a size");
	refuses("target l.so\nthread f(out bytes 0)\n", "t.lineup:2: out bytes needs a size");
	refuses("target l.so\nthread f(out bytes 4097)\n", "t.lineup:2: out bytes needs a size");
	refuses("target l.so\ninit f($thread)\nthread f(1)\n",
		"t.lineup:2: $thread in an init or final line");
	refuses("target l.so\nthread f(1)\nfinal f($thread)\n",
		"t.lineup:3: $thread in an init or final line");
	refuses("target l.so\nthread f($self)\n", "t.lineup:2: unknown '$' argument");
	refuses("target l.so\nheader <glib.h\nthread f()\n", "t.lineup:2: bad header");
	refuses("target l.so\nheader <a b.h>\nthread f()\n", "t.lineup:2: bad header");
	refuses("target l.so\nheader\nthread f()\n", "t.lineup:2: header needs a value");
	refuses("target l.so\nlock a b\nthread f()\n", "t.lineup:2: bad lock");
	refuses("target l.so\npkg-config glib-2.0; rm\nthread f()\n",
		"t.lineup:2: bad pkg-config package");
	refuses("target l.so\nthread-init reg()\nthread reg(); f()\n",
		"t.lineup:3: reg is called by thread-init or thread-fini");
	refuses("target l.so\nthread-fini bye()\nop bye()\n",
		"t.lineup:3: bye is called by thread-init or thread-fini");
	refuses("target l.so\nthread-init\nthread f()\n", "t.lineup:2: expected a call");
	refuses("target l.so\nthread f(bytes 0)\n", "t.lineup:2: bytes needs a size");
	refuses("target l.so\nhelper\nthread f()\n", "t.lineup:2: helper needs a value");
	refuses("target l.so\nthread-exit f()\nthread f()\n",
		"t.lineup:2: unknown directive 'thread-exit'");
}

/* struct{...}: members in order, nested, printed back as written; a choice of structs in
 * op lines; what a member may not be. */
static void struct_literals(void **state)
{
	(void)state;
	static const char text[] =
	    "target l.so\n"
	    "init q = n()\n"
	    "thread add(q, struct{1, -2, 0x10}); tag(q, struct { struct{1, 2} , 3.5f })\n"
	    "thread mix(q, struct{2.5, NULL}); ref(struct{q, $thread})\n";
	struct lp_tdesc d;
	char err[300];
	assert_int_equal(lp_tdesc_parse_text("t.lineup", text, &d, err, sizeof err), 0);
	const struct lp_targ *a = &d.threads[0].calls[0].args[1];
	assert_int_equal(a->kind, LP_TARG_STRUCT);
	assert_int_equal(a->n_set, 3);
	assert_int_equal(a->set[1].kind, LP_TARG_INT);
	assert_int_equal(a->set[1].i, -2);
	assert_int_equal(a->set[2].i, 16);
	const struct lp_targ *t = &d.threads[0].calls[1].args[1];
	assert_int_equal(t->n_set, 2);
	assert_int_equal(t->set[0].kind, LP_TARG_STRUCT);
	assert_int_equal(t->set[0].n_set, 2);
	assert_int_equal(t->set[1].kind, LP_TARG_FLOAT);
	assert_true(t->set[1].single);
	assert_int_equal(d.threads[1].calls[0].args[1].set[1].kind, LP_TARG_NULL);
	assert_int_equal(d.threads[1].calls[1].args[0].set[0].kind, LP_TARG_VAR);
	assert_int_equal(d.threads[1].calls[1].args[0].set[1].kind, LP_TARG_THREAD);
	char *out = print(&d);
	assert_non_null(strstr(out, "add(q, struct{1, -2, 16})"));
	assert_non_null(strstr(out, "tag(q, struct{struct{1, 2}, 3.5f})"));
	assert_non_null(strstr(out, "mix(q, struct{2.5, NULL}); ref(struct{q, $thread})"));
	struct lp_tdesc again;
	assert_int_equal(lp_tdesc_parse_text("t.lineup", out, &again, err, sizeof err), 0);
	char *out2 = print(&again);
	assert_string_equal(out, out2);
	free(out);
	free(out2);
	lp_tdesc_free(&again);
	lp_tdesc_free(&d);

	static const char gen[] =
	    "target l.so\ninit q = n()\nop add(q, {struct{1, 2}, struct{3, 4}})\n";
	assert_int_equal(lp_tdesc_parse_text("g.lineup", gen, &d, err, sizeof err), 0);
	assert_int_equal(d.ops[0].args[1].kind, LP_TARG_SET);
	assert_int_equal(d.ops[0].args[1].set[1].kind, LP_TARG_STRUCT);
	assert_int_equal(d.ops[0].args[1].set[1].set[0].i, 3);
	lp_tdesc_free(&d);

	refuses("target l.so\nthread f(struct{1, \"a\"})\n",
		"t.lineup:2: a struct member is an integer, a floating point number, NULL, a "
		"variable, $thread or a struct{...}, not '\"a\"'");
	refuses("target l.so\nthread f(struct{1, out int})\n", "t.lineup:2: a struct member is");
	refuses("target l.so\nthread f(struct{1, x})\n", "t.lineup:2: variable 'x' is not bound");
	refuses("target l.so\ninit f(struct{$thread})\nthread f(1)\n",
		"t.lineup:2: $thread in an init or final line");
	refuses("target l.so\nthread f(struct{1, 2)\n",
		"t.lineup:2: expected ',' or '}' in a struct");
	refuses("target l.so\nthread f(struct{})\n", "t.lineup:2: bad argument at '})'");
	refuses("target l.so\nthread f(struct{1..2})\n", "t.lineup:2: expected ',' or '}'");
	refuses("target l.so\nop f({1, 2 3})\nthread f\n",
		"t.lineup:2: expected ',' or '}' in a choice {x, y, z}");
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(parses_a_fixed_test),
					   cmocka_unit_test(parses_a_generator),
					   cmocka_unit_test(prints_back),
					   cmocka_unit_test(refuses_malformed),
					   cmocka_unit_test(parses_the_header_vocabulary),
					   cmocka_unit_test(refuses_malformed_header_vocabulary),
					   cmocka_unit_test(correlated_choices),
					   cmocka_unit_test(struct_literals)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
