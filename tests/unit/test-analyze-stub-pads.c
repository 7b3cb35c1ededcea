/* tests/unit/test-analyze-stub-pads.c — padding for the jumps to stubs (cli/analyze/stub-pads.h):
 * runs cut at branch targets, and each short site given reachable, unshared padding, the
 * nearest first; checked against a brute-force reading on random layouts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "stub-pads.h"

static struct lp_site site(uint64_t off, uint8_t len)
{
	return (struct lp_site){.offset = off, .len = len, .disp_off = -1};
}

static void test_trim(void **state)
{
	struct lp_pad_run runs[] = {{100, 16}, {200, 6}, {300, 12}, {400, 4}};
	const uint64_t targets[] = {50, 108, 203, 300};
	size_t n = lp_stub_pads_trim(runs, 4, targets, 4);
	/* 100: cut to 8 at 108; 200: cut to 3 (dropped); 300: a target at its start (dropped);
	 * 400: too short */
	assert_int_equal(n, 1);
	assert_int_equal(runs[0].start, 100);
	assert_int_equal(runs[0].len, 8);
	struct lp_pad_run more[] = {{10, 5}, {20, 9}};
	assert_int_equal(lp_stub_pads_trim(more, 2, NULL, 0), 2);
}

static void test_assign_basic(void **state)
{
	struct lp_site s[] = {site(0x1000, 2), site(0x1010, 5), site(0x1020, 3), site(0x1030, 4),
			      site(0x2000, 2)};
	struct lp_pad_run runs[] = {{0x1040, 12}};
	size_t given = lp_stub_pads_assign(s, 5, runs, 1);
	assert_int_equal(s[0].pad, 0x1040);
	assert_int_equal(s[1].pad, 0); /* a jump fits in place */
	assert_int_equal(s[2].pad, 0x1045);
	assert_int_equal(s[3].pad, 0); /* 2 bytes left: too few */
	assert_int_equal(s[4].pad, 0); /* out of reach */
	assert_int_equal(given, 2);
}

static void test_assign_reach_edges(void **state)
{
	/* from a site at 1000 a short jump reaches [1002 - 128, 1002 + 127] = [874, 1129] */
	struct lp_site s[] = {site(1000, 2)};
	struct lp_pad_run hi[] = {{1129, 5}}, too_hi[] = {{1130, 5}}, lo[] = {{874, 5}},
			  too_lo[] = {{868, 5}}, across[] = {{870, 10}};
	lp_stub_pads_assign(s, 1, hi, 1);
	assert_int_equal(s[0].pad, 1129);
	lp_stub_pads_assign(s, 1, too_hi, 1);
	assert_int_equal(s[0].pad, 0);
	lp_stub_pads_assign(s, 1, lo, 1);
	assert_int_equal(s[0].pad, 874);
	lp_stub_pads_assign(s, 1, too_lo, 1);
	assert_int_equal(s[0].pad, 0);
	/* a run that starts out of reach still serves from its reachable part */
	lp_stub_pads_assign(s, 1, across, 1);
	assert_int_equal(s[0].pad, 874);
}

/* Random layouts: every pad reachable, inside one run, disjoint from the others; a site
 * left without one had no reachable free slot at its turn (checked by brute force). */
static void test_assign_random(void **state)
{
	srand(7);
	for (int round = 0; round < 500; round++) {
		struct lp_site s[40];
		struct lp_pad_run runs[20];
		size_t n = 0, nr = 0;
		uint64_t at = 64;
		for (int k = 0; k < 60; k++) {
			at += 1 + (uint64_t)(rand() % 90);
			if (rand() % 3 == 0 && nr < 20) {
				runs[nr++] = (struct lp_pad_run){at, 5 + (uint64_t)(rand() % 15)};
				at += runs[nr - 1].len;
			} else if (n < 40) {
				s[n++] = site(at, (uint8_t)(1 + rand() % 7));
				at += s[n - 1].len;
			}
		}
		uint8_t used[8192] = {0};
		lp_stub_pads_assign(s, n, runs, nr);
		for (size_t i = 0; i < n; i++) {
			if (!s[i].pad)
				continue;
			assert_true(s[i].len < 5);
			int64_t rel = (int64_t)s[i].pad - (int64_t)(s[i].offset + 2);
			assert_true(rel >= -128 && rel <= 127);
			bool inside = false;
			for (size_t r = 0; r < nr; r++)
				inside |= s[i].pad >= runs[r].start &&
					  s[i].pad + 5 <= runs[r].start + runs[r].len;
			assert_true(inside);
			for (uint64_t b = s[i].pad; b < s[i].pad + 5; b++) {
				assert_true(b < sizeof used);
				assert_int_equal(used[b], 0);
				used[b] = 1;
			}
		}
		/* a short site left without a pad: no run untouched to the end (so free at its
		 * turn too) has a 5-byte window it reaches */
		for (size_t i = 0; i < n; i++) {
			if (s[i].pad || s[i].len >= 5)
				continue;
			for (size_t r = 0; r < nr; r++) {
				bool untouched = true;
				for (uint64_t b = runs[r].start; b < runs[r].start + runs[r].len;
				     b++)
					untouched &= used[b] == 0;
				for (uint64_t p = runs[r].start;
				     untouched && p + 5 <= runs[r].start + runs[r].len; p++) {
					int64_t rel = (int64_t)p - (int64_t)(s[i].offset + 2);
					assert_false(rel >= -128 && rel <= 127);
				}
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_trim),
	    cmocka_unit_test(test_assign_basic),
	    cmocka_unit_test(test_assign_reach_edges),
	    cmocka_unit_test(test_assign_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
