/* tests/unit/test-test-test-gen.c — generated tests: random ones depend on (seed, number)
 * alone, AutoCheck's are distinct and of growing size, minimisation's variants are
 * smaller and stay within the op lines' choices. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/test/test-gen.h"

static const char gen[] = "target l.so\ninit q = new()\nop add(q, 1..9)\nop take(q)\n";

static char *text(const struct lp_tdesc *d)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	lp_tdesc_print(d, f);
	fclose(f);
	return s;
}

static void parse(struct lp_tdesc *g, const char *s)
{
	char err[200];
	assert_int_equal(lp_tdesc_parse_text("g", s, g, err, sizeof err), 0);
}

static void random_tests(void **state)
{
	(void)state;
	struct lp_tdesc g, a, b, c;
	parse(&g, gen);
	lp_tgen_random(&g, 3, 3, 1, 5, &a);
	lp_tgen_random(&g, 3, 3, 1, 5, &b);
	lp_tgen_random(&g, 3, 3, 1, 6, &c);
	char *ta = text(&a), *tb = text(&b), *tc = text(&c);
	assert_string_equal(ta, tb);	 /* (seed, number) alone decide */
	assert_string_not_equal(ta, tc); /* another number, another test */
	assert_int_equal(a.n_threads, 3);
	assert_int_equal(lp_test_calls(&a), 9);
	assert_int_equal(a.n_ops, 0);
	for (int t = 0; t < 3; t++)
		for (int k = 0; k < 3; k++) {
			const struct lp_tcall *x = &a.threads[t].calls[k];
			if (!strcmp(x->func, "add")) {
				assert_int_equal(x->args[1].kind, LP_TARG_INT);
				assert_in_range(x->args[1].i, 1, 9);
				assert_int_equal(x->args[0].kind, LP_TARG_VAR);
			}
		}
	free(ta), free(tb), free(tc);
	lp_tdesc_free(&a), lp_tdesc_free(&b), lp_tdesc_free(&c), lp_tdesc_free(&g);
}

static void auto_shapes_and_tests(void **state)
{
	(void)state;
	int t[16], k[16];
	int n = lp_tgen_auto_shapes(3, 3, t, k, 16);
	assert_int_equal(n, 5);
	int et[] = {1, 2, 2, 3, 3}, ek[] = {1, 1, 2, 2, 3};
	for (int i = 0; i < 5; i++) {
		assert_int_equal(t[i], et[i]);
		assert_int_equal(k[i], ek[i]);
	}
	struct lp_tdesc g;
	parse(&g, gen);
	/* 2x2 with 2 op lines: 4 sequences, multisets of 2: C(5, 2) = 10 */
	uint64_t count = lp_tgen_auto_count(&g, 2, 2);
	assert_int_equal(count, 10);
	char *seen[10];
	for (uint64_t i = 0; i < count; i++) {
		struct lp_tdesc d;
		lp_tgen_auto(&g, 2, 2, i, &d);
		seen[i] = text(&d);
		for (uint64_t j = 0; j < i; j++)
			assert_string_not_equal(seen[i], seen[j]);
		/* choices in turn: the adds of one test get 1, 2, 3... */
		int next = 1;
		for (int th = 0; th < d.n_threads; th++)
			for (int c = 0; c < d.threads[th].n_calls; c++)
				if (!strcmp(d.threads[th].calls[c].func, "add"))
					assert_int_equal(d.threads[th].calls[c].args[1].i, next++);
		lp_tdesc_free(&d);
	}
	for (int i = 0; i < 10; i++)
		free(seen[i]);
	lp_tdesc_free(&g);
}

static void minimisation_variants(void **state)
{
	(void)state;
	struct lp_tdesc g, t, v;
	parse(&g, gen);
	parse(&t, "target l.so\ninit q = new()\ninit new()\nthread add(q, 7); take(q)\n"
		  "thread take(q)\nfinal take(q)\n");
	int i = 0, fewer_threads = 0, fewer_calls = 0, smaller_args = 0, fewer_init = 0;
	while (lp_tmin_variant(&g, &t, i++, &v)) {
		int calls = lp_test_calls(&v);
		if (v.n_threads < t.n_threads)
			fewer_threads++;
		else if (calls < lp_test_calls(&t) || v.n_final < t.n_final)
			fewer_calls++;
		else if (v.n_init < t.n_init) {
			fewer_init++;
			assert_non_null(v.init[0].bind); /* q is used: only the other goes */
		} else {
			smaller_args++;
			long long x = v.threads[0].calls[0].args[1].i;
			assert_true(x == 1 || x == 4); /* the range's low end, or halfway */
		}
		lp_tdesc_free(&v);
	}
	assert_int_equal(fewer_threads, 2);
	assert_int_equal(fewer_calls, 3); /* one of thread 1's two calls, or the final */
	assert_int_equal(fewer_init, 1);
	assert_int_equal(smaller_args, 2);
	lp_tdesc_free(&t), lp_tdesc_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(random_tests),
					   cmocka_unit_test(auto_shapes_and_tests),
					   cmocka_unit_test(minimisation_variants)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
