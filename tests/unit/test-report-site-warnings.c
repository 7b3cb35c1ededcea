/* tests/unit/test-report-site-warnings.c — warnings about single instructions summed up
 * (cli/report/site-warnings.h), and their place among the summary's warnings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/site-warnings.h"
#include "cli/report/summary.h"

static const char *site(uint64_t off, const char *obj, const char *why)
{
	static char buf[512];
	snprintf(buf, sizeof buf, "instruction at 0x%llx of '%s' is not a scheduling point: %s",
		 (unsigned long long)off, obj, why);
	return buf;
}

static void parses(void **state)
{
	(void)state;
	char *obj, *why;
	uint64_t off;
	assert_true(lp_site_warning_parse(site(0x1c, "/lib/libc.so.6", "it is in libc: x"), &obj,
					  &off, &why));
	assert_string_equal(obj, "/lib/libc.so.6");
	assert_string_equal(why, "it is in libc: x");
	assert_true(off == 0x1c);
	free(obj);
	free(why);
	assert_false(lp_site_warning_parse("uncontrolled futex operation 9", &obj, &off, &why));
	assert_false(lp_site_warning_parse("instruction at 0x of 'a' is not a scheduling point: x",
					   &obj, &off, &why));
	assert_false(lp_site_warning_parse(
	    "instruction at 0x1 of 'a' is not a scheduling point: ", &obj, &off, &why));
}

/* No name for 0x3: it is named by its address. */
static char *named(const char *path, uint64_t off)
{
	if (off == 3)
		return NULL;
	char *s = malloc(64);
	snprintf(s, 64, "f%llu@%s", (unsigned long long)off, strrchr(path, '/') + 1);
	return s;
}

static void sums_up(void **state)
{
	(void)state;
	struct lp_summary s = {0};
	lp_site_namer = named;
	lp_summary_warn(&s, "first, unrelated");
	lp_summary_warn(&s, site(9, "/l/liba.so", "why a"));
	assert_int_equal(s.n_warnings, 2);
	/* one site: its own warning */
	assert_string_equal(s.warnings[1], site(9, "/l/liba.so", "why a"));
	lp_summary_warn(&s, "after");
	for (int rep = 0; rep < 2; rep++) /* every execution warns again */
		for (uint64_t off = 10; off >= 1; off--)
			lp_summary_warn(&s, site(off, "/l/liba.so", "why a"));
	lp_summary_warn(&s, site(5, "/l/liba.so", "why b"));
	lp_summary_warn(&s, site(5, "/l/libb.so", "why a"));
	/* one line per object and reason, where its first warning was; the first few
	 * sites in address order */
	assert_int_equal(s.n_warnings, 5);
	assert_string_equal(s.warnings[0], "first, unrelated");
	assert_string_equal(s.warnings[1], "10 instructions of 'liba.so' are not scheduling points "
					   "(f1@liba.so, f2@liba.so, 0x3, f4@liba.so, and 6 more; "
					   "--coverage lists "
					   "all): why a");
	assert_string_equal(s.warnings[2], "after");
	assert_string_equal(s.warnings[3], site(5, "/l/liba.so", "why b"));
	assert_string_equal(s.warnings[4], site(5, "/l/libb.so", "why a"));
	/* a few: all named, no "more" */
	lp_summary_warn(&s, site(7, "/l/libb.so", "why a"));
	assert_string_equal(s.warnings[4], "2 instructions of 'libb.so' are not scheduling points "
					   "(f5@libb.so, f7@libb.so): why a");
	/* --coverage: every site */
	char *list = lp_site_group_list(&s.site_groups.g[0]);
	assert_string_equal(list, "10 instructions of 'liba.so' (why a): f1@liba.so, f2@liba.so, "
				  "0x3, f4@liba.so, f5@liba.so, f6@liba.so, f7@liba.so, "
				  "f8@liba.so, f9@liba.so, f10@liba.so");
	free(list);
	lp_site_namer = NULL;
	lp_summary_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(parses),
	    cmocka_unit_test(sums_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
