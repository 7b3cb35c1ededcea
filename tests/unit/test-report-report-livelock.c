/* tests/unit/test-report-report-livelock.c — the livelock line of a stuck report, from a synthetic
 * execution log: the spinning thread, its distinct last sites, the limit. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/report-livelock.h"

#define T1 ((lp_tid_t)1 << 56) /* 0.1 */
#define T2 ((lp_tid_t)2 << 56) /* 0.2 */

/* Names the addresses of a pretend stack_pop. */
static char *fake_sym(void *arg, uint64_t addr)
{
	int *calls = arg;
	char *s = malloc(64);
	(*calls)++;
	snprintf(s, 64, "stack_pop+%#llx (stack.c:%d)", (unsigned long long)(addr - 0x1000),
		 (int)(addr - 0x1000));
	return s;
}

struct fixture {
	struct lp_explore_decision d[80];
	uint64_t sites[80];
	struct lp_exec_log log;
};

static void add(struct fixture *f, lp_tid_t running, lp_tid_t chosen, uint64_t site)
{
	size_t i = f->log.n_decisions++;
	f->d[i] = (struct lp_explore_decision){
	    .step = i, .running = running, .chosen = chosen, .point = LP_PT_ATOMIC};
	f->sites[i] = site;
	f->log.decisions = f->d;
	f->log.sites = f->sites;
}

static void names_thread_and_loop(void **state)
{
	struct fixture f = {0};
	int calls = 0;
	/* 0.2 ran elsewhere, then 0.1 spins over three instructions of its loop */
	add(&f, T2, T2, 0x1100);
	add(&f, T2, T1, 0x1104);
	for (int i = 0; i < 10; i++) {
		add(&f, T1, T1, 0x101c);
		add(&f, T1, T1, 0x1024);
		add(&f, T1, T1, 0x1030);
	}
	char *t = lp_livelock_text(&f.log, 30, fake_sym, &calls);
	assert_string_equal(
	    t, "stuck: thread 0.1 took more than 30 scheduling points (--max-steps) inside one "
	       "operation without finishing; it is spinning at stack_pop+0x30 (stack.c:48), "
	       "stack_pop+0x24 (stack.c:36), stack_pop+0x1c (stack.c:28)\n" LP_LIVELOCK_CAUTION);
	assert_int_equal(calls, 3); /* each distinct site symbolized once */
	free(t);
}

static void other_thread_chose_it(void **state)
{
	struct fixture f = {0};
	int calls = 0;
	/* a yield by 0.1 let 0.2 run; 0.2's point chose 0.1 again, which then hit the limit:
	 * 0.1 is the spinner, and only its own points are its loop */
	add(&f, T1, T2, 0x1040);
	add(&f, T2, T1, 0x2000);
	char *t = lp_livelock_text(&f.log, 5, fake_sym, &calls);
	assert_non_null(strstr(t, "thread 0.1 took more than 5 "));
	assert_non_null(strstr(t, "spinning at stack_pop+0x40 (stack.c:64)\n"));
	assert_null(strstr(t, "0x1000"));
	assert_int_equal(calls, 1);
	free(t);
}

static void no_sites(void **state)
{
	struct fixture f = {0};
	int calls = 0;
	char *t = lp_livelock_text(&f.log, 10000, fake_sym, &calls);
	assert_string_equal(
	    t, "stuck: a thread took more than 10000 scheduling points (--max-steps) inside one "
	       "operation without finishing\n" LP_LIVELOCK_CAUTION);
	free(t);
	add(&f, T1, T1, 0);
	t = lp_livelock_text(&f.log, 7, fake_sym, &calls);
	assert_non_null(strstr(t, "thread 0.1 took more than 7 "));
	assert_non_null(strstr(t, "(its last points have no code address)\n"));
	assert_int_equal(calls, 0);
	free(t);
}

static void window_is_bounded(void **state)
{
	struct fixture f = {0};
	int calls = 0;
	/* a site older than the window is not named, however distinct */
	add(&f, T1, T1, 0x1500);
	for (int i = 0; i < LP_LIVELOCK_WINDOW; i++)
		add(&f, T1, T1, 0x1010);
	char *t = lp_livelock_text(&f.log, 100, fake_sym, &calls);
	assert_non_null(strstr(t, "spinning at stack_pop+0x10 (stack.c:16)\n"));
	assert_null(strstr(t, "0x500"));
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(names_thread_and_loop),
	    cmocka_unit_test(other_thread_chose_it),
	    cmocka_unit_test(no_sites),
	    cmocka_unit_test(window_is_bounded),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
