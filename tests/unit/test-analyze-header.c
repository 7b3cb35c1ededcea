/* tests/unit/test-analyze-header.c — types from a C header (header-types.c, issue 35):
 * typedefs, enums and struct pointers resolve through the system compiler; a name the
 * header does not declare is not found; a header that does not compile is an error. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/analyze/analyze-internal.h"

static char dir[] = "/tmp/lineup-test-header.XXXXXX";
static char header[256], broken[256];
static char err[1024];

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(header, sizeof header, "%s/lib.h", dir);
	snprintf(broken, sizeof broken, "%s/broken.h", dir);
	FILE *f = fopen(header, "w");
	fputs("#include <stddef.h>\n"
	      "typedef void *gptr;\n"
	      "typedef int gbool;\n"
	      "typedef size_t gsz;\n"
	      "typedef enum { A, B } mode_t2;\n"
	      "typedef struct obj obj_t;\n"
	      "obj_t *obj_new(gsz n);\n"
	      "gbool obj_put(obj_t *o, gptr item, mode_t2 m);\n"
	      "void obj_stat(const obj_t *o, double *avg, const char *label);\n"
	      "long obj_many(int, ...);\n",
	      f);
	fclose(f);
	f = fopen(broken, "w");
	fputs("this is not C;\n", f);
	fclose(f);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(header);
	unlink(broken);
	rmdir(dir);
	return 0;
}

static void kinds_of(const struct lp_dwarf_fn *f, char *buf, size_t n)
{
	lp_ftype_format(&f->type, buf, n);
}

static void resolves_typedefs(void **state)
{
	(void)state;
	struct lp_dwarf_fn fns[] = {{.name = "obj_new"},
				    {.name = "obj_put"},
				    {.name = "obj_nothere"},
				    {.name = "obj_stat"},
				    {.name = "obj_many"}};
	const char *h[] = {header};
	assert_int_equal(lp_header_types(h, 1, NULL, 0, fns, 5, err, sizeof err), 0);
	char k[128];
	assert_true(fns[0].found);
	kinds_of(&fns[0], k, sizeof k);
	assert_string_equal(k, "p(u8)");
	assert_true(fns[1].found);
	kinds_of(&fns[1], k, sizeof k);
	assert_string_equal(k, "i4(p,p,u4)");
	assert_false(fns[2].found); /* not declared: no type, no error */
	kinds_of(&fns[3], k, sizeof k);
	assert_string_equal(k, "v(p,p,s)");
	assert_true(fns[4].type.varargs);
}

static void system_header(void **state)
{
	(void)state;
	struct lp_dwarf_fn fns[] = {{.name = "strlen"}, {.name = "memchr"}};
	const char *h[] = {"<string.h>"};
	assert_int_equal(lp_header_types(h, 1, NULL, 0, fns, 2, err, sizeof err), 0);
	char k[128];
	kinds_of(&fns[0], k, sizeof k);
	assert_string_equal(k, "u8(s)");
	kinds_of(&fns[1], k, sizeof k);
	assert_string_equal(k, "p(p,i4,u8)");
}

static void errors(void **state)
{
	(void)state;
	struct lp_dwarf_fn fns[] = {{.name = "obj_new"}};
	const char *b[] = {broken};
	assert_int_equal(lp_header_types(b, 1, NULL, 0, fns, 1, err, sizeof err), -1);
	assert_non_null(strstr(err, "does not compile"));
	assert_non_null(strstr(err, "broken.h"));
	const char *m[] = {"/nonexistent/x.h"};
	assert_int_equal(lp_header_types(m, 1, NULL, 0, fns, 1, err, sizeof err), -1);
	assert_non_null(strstr(err, "cannot read header '/nonexistent/x.h'"));
	const char *h[] = {header};
	const char *pkgs[] = {"no-such-package-35"};
	assert_int_equal(lp_header_types(h, 1, pkgs, 1, fns, 1, err, sizeof err), -1);
	assert_non_null(strstr(err, "pkg-config does not know 'no-such-package-35'"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(resolves_typedefs),
					   cmocka_unit_test(system_header),
					   cmocka_unit_test(errors)};
	return cmocka_run_group_tests(tests, setup, teardown);
}
