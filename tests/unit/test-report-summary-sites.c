/* tests/unit/test-report-summary-sites.c — the run summary's instrumentation lines and
 * warnings: per object when the preload trapped every planned site, totals when not,
 * skipped sites one line per reason, and the warnings that weaken the verdict. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/summary-sites.h"

static struct lp_sites_object objs[2];

/* libfoo.so: 12 rmw, 3 xchg, 1 fence, 2 pause; libbar.so.1 (--instrument): 4 rmw, and 2
 * sites the scan skipped behind branches, 1 after undecodable bytes. */
static struct lp_sites_summary base(void)
{
	memset(objs, 0, sizeof objs);
	objs[0].name = "libfoo.so";
	objs[0].planned[LP_SITE_RMW] = 12;
	objs[0].planned[LP_SITE_XCHG] = 3;
	objs[0].planned[LP_SITE_FENCE] = 1;
	objs[0].planned[LP_SITE_PAUSE] = 2;
	objs[1].name = "libbar.so.1";
	objs[1].planned[LP_SITE_RMW] = 4;
	objs[1].skipped[LP_SKIP_BRANCH_INTO] = 2;
	objs[1].skipped[LP_SKIP_AFTER_BAD] = 1;
	return (struct lp_sites_summary){
	    .enabled = true, .in_plan = true, .objects = objs, .n_objects = 2};
}

static void all_patched(struct lp_sites_summary *s)
{
	s->reported = true;
	s->patched[LP_SITE_RMW] = 16;
	s->patched[LP_SITE_XCHG] = 3;
	s->patched[LP_SITE_FENCE] = 1;
	s->patched[LP_SITE_PAUSE] = 2;
	s->stubbed = 22;
}

/* A --lock function's swap is counted as "lock", and the trusted locks are named. */
static void trusted_locks_named(void **state)
{
	(void)state;
	struct lp_sites_summary s = base();
	objs[0].planned[LP_SITE_RMW] = 11;
	objs[0].planned[LP_SITE_LOCK] = 1;
	objs[0].locks = "g_mutex_lock";
	all_patched(&s);
	s.patched[LP_SITE_RMW] = 15;
	s.patched[LP_SITE_LOCK] = 1;
	char *t = lp_sites_summary_text(&s);
	assert_non_null(strstr(t,
			       "instrumented: 11 rmw, 3 xchg, 1 fence, 2 pause, 1 lock in "
			       "libfoo.so\n"
			       "instrumented: 4 rmw in libbar.so.1\n"
			       "locks: g_mutex_lock in libfoo.so, trusted: a thread waits at the "
			       "swap until it takes the lock, whose contended path is not explored "
			       "(--lock none explores it)\n"));
	free(t);
}

static void per_object_when_all_trapped(void **state)
{
	struct lp_sites_summary s = base();
	all_patched(&s);
	char *t = lp_sites_summary_text(&s);
	assert_string_equal(
	    t,
	    "instrumented: 12 rmw, 3 xchg, 1 fence, 2 pause in libfoo.so\n"
	    "instrumented: 4 rmw in libbar.so.1\n"
	    "patched: 22 by a jump to a stub, 0 by int3\n"
	    "not instrumented: 2 sites in libbar.so.1: branch target inside the instruction\n"
	    "not instrumented: 1 site in libbar.so.1: follows undecodable bytes: the instruction "
	    "boundary is uncertain\n");
	free(t);
	/* some by int3: why, in words */
	s.stubbed = 19;
	unsetenv("LINEUP_NO_STUBS");
	t = lp_sites_summary_text(&s);
	assert_non_null(strstr(t, "patched: 19 by a jump to a stub, 3 by int3 (too short for a "
				  "jump, with no dead padding in reach)\n"));
	free(t);
	setenv("LINEUP_NO_STUBS", "1", 1);
	s.stubbed = 0;
	t = lp_sites_summary_text(&s);
	assert_non_null(
	    strstr(t, "patched: 0 by a jump to a stub, 22 by int3 (LINEUP_NO_STUBS is set)\n"));
	free(t);
	unsetenv("LINEUP_NO_STUBS");
	struct lp_summary sum = {0};
	lp_sites_summary_warn(&s, &sum);
	assert_int_equal(sum.n_warnings, 1);
	assert_string_equal(sum.warnings[0],
			    "3 instructions that should be scheduling points could not be trapped "
			    "(see 'not instrumented'): races at them can be missed");
	lp_summary_free(&sum);
}

static void totals_when_some_untrapped(void **state)
{
	struct lp_sites_summary s = base();
	all_patched(&s);
	s.patched[LP_SITE_RMW] = 14;
	s.stubbed = 20;
	s.unpatched = 2;
	char *t = lp_sites_summary_text(&s);
	assert_non_null(strstr(
	    t, "planned: 12 rmw, 3 xchg, 1 fence, 2 pause in libfoo.so\n"
	       "planned: 4 rmw in libbar.so.1\n"
	       "instrumented: 14 rmw, 3 xchg, 1 fence, 2 pause in all (the preload trapped 20 of "
	       "the 22 planned sites)\n"));
	free(t);
	struct lp_summary sum = {0};
	lp_sites_summary_warn(&s, &sum);
	assert_int_equal(sum.n_warnings, 2);
	assert_string_equal(
	    sum.warnings[0],
	    "the preload could not trap 2 of the plan's 22 sites (the warnings above "
	    "say why): races at those instructions can be missed");
	lp_summary_free(&sum);
}

static void preload_trapped_nothing(void **state)
{
	struct lp_sites_summary s = base();
	s.reported = true;
	objs[1].skipped[LP_SKIP_BRANCH_INTO] = objs[1].skipped[LP_SKIP_AFTER_BAD] = 0;
	char *t = lp_sites_summary_text(&s);
	assert_non_null(strstr(
	    t, "instrumented: nothing in all (the preload trapped 0 of the 22 planned sites)\n"));
	free(t);
	struct lp_summary sum = {0};
	lp_sites_summary_warn(&s, &sum);
	assert_int_equal(sum.n_warnings, 1);
	assert_non_null(strstr(
	    sum.warnings[0], "the preload trapped no atomic instruction: it ignored the plan's 22 "
			     "sites"));
	/* the old text claimed futex calls were scheduling points */
	assert_null(strstr(sum.warnings[0], "futex"));
	lp_summary_free(&sum);
}

static void nothing_to_trap_and_sync(void **state)
{
	struct lp_sites_summary s = base();
	memset(objs[0].planned, 0, sizeof objs[0].planned);
	s.n_objects = 1;
	s.reported = true;
	char *t = lp_sites_summary_text(&s);
	assert_string_equal(
	    t, "instrumented: nothing (no atomic instruction or pause) in libfoo.so\n"
	       "note: plain loads and stores are no scheduling points at -g atomic: a race on "
	       "memory that no lock protects goes unseen (-g memory makes them scheduling "
	       "points)\n");
	free(t);
	s.memory = true;
	t = lp_sites_summary_text(&s);
	assert_string_equal(
	    t, "instrumented: nothing (no atomic instruction, pause or shared load or store) in "
	       "libfoo.so\n");
	free(t);
	struct lp_summary sum = {0};
	lp_sites_summary_warn(&s, &sum); /* nothing planned, nothing missed */
	assert_int_equal(sum.n_warnings, 0);

	s.enabled = false;
	t = lp_sites_summary_text(&s);
	assert_string_equal(t, "instrumented: no instruction (-g sync)\n");
	free(t);
}

static void before_the_preload_reported(void **state)
{
	struct lp_sites_summary s = base();
	objs[1].skipped[LP_SKIP_BRANCH_INTO] = objs[1].skipped[LP_SKIP_AFTER_BAD] = 0;
	char *t = lp_sites_summary_text(&s);
	assert_string_equal(t, "planned: 12 rmw, 3 xchg, 1 fence, 2 pause in libfoo.so\nplanned: 4 "
			       "rmw in libbar.so.1\n");
	free(t);
	s.in_plan = false; /* LINEUP_PLAN_SITES=0 */
	s.reported = true;
	t = lp_sites_summary_text(&s);
	assert_non_null(strstr(
	    t, "instrumented: nothing (LINEUP_PLAN_SITES=0 left the sites out of the plan)\n"));
	free(t);
	struct lp_summary sum = {0};
	lp_sites_summary_warn(&s, &sum);
	assert_int_equal(sum.n_warnings, 1);
	assert_non_null(strstr(sum.warnings[0], "LINEUP_PLAN_SITES=0"));
	lp_summary_free(&sum);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(per_object_when_all_trapped),
	    cmocka_unit_test(trusted_locks_named),
	    cmocka_unit_test(totals_when_some_untrapped),
	    cmocka_unit_test(preload_trapped_nothing),
	    cmocka_unit_test(nothing_to_trap_and_sync),
	    cmocka_unit_test(before_the_preload_reported),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
