/* tests/unit/test-analyze-pure-regions.c — pure region starts (cli/analyze/pure-regions.h) of the
 * fixture tests/analyze/libpure.c, built optimised without a frame pointer and unoptimised
 * with one and the stack protector: which of each function's entry and post-lock regions
 * touch memory other threads see, and which functions never qualify. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pure-regions.h"

#define FX(name) AFX_DIR "/" name

/* st_value of an exported function, read independently of the code under test. */
static uint64_t sym(const char *path, const char *name)
{
	elf_version(EV_CURRENT);
	int fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	assert_non_null(e);
	uint64_t v = 0;
	Elf_Scn *s = NULL;
	while (!v && (s = elf_nextscn(e, s))) {
		GElf_Shdr sh;
		gelf_getshdr(s, &sh);
		if (sh.sh_type != SHT_DYNSYM)
			continue;
		Elf_Data *d = elf_getdata(s, NULL);
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym y;
			gelf_getsym(d, (int)i, &y);
			const char *n = elf_strptr(e, sh.sh_link, y.st_name);
			if (n && !strcmp(n, name) && y.st_shndx != SHN_UNDEF)
				v = y.st_value;
		}
	}
	elf_end(e);
	close(fd);
	assert_true(v != 0);
	return v;
}

struct expect {
	const char *func;
	size_t n;	/* pure region starts */
	int entry_pure; /* whether the entry is one of them */
};

static const struct expect expected[] = {
    {"both_pure", 2, 1},  {"after_impure", 1, 1}, {"entry_impure", 1, 0},   {"both_impure", 0, 0},
    {"locked_inc", 2, 1}, {"calls_local", 0, 0},  {"calls_exported", 0, 0}, {"asm_after_pop", 1, 1},
};
#define N_EXPECTED (sizeof expected / sizeof *expected)

static void check(const char *path)
{
	struct lp_pure_func f[N_EXPECTED];
	char err[256];
	for (size_t i = 0; i < N_EXPECTED; i++)
		f[i] = (struct lp_pure_func){.offset = sym(path, expected[i].func)};
	assert_int_equal(lp_pure_regions(path, f, N_EXPECTED, NULL, 0, err, sizeof err), 0);
	for (size_t i = 0; i < N_EXPECTED; i++) {
		int entry = 0;
		for (size_t j = 0; j < f[i].n; j++) {
			entry |= f[i].starts[j] == f[i].offset;
			if (j)
				assert_true(f[i].starts[j - 1] < f[i].starts[j]);
		}
		if (f[i].n != expected[i].n || entry != expected[i].entry_pure)
			fail_msg(
			    "%s: %s: %zu pure region starts (entry %s), expected %zu (entry %s)",
			    path, expected[i].func, f[i].n, entry ? "pure" : "not", expected[i].n,
			    expected[i].entry_pure ? "pure" : "not");
		free(f[i].starts);
	}
}

static void test_optimised(void **state)
{
	(void)state;
	check(FX("libpure-o2.so"));
}

static void test_frame_pointer_and_canary(void **state)
{
	(void)state;
	check(FX("libpure-o0.so"));
}

static void test_sync_names(void **state)
{
	(void)state;
	assert_true(lp_pure_sync_name("pthread_mutex_lock"));
	assert_true(lp_pure_sync_name("sem_post"));
	assert_false(lp_pure_sync_name("malloc"));
	assert_false(lp_pure_sync_name("pthread_create")); /* no point before its action */
}

static void test_unreadable(void **state)
{
	(void)state;
	struct lp_pure_func f = {.offset = 0x1000};
	char err[256];
	assert_int_equal(lp_pure_regions(FX("no-such.so"), &f, 1, NULL, 0, err, sizeof err), -1);
	assert_non_null(strstr(err, "no-such.so"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_optimised),
	    cmocka_unit_test(test_frame_pointer_and_canary),
	    cmocka_unit_test(test_sync_names),
	    cmocka_unit_test(test_unreadable),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
