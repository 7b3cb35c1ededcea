/* tests/unit/test-cli-progress.c — the progress line: nothing when disabled, at most one
 * redraw per quarter second, the phase's counts and rate, and a clear that erases it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/report/progress.h"

/* Runs fn with stderr sent to a temporary file; returns what it wrote. */
static char *capture(void (*fn)(void))
{
	fflush(stderr);
	int saved = dup(2);
	FILE *tmp = tmpfile();
	assert_non_null(tmp);
	dup2(fileno(tmp), 2);
	fn();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	long n = ftell(tmp);
	char *s = calloc(1, (size_t)n + 1);
	rewind(tmp);
	assert_int_equal(fread(s, 1, (size_t)n, tmp), (size_t)n);
	fclose(tmp);
	return s;
}

static void pause_ms(long ms)
{
	struct timespec ts = {0, ms * 1000000};
	nanosleep(&ts, NULL);
}

static void disabled_run(void)
{
	lp_progress_init(false);
	pause_ms(300);
	lp_progress_update(1, 10, 4, 0);
	lp_progress_clear();
}

static void enabled_run(void)
{
	lp_progress_init(true);
	lp_progress_update(1, 1, 1, 0); /* too soon: not drawn */
	pause_ms(300);
	lp_progress_update(1, 20, 3, 0);
	lp_progress_update(1, 21, 3, 0); /* too soon after the last redraw */
	pause_ms(300);
	lp_progress_update(2, 7, 0, 1);
	lp_progress_clear();
}

static void disabled(void **state)
{
	char *s = capture(disabled_run);
	assert_string_equal(s, "");
	free(s);
}

static void enabled(void **state)
{
	char *s = capture(enabled_run);
	const char *p1 = strstr(s, "phase 1 (serial): 20 executions, 3 histories, ");
	const char *p2 = strstr(s, "phase 2 (concurrent): 7 executions and histories checked, 1 preemptions, ");
	assert_non_null(p1);
	assert_non_null(p2);
	assert_true(p1 < p2);
	assert_null(strstr(s, "1 executions"));
	assert_null(strstr(s, "21 executions"));
	assert_true(strlen(s) >= 4);
	assert_string_equal(s + strlen(s) - 4, "\r\033[K"); /* cleared at the end */
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(disabled), cmocka_unit_test(enabled)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
