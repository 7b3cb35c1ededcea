/* tests/unit/test-run-spin-restart.c — whether a spin caught at a pc restarts the run with
 * a --spin-site (cli/run/spin-restart.h): on this very process, with tests/atomics'
 * hand-written loops loaded, a load-only loop does, a storing one and other granularities
 * do not, nor a fifth restart. */
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/run/spin-restart.h"

static char path[4096];
static void *lib;
static struct lp_plan_target target;
static struct lp_plan plan = {.n_targets = 1, .targets = &target, .level = LP_SITES_ATOMIC};

static uint64_t addr(const char *sym, unsigned off)
{
	void *p = dlsym(lib, sym);
	assert_non_null(p);
	return (uint64_t)(uintptr_t)p + off;
}

static void load_loop_restarts(void **state)
{
	(void)state;
	char *site = NULL, *note = NULL;
	/* spin_load: xor (2 bytes), then the loop; sampled at its cmp */
	assert_true(lp_spin_restart_prepare(getpid(), addr("spin_load", 4),
					    lp_tid_child(LP_TID_MAIN, 2), &site, &note));
	assert_non_null(strstr(site, "libspin-loop.so+0x"));
	assert_non_null(strstr(note, "its loop's 1 load is now a scheduling point"));
	assert_non_null(strstr(note, "run restarted"));
	free(site);
	free(note);
}

static void refused(void **state)
{
	(void)state;
	char *site = NULL, *note = NULL;
	assert_false(
	    lp_spin_restart_prepare(getpid(), addr("spin_store", 6), LP_TID_NONE, &site, &note));
	assert_false(
	    lp_spin_restart_prepare(getpid(), addr("spin_call", 5), LP_TID_NONE, &site, &note));
	assert_false(lp_spin_restart_prepare(getpid(), (uint64_t)(uintptr_t)&refused, LP_TID_NONE,
					     &site, &note)); /* not a target's */
	plan.level = LP_SITES_MEMORY;
	assert_false(
	    lp_spin_restart_prepare(getpid(), addr("spin_load", 4), LP_TID_NONE, &site, &note));
	plan.level = LP_SITES_ATOMIC;
	setenv(LP_SPIN_NOTES_ENV, "a\nb\nc\nd", 1);
	lp_spin_restart_init(NULL, &plan);
	assert_null(getenv(LP_SPIN_NOTES_ENV));
	assert_string_equal(lp_spin_restart_notes(), "a\nb\nc\nd");
	assert_false(lp_spin_restart_prepare(getpid(), addr("spin_load", 4), LP_TID_NONE, &site,
					     &note)); /* the fifth */
	lp_spin_restart_init(NULL, &plan);
	assert_string_equal(lp_spin_restart_notes(), "");
	assert_null(site);
}

int main(void)
{
	const char *top = getenv("top_builddir");
	snprintf(path, sizeof path, "%s/tests/atomics/libspin-loop.so", top ? top : ".");
	char *real = realpath(path, NULL);
	struct stat st;
	if (!real || stat(real, &st) || !(lib = dlopen(real, RTLD_NOW))) {
		fprintf(stderr, "cannot load %s\n", path);
		return 1;
	}
	target.path = real;
	target.name = real;
	target.dev = st.st_dev;
	target.ino = st.st_ino;
	lp_spin_restart_init(NULL, &plan);
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(load_loop_restarts),
	    cmocka_unit_test(refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
