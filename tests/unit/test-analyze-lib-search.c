/* tests/unit/test-analyze-lib-search.c — the loader's search for a soname (lib-search.h):
 * the ld.so.cache reader on caches built here, and the search order over a temporary
 * tree of fake libraries (bare ELF headers). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib-search.h"

/* ---- caches ---- */

struct entry {
	int32_t flags;
	const char *key, *value;
	uint64_t hwcap;
};

#define X86_64 0x0303 /* FLAG_ELF_LIBC6 | FLAG_X8664_LIB64 */
#define I386 0x0003
#define HWCAP_EXT (1ull << 62)

/* A cache in the new format (after an old table of n_old entries when old >= 0), its
 * strings after the entries. Returns its length; *out malloc'ed. */
static size_t make_cache(const struct entry *e, int n, int old, unsigned char **out)
{
	size_t cap = 65536, at = 0;
	unsigned char *b = calloc(1, cap);
	if (old >= 0) {
		memcpy(b, "ld.so-1.7.0", 11);
		uint32_t nl = (uint32_t)old;
		memcpy(b + 12, &nl, 4);
		at = (16 + (size_t)old * 12 + 7) & ~(size_t)7;
	}
	unsigned char *h = b + at;
	memcpy(h, "glibc-ld.so.cache1.1", 20);
	uint32_t nn = (uint32_t)n;
	memcpy(h + 20, &nn, 4);
	size_t str = 48 + (size_t)n * 24;
	for (int i = 0; i < n; i++) {
		unsigned char *p = h + 48 + (size_t)i * 24;
		uint32_t k = (uint32_t)str, v;
		strcpy((char *)h + str, e[i].key);
		str += strlen(e[i].key) + 1;
		v = (uint32_t)str;
		strcpy((char *)h + str, e[i].value);
		str += strlen(e[i].value) + 1;
		memcpy(p, &e[i].flags, 4);
		memcpy(p + 4, &k, 4);
		memcpy(p + 8, &v, 4);
		memcpy(p + 16, &e[i].hwcap, 8);
	}
	*out = b;
	return at + str;
}

/* got (malloc'ed, freed here) is want, or NULL when want is. */
static void expect_path(char *got, const char *want)
{
	if (want) {
		assert_non_null(got);
		assert_string_equal(got, want);
	} else
		assert_null(got);
	free(got);
}

static void expect_lookup(const unsigned char *c, size_t len, const char *soname, const char *want)
{
	expect_path(lp_ldcache_lookup(c, len, soname), want);
}

static void test_cache_lookup(void **state)
{
	(void)state;
	const struct entry e[] = {
	    {I386, "libfoo.so.1", "/lib32/libfoo.so.1", 0},
	    {X86_64, "libfoo.so.1", "/hw/x86-64-v3/libfoo.so.1", HWCAP_EXT | 2},
	    {X86_64, "libfoo.so.1", "/lib/x86_64-linux-gnu/libfoo.so.1", 0},
	    {X86_64, "libbar.so", "/opt/hw/libbar.so", HWCAP_EXT | 1},
	};
	for (int old = -1; old <= 3; old += 4) { /* new format alone; after an old table */
		unsigned char *c;
		size_t len = make_cache(e, 4, old, &c);
		/* the x86-64 baseline, not the i386 entry nor a glibc-hwcaps variant */
		expect_lookup(c, len, "libfoo.so.1", "/lib/x86_64-linux-gnu/libfoo.so.1");
		/* a variant when there is nothing else */
		expect_lookup(c, len, "libbar.so", "/opt/hw/libbar.so");
		expect_lookup(c, len, "libfoo.so", NULL);
		expect_lookup(c, len, "libnope.so.1", NULL);
		/* truncated anywhere: never a read past the end, never a wrong answer */
		for (size_t cut = 0; cut < len; cut += 7) {
			char *got = lp_ldcache_lookup(c, cut, "libfoo.so.1");
			assert_true(!got || !strcmp(got, "/lib/x86_64-linux-gnu/libfoo.so.1") ||
				    !strcmp(got, "/hw/x86-64-v3/libfoo.so.1"));
			free(got);
		}
		free(c);
	}
	expect_lookup((const unsigned char *)"not a cache at all, not at all", 30, "libfoo.so.1",
		      NULL);
}

/* ---- the search over a tree ---- */

static char root[64];

/* root/rel; kept until the end of the test (a few dozen). */
static char *at(const char *rel)
{
	static char buf[64][256];
	static int k;
	assert_true(k < 64);
	char *b = buf[k++];
	snprintf(b, 256, "%s/%s", root, rel);
	return b;
}

/* A file with an ELF header: an x86-64 shared object, or i386 when wrong is set. */
static void fake_lib(const char *path, bool wrong)
{
	Elf64_Ehdr h = {0};
	memcpy(h.e_ident, ELFMAG, SELFMAG);
	h.e_ident[EI_CLASS] = wrong ? ELFCLASS32 : ELFCLASS64;
	h.e_ident[EI_DATA] = ELFDATA2LSB;
	h.e_type = ET_DYN;
	h.e_machine = wrong ? EM_386 : EM_X86_64;
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(&h, sizeof h, 1, f), 1);
	fclose(f);
}

static void expect_found(const char *soname, const struct lp_lib_where *w, const char *want)
{
	expect_path(lp_lib_search(soname, w), want);
}

static void test_search_order(void **state)
{
	(void)state;
	strcpy(root, "/tmp/lp-lib-search.XXXXXX");
	assert_non_null(mkdtemp(root));
	const char *dirs_rel[] = {"llp1", "llp2", "cached", "def1", "def2", "cwd"};
	for (size_t i = 0; i < sizeof dirs_rel / sizeof *dirs_rel; i++)
		assert_int_equal(mkdir(at(dirs_rel[i]), 0755), 0);
	fake_lib(at("llp1/libw.so.1"), true); /* i386: the loader passes over it */
	fake_lib(at("llp2/libw.so.1"), false);
	fake_lib(at("cached/libw.so.1"), false);
	fake_lib(at("cached/libc.so.2"), false);
	fake_lib(at("def1/libw.so.1"), false);
	fake_lib(at("def2/libw.so.1"), false);
	fake_lib(at("def2/libd.so.1"), false);
	fake_lib(at("cwd/libv.so.1"), false);
	fake_lib(at("def2/libstale.so.1"), false);
	FILE *f = fopen(at("notelf.so"), "w");
	fputs("GROUP ( libw.so.1 )\n", f); /* a linker script, as libc.so is */
	fclose(f);

	const struct entry e[] = {
	    {X86_64, "libw.so.1", at("cached/libw.so.1"), 0},
	    {X86_64, "libc.so.2", at("cached/libc.so.2"), 0},
	    {X86_64, "libstale.so.1", at("gone/libstale.so.1"), 0},
	};
	unsigned char *c;
	size_t len = make_cache(e, 3, -1, &c);
	f = fopen(at("ld.so.cache"), "w");
	assert_int_equal(fwrite(c, 1, len, f), len);
	fclose(f);
	free(c);

	char llp[600];
	snprintf(llp, sizeof llp, "%s:%s;%s", at("nowhere"), at("llp1"), at("llp2"));
	const char *dirs[] = {at("def1"), at("def2"), NULL};
	struct lp_lib_where w = {llp, at("ld.so.cache"), dirs};
	/* LD_LIBRARY_PATH first (':' and ';'), a foreign ELF skipped */
	expect_found("libw.so.1", &w, at("llp2/libw.so.1"));
	/* then the cache */
	w.ld_library_path = NULL;
	expect_found("libw.so.1", &w, at("cached/libw.so.1"));
	expect_found("libc.so.2", &w, at("cached/libc.so.2"));
	/* then the default folders in order; a stale cache entry is passed over */
	w.cache = NULL;
	expect_found("libw.so.1", &w, at("def1/libw.so.1"));
	expect_found("libd.so.1", &w, at("def2/libd.so.1"));
	w.cache = at("ld.so.cache");
	expect_found("libstale.so.1", &w, at("def2/libstale.so.1"));
	/* an empty entry, even the last, is the working directory */
	char here[512];
	assert_non_null(getcwd(here, sizeof here));
	assert_int_equal(chdir(at("cwd")), 0);
	snprintf(llp, sizeof llp, "%s:", at("llp1"));
	w.ld_library_path = llp;
	expect_found("libv.so.1", &w, "libv.so.1");
	w.ld_library_path = "";
	expect_found("libv.so.1", &w, NULL); /* an empty variable is no entry */
	assert_int_equal(chdir(here), 0);
	/* not a soname, not an ELF object, nowhere */
	expect_found(at("def1/libw.so.1"), &w, NULL);
	assert_false(lp_lib_usable(at("notelf.so")));
	expect_found("libnope.so.9", &w, NULL);

	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_cache_lookup),
	    cmocka_unit_test(test_search_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
