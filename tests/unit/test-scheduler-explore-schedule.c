/* tests/unit/test-scheduler-explore-schedule.c — schedule strings: round trip and rejection. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/explore.h"

static void round_trip(void **state)
{
	const char *good[] = {"c:",
			      "s:",
			      "c:4@0.2,9@0.1",
			      "s:0@0",
			      "c:18446744073709551615@0.255.1",
			      "c:1@0.1.2.3.4.5.6.7.8",
			      "c:4@b0.1,9@b0,12@0.2",
			      "c:1@b0.1.2.3.4.5.6.7"};
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		struct lp_schedule s;
		char err[256] = "";
		assert_int_equal(lp_schedule_parse(good[i], &s, err, sizeof err), 0);
		char *t = lp_schedule_format(&s);
		assert_string_equal(t, good[i]);
		free(t);
		lp_schedule_clear(&s);
	}
}

static void parsed_values(void **state)
{
	struct lp_schedule s;
	char err[256];
	assert_int_equal(lp_schedule_parse("c:4@0.2,9@0.1.3", &s, err, sizeof err), 0);
	assert_int_equal(s.phase, LP_PHASE_CONCURRENT);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.ov[0].step, 4);
	assert_int_equal(s.ov[0].tid, (lp_tid_t)2 << 56);
	assert_int_equal(s.ov[1].step, 9);
	assert_int_equal(s.ov[1].tid, (lp_tid_t)1 << 56 | (lp_tid_t)3 << 48);
	lp_schedule_clear(&s);
	/* a store buffer (--memory-model tso) sorts right after its thread */
	assert_int_equal(lp_schedule_parse("c:4@b0.2,5@b0", &s, err, sizeof err), 0);
	assert_int_equal(s.ov[0].tid, (lp_tid_t)2 << 56 | 0xff);
	assert_true(lp_tid_is_buffer(s.ov[0].tid));
	assert_int_equal(lp_tid_buffer_owner(s.ov[0].tid), (lp_tid_t)2 << 56);
	assert_int_equal(s.ov[1].tid, 0xff);
	assert_true(s.ov[1].tid < (lp_tid_t)1 << 56);
	assert_false(lp_tid_is_buffer((lp_tid_t)2 << 56));
	lp_schedule_clear(&s);
}

static void rejects(void **state)
{
	const char *bad[] = {"",
			     "x:",
			     "c",
			     "4@0.1",
			     "c:4",
			     "c:4@",
			     "c:4@1",
			     "c:4@0.",
			     "c:4@0.0",
			     "c:4@0.256",
			     "c:4@0.1,",
			     "c:4@0.1,4@0.2",
			     "c:5@0.1,4@0.2",
			     "c:-1@0.1",
			     "c:a@0.1",
			     "c:4@0.1 ",
			     "c:4@0.1.2.3.4.5.6.7.8.9",
			     "c:99999999999999999999@0.1",
			     "c:4@0.1,,5@0.2",
			     "c:4@bb0.1",
			     "c:4@b",
			     "c:4@0.1.2.3.4.5.6.7.255"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct lp_schedule s;
		char err[256] = "";
		assert_int_equal(lp_schedule_parse(bad[i], &s, err, sizeof err), -1);
		assert_non_null(strstr(err, "schedule"));
		assert_null(strchr(err, '\n'));
		assert_null(s.ov);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(round_trip),
	    cmocka_unit_test(parsed_values),
	    cmocka_unit_test(rejects),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
