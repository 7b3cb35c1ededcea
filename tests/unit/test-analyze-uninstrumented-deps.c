/* tests/unit/test-analyze-uninstrumented-deps.c — which dependencies of a target may hold its
 * locks (uninstrumented-deps.c): runtimes, the loader, the vdso and the preload never do (they
 * are refused or are no component's locks); -g sync looks at nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "analyze-internal.h"

static void runtimes_are_no_candidates(void **state)
{
	(void)state;
	assert_false(lp_dep_candidate("libc.so.6"));
	assert_false(lp_dep_candidate("libpthread.so.0"));
	assert_false(lp_dep_candidate("libstdc++.so.6"));
	assert_false(lp_dep_candidate("ld-linux-x86-64.so.2"));
	assert_false(lp_dep_candidate("linux-vdso.so.1"));
	assert_false(lp_dep_candidate("liblineup-preload.so"));
}

static void component_libraries_are(void **state)
{
	(void)state;
	assert_true(lp_dep_candidate("libglib-2.0.so.0"));
	assert_true(lp_dep_candidate("liburcu-common.so.8"));
	assert_true(lp_dep_candidate("libspinhelper.so"));
	/* a prefix of a runtime's name is another library */
	assert_true(lp_dep_candidate("libcrypto.so.3"));
}

static void sync_granularity_looks_at_nothing(void **state)
{
	(void)state;
	struct lp_plan plan = {0};
	struct lp_closure cl = {0};
	plan.level = LP_SITES_NONE;
	plan.n_targets = 1;
	char path[] = "/nonexistent", name[] = "x";
	struct lp_plan_target t = {.path = path, .name = name};
	plan.targets = &t;
	lp_deps_plan(&plan, &cl);
	assert_int_equal(plan.n_uninstrumented, 0);
	plan.level = LP_SITES_ATOMIC; /* an unreadable target: nothing to say either */
	lp_deps_plan(&plan, &cl);
	assert_int_equal(plan.n_uninstrumented, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(runtimes_are_no_candidates),
	    cmocka_unit_test(component_libraries_are),
	    cmocka_unit_test(sync_granularity_looks_at_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
