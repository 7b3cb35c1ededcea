/* tests/unit/test-checker-huge.c — large arrays: zeroed, and their contents kept when they
 * grow from malloc'ed to mapped and within and beyond a mapping. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "checker/huge.h"

#include <string.h>

static void fill(unsigned char *p, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		p[i] = (unsigned char)(i * 7 + 1);
}

/* The first n bytes as fill wrote them, the rest up to end zero. */
static void check(const unsigned char *p, size_t n, size_t end)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)(i * 7 + 1))
			fail_msg("byte %zu changed", i);
	for (size_t i = n; i < end; i++)
		if (p[i])
			fail_msg("byte %zu of the new part is not zero", i);
}

static void test_grow_keeps_and_zeroes(void **state)
{
	static const size_t sizes[] = {1000,	 100000,  3u << 20, (3u << 20) + 4096,
				       4u << 20, 9u << 20};
	unsigned char *p = lp_huge_alloc(sizes[0]);
	check(p, 0, sizes[0]);
	fill(p, 0, sizes[0]);
	for (size_t k = 1; k < sizeof(sizes) / sizeof(*sizes); k++) {
		p = lp_huge_grow(p, sizes[k - 1], sizes[k]);
		check(p, sizes[k - 1], sizes[k]);
		fill(p, sizes[k - 1], sizes[k]);
	}
	lp_huge_free(p, sizes[5]);
	p = lp_huge_alloc(5u << 20);
	check(p, 0, 5u << 20);
	lp_huge_free(p, 5u << 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_grow_keeps_and_zeroes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
