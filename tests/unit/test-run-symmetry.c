/* tests/unit/test-run-symmetry.c — identical threads of a serial history: which threads
 * form groups, when they behave alike, and the histories derived by swapping them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/run/symmetry.h"

static const char h3[] = "history serial schedule=s:5@0.2\n"
			 "0 call new()\n0 ret 0x10\n"
			 "0.2 call add(0x10, 5)\n0.2 ret void\n"
			 "0.1 call add(0x10, 5)\n0.1 ret void\n"
			 "0.3 call add(0x10, 6)\n0.3 ret void\n"
			 "0.4 call add(0x10, 5)\n0.4 ret void\n"
			 "end\n";

static lp_tid_t tid(const char *s)
{
	lp_tid_t t = 0;
	assert_int_equal(lp_tid_parse(s, &t), 0);
	return t;
}

static void groups(void **state)
{
	(void)state;
	struct lp_symmetry_member m[64];
	size_t n = lp_symmetry_groups(h3, m, 64);
	assert_int_equal(n, 3); /* 0.1, 0.2, 0.4 make the same call; 0.3 and main do not */
	assert_true(m[0].tid == tid("0.1") && m[1].tid == tid("0.2") && m[2].tid == tid("0.4"));
	assert_int_equal(m[0].group, m[1].group);
	assert_int_equal(m[1].group, m[2].group);
	/* a thread that creates threads, and groups of one, are left out */
	const char *h = "history serial\n0.1 call f(1)\n0.1 ret 0\n0.1.1 call f(1)\n0.1.1 ret 0\n"
			"0.2 call f(1)\n0.2 ret 0\nend\n";
	assert_int_equal(lp_symmetry_groups(h, m, 64), 0);
}

static int n_derived;
static char derived[8][512];

static void collect(const char *history, void *ctx)
{
	(void)ctx;
	snprintf(derived[n_derived++ % 8], sizeof derived[0], "%s", history);
}

static void relabel(void **state)
{
	(void)state;
	struct lp_symmetry_member m[64];
	size_t n = lp_symmetry_groups(h3, m, 64);
	n_derived = 0;
	assert_int_equal(lp_symmetry_relabel(h3, m, n, collect, NULL), 5); /* 3! - 1 */
	assert_int_equal(n_derived, 5);
	for (int i = 0; i < 5; i++) {
		assert_non_null(strstr(derived[i], "history serial symmetric-to=s:5@0.2\n"));
		assert_non_null(strstr(derived[i], "0.3 call add(0x10, 6)\n")); /* not a member */
		assert_non_null(strstr(derived[i], "0 call new()\n"));
		for (int j = 0; j < i; j++)
			assert_string_not_equal(derived[i], derived[j]);
		assert_string_not_equal(derived[i], h3);
	}
}

static void consistency(void **state)
{
	(void)state;
	struct lp_symmetry_member m[64];
	const char *same =
	    "history serial\n0.1 call take(1)\n0.1 ret 0\n0.1 call add(1)\n"
	    "0.1 ret void\n0.2 call take(1)\n0.2 ret 0\n0.2 call add(1)\n0.2 ret void\nend\n";
	size_t n = lp_symmetry_groups(same, m, 64);
	assert_int_equal(n, 2);
	assert_true(lp_symmetry_consistent(same, m, n));
	/* other results may lead to other calls */
	const char *branch = "history serial\n0.1 call take(1)\n0.1 ret 0\n0.1 call add(1)\n"
			     "0.1 ret void\n0.2 call take(1)\n0.2 ret 7\n0.2 call add(2)\n"
			     "0.2 ret void\nend\n";
	assert_true(lp_symmetry_consistent(branch, m, n));
	/* the same results, then other calls: not the same code */
	const char *differ = "history serial\n0.1 call take(1)\n0.1 ret 0\n0.1 call add(1)\n"
			     "0.1 ret void\n0.2 call take(1)\n0.2 ret 0\n0.2 call add(2)\n"
			     "0.2 ret void\nend\n";
	assert_false(lp_symmetry_consistent(differ, m, n));
}

/* Two groups: {0.1, 0.2, 0.4} and {0.5, 0.6}; 0.3 is no member. */
static size_t two_groups(struct lp_symmetry_member *m)
{
	const char *h = "history serial\n0.1 call f(1)\n0.1 ret 0\n0.2 call f(1)\n0.2 ret 0\n"
			"0.3 call f(2)\n0.3 ret 0\n0.4 call f(1)\n0.4 ret 0\n"
			"0.5 call g()\n0.5 ret 0\n0.6 call g()\n0.6 ret 0\nend\n";
	size_t n = lp_symmetry_groups(h, m, 64);
	assert_int_equal(n, 5);
	return n;
}

static void expect_canonical(const struct lp_symmetry_member *m, size_t n, const char *request,
			     const char *want)
{
	char *got = lp_symmetry_canonical(request, m, n);
	assert_string_equal(got, want);
	free(got);
}

static void canonical(void **state)
{
	(void)state;
	struct lp_symmetry_member m[64];
	size_t n = two_groups(m);
	/* members renamed by first appearance, each group apart; others and the hint's '+'
	 * kept */
	expect_canonical(m, n, "0 0.4 0.3 0.1 + 0.4 0.6 0.2 0.5\n",
			 "0 0.1 0.3 0.2 + 0.1 0.5 0.4 0.6\n");
	/* a canonical request is its own */
	expect_canonical(m, n, "0.1 0.2 0.1 0.5 0.4\n", "0.1 0.2 0.1 0.5 0.4\n");
	/* every order of one class has one form: 0.2 first or 0.4 first, the same */
	expect_canonical(m, n, "0.2 0.2 0.6\n", "0.1 0.1 0.5\n");
	expect_canonical(m, n, "0.4 0.4 0.5\n", "0.1 0.1 0.5\n");
	/* no symmetry, or words that are no thread: unchanged */
	expect_canonical(m, 0, "0.4 0.1\n", "0.4 0.1\n");
	expect_canonical(m, n, "0.9 x 0.2\n", "0.9 x 0.1\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(groups), cmocka_unit_test(relabel),
					   cmocka_unit_test(consistency),
					   cmocka_unit_test(canonical)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
