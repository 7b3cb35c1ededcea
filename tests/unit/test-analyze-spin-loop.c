/* tests/unit/test-analyze-spin-loop.c — the loop around a spinning pc and its plain memory
 * instructions (cli/analyze/spin-loop.h), on hand-written loops of known layout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "spin-loop.h"

static char path[4096];

/* The first plain memory instruction of func (the scan, -g memory, filtered to func). */
static uint64_t first_site(const char *func, enum lp_site_kind *kind)
{
	const char *const funcs[] = {func};
	struct lp_scan sc;
	char err[256];
	assert_int_equal(lp_atomics_scan(path, funcs, 1, true, &sc, err, sizeof err), 0);
	assert_true(sc.n > 0);
	uint64_t off = sc.sites[0].offset;
	*kind = sc.sites[0].kind;
	lp_atomics_scan_free(&sc);
	return off;
}

static void test_load_loop(void **state)
{
	(void)state;
	enum lp_site_kind kind;
	uint64_t load = first_site("spin_load", &kind); /* movl (%rdi),%eax: 2 bytes */
	assert_int_equal(kind, LP_SITE_LOAD);
	uint64_t lo, hi;
	char err[256];
	/* sampled at the cmp after the load: the loop is load, cmp, jne */
	assert_int_equal(lp_spin_loop(path, load + 2, &lo, &hi, err, sizeof err), 0);
	assert_int_equal(lo, load);
	assert_int_equal(hi, load + 2 + 2 + 2);
	struct lp_scan sc;
	assert_int_equal(lp_spin_loop_sites(path, load + 2, &sc, err, sizeof err), 0);
	assert_int_equal(sc.n, 1);
	assert_int_equal(sc.sites[0].offset, load);
	assert_int_equal(sc.sites[0].kind, LP_SITE_LOAD);
	lp_atomics_scan_free(&sc);
}

static void test_store_loop(void **state)
{
	(void)state;
	enum lp_site_kind kind;
	uint64_t store = first_site("spin_store", &kind);
	assert_int_equal(kind, LP_SITE_STORE);
	struct lp_scan sc;
	char err[256];
	assert_int_equal(lp_spin_loop_sites(path, store + 6, &sc, err, sizeof err), 0);
	assert_int_equal(sc.n, 2); /* the store and the load: the caller sees it writes */
	assert_int_equal(sc.sites[0].kind, LP_SITE_STORE);
	assert_int_equal(sc.sites[1].kind, LP_SITE_LOAD);
	lp_atomics_scan_free(&sc);
}

static void test_stack_loop_and_no_loop(void **state)
{
	(void)state;
	enum lp_site_kind kind;
	uint64_t nl = first_site("no_loop", &kind);
	uint64_t lo, hi;
	char err[256];
	assert_int_equal(lp_spin_loop(path, nl, &lo, &hi, err, sizeof err), -1);
	assert_non_null(strstr(err, "no loop"));
	/* spin_call sits just before no_loop (5 + 2 + 2 + 1 bytes): its callee's stores
	 * would not be seen */
	assert_int_equal(lp_spin_loop(path, nl - 5, &lo, &hi, err, sizeof err), -1);
	assert_non_null(strstr(err, "calls out"));
	/* spin_stack before it: 4 + 2 + 2 + 1 bytes */
	struct lp_scan sc;
	assert_int_equal(lp_spin_loop_sites(path, nl - 19, &sc, err, sizeof err), 0);
	assert_int_equal(sc.n, 0); /* a stack load is no site */
	lp_atomics_scan_free(&sc);
	assert_int_equal(lp_spin_loop(path, 0x7fffffff, &lo, &hi, err, sizeof err), -1);
}

int main(void)
{
	const char *top = getenv("top_builddir");
	snprintf(path, sizeof path, "%s/tests/atomics/libspin-loop.so", top ? top : ".");
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_load_loop),
	    cmocka_unit_test(test_store_loop),
	    cmocka_unit_test(test_stack_loop_and_no_loop),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
