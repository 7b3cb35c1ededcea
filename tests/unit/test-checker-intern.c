/* tests/unit/test-checker-intern.c — the string table: dense ids, lookups of texts that
 * differ in one byte anywhere, and rollback to a mark across the table's growth. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "checker/intern.h"

#include <stdio.h>
#include <string.h>

/* Text number i: lengths 0 to 79 over the ids, so short and long texts mix. */
static size_t text(uint32_t i, char *buf)
{
	size_t len = i % 80;
	for (size_t k = 0; k < len; k++)
		buf[k] = (char)('a' + (i / 80 + k) % 26);
	int n = snprintf(buf + len / 2, 12, "%u", i); /* unique, somewhere in the middle */
	if (len < len / 2 + (size_t)n)
		len = len / 2 + (size_t)n;
	else
		buf[len / 2 + (size_t)n] = '.';
	return len;
}

static void test_dense_ids(void **state)
{
	struct lp_intern *t = lp_intern_new();
	char buf[128];
	assert_int_equal(lp_intern_add(t, "", 0), 0);
	for (uint32_t i = 1; i < 20000; i++)
		assert_int_equal(lp_intern_add(t, buf, text(i, buf)), i);
	for (uint32_t i = 1; i < 20000; i++) {
		size_t len = text(i, buf);
		assert_int_equal(lp_intern_add(t, buf, len), i);
		assert_int_equal(lp_intern_find(t, buf, len), i);
		assert_int_equal(strlen(lp_intern_str(t, i)), len);
		assert_memory_equal(lp_intern_str(t, i), buf, len);
	}
	assert_int_equal(lp_intern_find(t, "", 0), 0);
	assert_int_equal(lp_intern_count(t), 20000);
	lp_intern_free(t);
}

/* Texts equal but for one byte, for every length and position: each its own id. */
static void test_one_byte_apart(void **state)
{
	struct lp_intern *t = lp_intern_new();
	char buf[64];
	for (size_t len = 1; len <= sizeof(buf); len++) {
		memset(buf, 'x', len);
		uint32_t base = lp_intern_add(t, buf, len);
		for (size_t k = 0; k < len; k++) {
			buf[k] = 'y';
			uint32_t id = lp_intern_add(t, buf, len);
			assert_int_not_equal(id, base);
			assert_int_equal(lp_intern_find(t, buf, len), id);
			buf[k] = 'x';
		}
		assert_int_equal(lp_intern_find(t, buf, len), base);
		assert_int_equal(lp_intern_find(t, buf, len - 1),
				 len == 1 ? LP_NO_STR : base - len);
	}
	lp_intern_free(t);
}

static void test_rollback_across_growth(void **state)
{
	struct lp_intern *t = lp_intern_new();
	char buf[128];
	for (uint32_t i = 0; i < 300; i++)
		lp_intern_add(t, buf, text(i, buf));
	for (int round = 0; round < 3; round++) {
		uint32_t mark = lp_intern_count(t);
		for (uint32_t i = mark; i < mark + 5000u * (uint32_t)(round + 1); i++)
			assert_int_equal(lp_intern_add(t, buf, text(i + 100000, buf)), i);
		lp_intern_rollback(t, mark);
		assert_int_equal(lp_intern_count(t), mark);
		for (uint32_t i = mark; i < mark + 5000; i++)
			assert_int_equal(lp_intern_find(t, buf, text(i + 100000, buf)), LP_NO_STR);
		for (uint32_t i = 0; i < 300; i++)
			assert_int_equal(lp_intern_find(t, buf, text(i, buf)), i);
		/* the ids are given out again, to other texts */
		for (uint32_t i = mark; i < mark + 100; i++)
			assert_int_equal(lp_intern_add(t, buf, text(i + 200000, buf)), i);
	}
	lp_intern_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_dense_ids),
	    cmocka_unit_test(test_one_byte_apart),
	    cmocka_unit_test(test_rollback_across_growth),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
