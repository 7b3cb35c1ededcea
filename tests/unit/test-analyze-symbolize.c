/* tests/unit/test-analyze-symbolize.c — lp_symbolize on addresses of this very process. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze.h"

__attribute__((noinline)) int symbolize_me(int x);
__attribute__((noinline)) int symbolize_me(int x) { return x * 7 + (int)getpid(); }

static void test_own_function(void **state)
{
	char *s = lp_symbolize(getpid(), (uint64_t)(uintptr_t)symbolize_me + 4);
	if (strncmp(s, "symbolize_me+0x4", 16))
		fail_msg("got '%s'", s);
	/* Built with -g: the line is known. */
	if (!strstr(s, "(test-analyze-symbolize.c:"))
		fail_msg("no source line in '%s'", s);
	free(s);
	lp_symbolize_reset();
}

static void test_library_function(void **state)
{
	char *s = lp_symbolize(getpid(), (uint64_t)(uintptr_t)&fprintf);
	if (!strstr(s, "fprintf+0x0") && !strstr(s, "libc.so.6"))
		fail_msg("got '%s'", s);
	free(s);
}

/* A library closed and another opened in its place: the cached modules must not answer
 * for the new one (the cache follows /proc/pid/maps). */
static void test_remapped_library(void **state)
{
	void *h = dlopen(AFX_DIR "/libfx.so.1", RTLD_NOW);
	assert_non_null(h);
	char *s = lp_symbolize(getpid(), (uint64_t)(uintptr_t)dlsym(h, "fx_add"));
	assert_non_null(strstr(s, "fx_add+0x0"));
	free(s);
	dlclose(h);
	h = dlopen(AFX_DIR "/libfx-nodw.so.1", RTLD_NOW);
	assert_non_null(h);
	s = lp_symbolize(getpid(), (uint64_t)(uintptr_t)dlsym(h, "fx_add") + 1);
	assert_string_equal(s, "fx_add+0x1 in libfx-nodw.so.1");
	free(s);
	dlclose(h);
}

/* A stripped library: the .dynsym name but no line; no symbol at all in its header. */
static void test_stripped_library(void **state)
{
	void *h = dlopen(AFX_DIR "/libfx-nodw.so.1", RTLD_NOW);
	assert_non_null(h);
	void *fn = dlsym(h, "fx_add");
	assert_non_null(fn);
	Dl_info info;
	assert_true(dladdr(fn, &info) != 0);
	char *s = lp_symbolize(getpid(), (uint64_t)(uintptr_t)fn + 1);
	assert_string_equal(s, "fx_add+0x1 in libfx-nodw.so.1");
	free(s);
	s = lp_symbolize(getpid(), (uint64_t)(uintptr_t)info.dli_fbase + 0x10);
	assert_string_equal(s, "libfx-nodw.so.1+0x10");
	free(s);
	dlclose(h);
	lp_symbolize_reset();
}

static void test_fallbacks(void **state)
{
	char *s = lp_symbolize(getpid(), 0x10);
	assert_string_equal(s, "0x10");
	free(s);
	s = lp_symbolize(999999999, 0x7f0012345678);
	assert_string_equal(s, "0x7f0012345678");
	free(s);
	lp_symbolize_reset();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_own_function),     cmocka_unit_test(test_library_function),
	    cmocka_unit_test(test_remapped_library), cmocka_unit_test(test_stripped_library),
	    cmocka_unit_test(test_fallbacks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
