/* tests/unit/test-common-layout.c — struct layouts (lineup/layout.h): System V classes, the
 * preload's token and the driver's text, top-level members, values as the history shows
 * them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "lineup/layout.h"

/* A layout from "off:kind off:kind ..." leaves. */
static struct lp_layout make(unsigned size, const struct lp_layout_leaf *leaves, int n)
{
	struct lp_layout l;
	memset(&l, 0, sizeof l);
	l.size = (uint16_t)size;
	for (int i = 0; i < n; i++)
		l.leaf[l.n++] = leaves[i];
	lp_layout_classify(&l);
	return l;
}

static const char *token(const struct lp_layout *l)
{
	static char buf[64];
	lp_layout_token(l, buf, sizeof buf);
	return buf;
}

static void classifies(void **state)
{
	(void)state;
	struct lp_layout_leaf ii[] = {{0, LP_K_I4, 0, 0}, {4, LP_K_I4, 0, 0}};
	struct lp_layout l = make(8, ii, 2);
	assert_string_equal(token(&l), "S8:i");
	struct lp_layout_leaf dl[] = {{0, LP_K_F8, 0, 0}, {8, LP_K_I8, 0, 0}};
	l = make(16, dl, 2);
	assert_string_equal(token(&l), "S16:si");
	struct lp_layout_leaf ld[] = {{0, LP_K_I8, 0, 0}, {8, LP_K_F8, 0, 0}};
	l = make(16, ld, 2);
	assert_string_equal(token(&l), "S16:is");
	struct lp_layout_leaf ff[] = {{0, LP_K_F4, 0, 0}, {4, LP_K_F4, 0, 0}, {8, LP_K_F4, 0, 0}};
	l = make(12, ff, 3); /* two floats in one SSE eightbyte, the third in the next */
	assert_string_equal(token(&l), "S12:ss");
	struct lp_layout_leaf fi[] = {{0, LP_K_F4, 0, 0}, {4, LP_K_I4, 0, 0}};
	l = make(8, fi, 2); /* an int with a float: INTEGER wins */
	assert_string_equal(token(&l), "S8:i");
	struct lp_layout_leaf big[] = {{0, LP_K_I8, 0, 0}, {8, LP_K_I8, 0, 0}, {16, LP_K_I8, 0, 0}};
	l = make(24, big, 3);
	assert_string_equal(token(&l), "S24:m");
	assert_true(l.memory);
	struct lp_layout_leaf packed[] = {{0, LP_K_I1, 0, 0}, {1, LP_K_I4, 0, 0}};
	l = make(5, packed, 2); /* an unaligned member: MEMORY */
	assert_string_equal(token(&l), "S5:m");
	struct lp_layout_leaf one[] = {{0, LP_K_U1, 0, 0}};
	l = make(1, one, 1);
	assert_string_equal(token(&l), "S1:i");
}

static void nests_and_reads_back(void **state)
{
	(void)state;
	/* struct { struct { int x, y; } at; float f; struct { void *p; } q; } */
	struct lp_layout_leaf lv[] = {
	    {0, LP_K_I4, 1, 0}, {4, LP_K_I4, 0, 1}, {8, LP_K_F4, 0, 0}, {16, LP_K_PTR, 1, 1}};
	struct lp_layout l = make(24, lv, 4);
	snprintf(l.ctype, sizeof l.ctype, "struct tagged x");
	assert_int_equal(lp_layout_top_members(&l), 3);
	int first, count;
	lp_layout_member(&l, 0, &first, &count);
	assert_int_equal(first, 0);
	assert_int_equal(count, 2);
	lp_layout_member(&l, 2, &first, &count);
	assert_int_equal(first, 3);
	assert_int_equal(count, 1);
	char text[512];
	lp_layout_text(&l, text, sizeof text);
	assert_null(strchr(text, ' '));
	assert_null(strchr(text, ','));
	struct lp_layout back;
	assert_int_equal(lp_layout_parse(text, &back), 0);
	assert_int_equal(back.size, l.size);
	assert_int_equal(back.memory, 1);
	assert_string_equal(back.ctype, "struct tagged x");
	assert_int_equal(back.n, 4);
	for (int i = 0; i < l.n; i++) {
		assert_int_equal(back.leaf[i].off, l.leaf[i].off);
		assert_int_equal(back.leaf[i].kind, l.leaf[i].kind);
		assert_int_equal(back.leaf[i].open, l.leaf[i].open);
		assert_int_equal(back.leaf[i].close, l.leaf[i].close);
	}
	assert_int_equal(lp_layout_parse("S8:i", &back), -1); /* no members */
	assert_int_equal(lp_layout_parse("S0:i:0.5.0.0", &back), -1);
	assert_int_equal(lp_layout_parse("S8:i:9.5.0.0", &back), -1);  /* outside */
	assert_int_equal(lp_layout_parse("S8:i:0.12.0.0", &back), -1); /* a string member */
	assert_int_equal(lp_layout_parse("x", &back), -1);
	struct lp_layout a = back, b = back;
	assert_ptr_equal(lp_layout_intern(&a), lp_layout_intern(&b)); /* equal: one copy */
}

static size_t fmt(enum lp_kind kind, uint64_t raw, const char *str, uint32_t len, bool truncated,
		  char *buf, size_t bufsize)
{
	(void)str, (void)len, (void)truncated;
	if (kind == LP_K_F4) {
		float f;
		uint32_t b = (uint32_t)raw;
		memcpy(&f, &b, sizeof f);
		return (size_t)snprintf(buf, bufsize, "%g", (double)f);
	}
	if (kind == LP_K_PTR)
		return (size_t)snprintf(buf, bufsize, "0x%llx", (unsigned long long)raw);
	return (size_t)snprintf(buf, bufsize, "%lld",
				kind == LP_K_I4 ? (long long)(int32_t)raw : (long long)raw);
}

static void formats_values(void **state)
{
	(void)state;
	struct lp_layout_leaf lv[] = {
	    {0, LP_K_I4, 1, 0}, {4, LP_K_I4, 0, 1}, {8, LP_K_F4, 0, 0}, {16, LP_K_PTR, 1, 1}};
	struct lp_layout l = make(24, lv, 4);
	unsigned char bytes[24];
	memset(bytes, 0xee, sizeof bytes); /* padding is never read */
	int32_t x = -1, y = 2;
	float f = 3.5f;
	uint64_t p = 0;
	memcpy(bytes, &x, 4);
	memcpy(bytes + 4, &y, 4);
	memcpy(bytes + 8, &f, 4);
	memcpy(bytes + 16, &p, 8);
	char buf[128];
	lp_layout_format(&l, bytes, fmt, buf, sizeof buf);
	assert_string_equal(buf, "{{-1, 2}, 3.5, {0x0}}");
	lp_layout_format(&l, bytes, fmt, buf, 7); /* cut: whole pieces only */
	assert_string_equal(buf, "{{-1, ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(classifies),
					   cmocka_unit_test(nests_and_reads_back),
					   cmocka_unit_test(formats_values)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
