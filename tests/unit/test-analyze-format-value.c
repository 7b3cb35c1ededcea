/* tests/unit/test-analyze-format-value.c — lp_format_value for every kind: only the bytes of
 * the type count, strings are C-escaped and marked when truncated. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "analyze.h"

static void expect(enum lp_kind k, uint64_t raw, const char *want)
{
	char buf[64];
	size_t n = lp_format_value(k, raw, NULL, 0, false, buf, sizeof(buf));
	assert_string_equal(buf, want);
	assert_int_equal(n, strlen(want));
}

static void test_integers(void **state)
{
	const uint64_t g = 0xdeadbeefcafe0000ull; /* garbage above the value */
	expect(LP_K_I1, g | 0xff, "-1");
	expect(LP_K_I1, g | 0x7f, "127");
	expect(LP_K_U1, g | 0xff, "255");
	expect(LP_K_I2, g | 0x8000, "-32768");
	expect(LP_K_U2, g | 0xffff, "65535");
	expect(LP_K_I4, 0xffffffff00000000ull | 0xfffffffe, "-2");
	expect(LP_K_I4, 0x1234567800000005ull, "5");
	expect(LP_K_U4, 0xabcdef00ffffffffull, "4294967295");
	expect(LP_K_I8, UINT64_MAX, "-1");
	expect(LP_K_I8, (uint64_t)INT64_MIN, "-9223372036854775808");
	expect(LP_K_U8, UINT64_MAX, "18446744073709551615");
}

static void test_bool_ptr_void(void **state)
{
	expect(LP_K_BOOL, 0xffffff00, "false"); /* only %al counts */
	expect(LP_K_BOOL, 0x12345601, "true");
	expect(LP_K_BOOL, 0, "false");
	expect(LP_K_PTR, 0, "0x0");
	expect(LP_K_PTR, 0x5555555592a0, "0x5555555592a0");
	expect(LP_K_VOID, 0x1234, "void");
	expect(LP_K_UNKNOWN, 0x2a, "?0x2a");
}

static void test_floats(void **state)
{
	float f = 1.5f;
	uint32_t fb;
	memcpy(&fb, &f, 4);
	expect(LP_K_F4, 0xffffffff00000000ull | fb, "1.5");
	f = 0.1f;
	memcpy(&fb, &f, 4);
	expect(LP_K_F4, fb, "0.10000000149011612");
	double d = -2.25;
	uint64_t db;
	memcpy(&db, &d, 8);
	expect(LP_K_F8, db, "-2.25");
	d = 0.1;
	memcpy(&db, &d, 8);
	expect(LP_K_F8, db, "0.10000000000000001");
}

static void str(const char *s, uint32_t len, bool trunc, size_t bufsize, const char *want)
{
	char buf[LP_VALUE_BUFSIZE];
	size_t n = lp_format_value(LP_K_STR, 0x1234, s, len, trunc, buf, bufsize);
	assert_string_equal(buf, want);
	assert_int_equal(n, strlen(want));
}

static void test_strings(void **state)
{
	str("abc", 3, false, 64, "\"abc\"");
	str("abc", 3, true, 64, "\"abc\"...");
	str("", 0, false, 64, "\"\"");
	str(NULL, 0, false, 64, "NULL");
	str("x", LP_STR_NULL, false, 64, "NULL");
	str("a\nb\t\"c\\", 7, false, 64, "\"a\\nb\\t\\\"c\\\\\"");
	str("\x01\x7f\xff", 3, false, 64, "\"\\x01\\x7f\\xff\"");
	str("a\0b", 3, false, 64, "\"a\\x00b\"");
	/* Cut to the buffer, never in the middle of an escape. */
	str("ab\ncd", 5, false, 5, "\"ab");
	char one = 'x';
	assert_int_equal(lp_format_value(LP_K_STR, 0, "abc", 3, false, &one, 0), 0);
	assert_int_equal(one, 'x'); /* nothing written into a zero-sized buffer */
	assert_int_equal(lp_format_value(LP_K_I4, 12345, NULL, 0, false, &one, 1), 0);
	assert_int_equal(one, 0);
	char big[LP_MAX_STRING];
	memset(big, 0xff, sizeof(big));
	char buf[LP_VALUE_BUFSIZE];
	size_t n = lp_format_value(LP_K_STR, 0, big, sizeof(big), true, buf, sizeof(buf));
	assert_int_equal(n, 4 * LP_MAX_STRING + 5);
	assert_string_equal(buf + n - 4, "\"...");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_integers),
	    cmocka_unit_test(test_bool_ptr_void),
	    cmocka_unit_test(test_floats),
	    cmocka_unit_test(test_strings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
