/* tests/unit/test-report-progress.c — the progress line: nothing when disabled, at most one
 * redraw per quarter second, the phase's counts and rate, and a clear that erases it; off
 * a terminal, plain lines per interval; the line's text and the time-left estimate. */
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
	const char *p2 =
	    strstr(s, "phase 2 (concurrent): 7 executions and histories checked, 1 preemptions, ");
	assert_non_null(p1);
	assert_non_null(p2);
	assert_true(p1 < p2);
	assert_null(strstr(s, "1 executions"));
	assert_null(strstr(s, "21 executions"));
	assert_true(strlen(s) >= 4);
	assert_string_equal(s + strlen(s) - 4, "\r\033[K"); /* cleared at the end */
	free(s);
}

/* Off a terminal: plain lines, one per interval, never a carriage return. */
static void plain_run(void)
{
	lp_progress_start(true, false, 0.2);
	lp_progress_update(2, 5, 0, 1); /* starts the interval */
	pause_ms(250);
	lp_progress_estimate(100);
	lp_progress_update(2, 50, 0, 1);
	lp_progress_update(2, 51, 0, 1); /* within the interval */
	lp_progress_clear();
}

static void plain(void **state)
{
	char *s = capture(plain_run);
	assert_non_null(strstr(s, "lineup-preload: phase 2 (concurrent): 50 executions and "
				  "histories checked, 1 preemptions, "));
	assert_non_null(strstr(s, ", bound 1 ends at ~100 executions, ~"));
	assert_null(strchr(s, '\r'));
	assert_null(strstr(s, "51 executions"));
	assert_string_equal(s + strlen(s) - 6, " left\n");
	free(s);
}

static void format_and_eta(void **state)
{
	char b[256];
	assert_true(lp_progress_eta(50, 100, 10) == 5);
	assert_true(lp_progress_eta(50, 0, 10) < 0);  /* no estimate */
	assert_true(lp_progress_eta(50, 100, 0) < 0); /* no rate yet */
	assert_true(lp_progress_eta(150, 100, 10) == 0);
	lp_progress_format(b, sizeof b, 2, 300, 0, 2, 20, 1500);
	assert_string_equal(
	    b, "phase 2 (concurrent): 300 executions and histories checked, 2 preemptions, 20/s, "
	       "bound 2 ends at ~1500 executions, ~1m00s left");
	lp_progress_format(b, sizeof b, 3, 40, 0, 3, 8, 1000);
	assert_string_equal(
	    b, "phase 2 (random, PCT depth 3): 40 schedules checked, 8/s, 960 to go, ~2m00s left");
	lp_progress_format(b, sizeof b, 3, 40, 0, 0, 8, 0);
	assert_string_equal(b, "phase 2 (random): 40 schedules checked, 8/s");
	lp_progress_format(b, sizeof b, 2, 10, 0, 4, 1, 7210);
	assert_string_equal(
	    b, "phase 2 (concurrent): 10 executions and histories checked, 4 preemptions, 1/s, "
	       "bound 4 ends at ~7210 executions, ~2h00m left");
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(disabled), cmocka_unit_test(enabled),
					   cmocka_unit_test(plain),
					   cmocka_unit_test(format_and_eta)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
