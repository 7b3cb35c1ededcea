/* tests/unit/test-analyze-pure-spans.c — spans (cli/analyze/pure-regions.h, "Spans") of the
 * fixture tests/analyze/libspan.S: operations calling an xchg spin lock of their object
 * directly get a span from their entry to the lock's xchg and from the unlock's xchg to
 * their end; a lock that writes a global first, one reached by an indirect call, a caller
 * that writes a global after the unlock returns, and a recursive path through a global
 * write get none; an unlock through syscall(SYS_futex) gets spans to and from the call. */
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

static struct lp_span_site sites[16];
static size_t n_sites;

/* st_value of an exported function, and the fixture's xchg %eax,(%rdi) (87 07) as its
 * trapped instructions, read independently of the code under test. */
static uint64_t scan(const char *path, const char *name)
{
	elf_version(EV_CURRENT);
	int fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	assert_non_null(e);
	uint64_t v = 0;
	size_t shstrndx;
	assert_int_equal(elf_getshdrstrndx(e, &shstrndx), 0);
	n_sites = 0;
	Elf_Scn *s = NULL;
	while ((s = elf_nextscn(e, s))) {
		GElf_Shdr sh;
		gelf_getshdr(s, &sh);
		Elf_Data *d = elf_getdata(s, NULL);
		const char *sn = elf_strptr(e, shstrndx, sh.sh_name);
		if (sn && strcmp(sn, ".text") == 0)
			for (size_t i = 0; i + 1 < d->d_size; i++) {
				const uint8_t *b = (const uint8_t *)d->d_buf + i;
				if (b[0] == 0x87 && b[1] == 0x07 && n_sites < 16)
					sites[n_sites++] = (struct lp_span_site){
					    .offset = sh.sh_addr + i, .place = true};
			}
		if (sh.sh_type != SHT_DYNSYM)
			continue;
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
	assert_int_equal(n_sites, 4); /* lock, unlock, dirty lock, op_futex's */
	return v;
}

struct count {
	size_t from_entry, to_end, entry_frames2, to_futex, futex_to_end;
	uint32_t end_from_depth;
};

static struct count spans_of(const char *func)
{
	struct lp_pure_func f = {.offset = scan(FX("libspan.so"), func), .spans_wanted = true};
	char err[256];
	assert_int_equal(lp_pure_regions(FX("libspan.so"), &f, 1, sites, n_sites, err, sizeof err),
			 0);
	struct count c = {0};
	for (size_t i = 0; i < f.n_spans; i++) {
		const struct lp_span *s = &f.spans[i];
		if (s->from.kind == LP_SPAN_ENTRY) {
			c.from_entry++;
			assert_int_equal(s->to.kind, LP_SPAN_SITE);
			c.entry_frames2 += s->to.n_frames == 2;
		}
		c.to_futex += s->to.kind == LP_SPAN_FUTEX;
		c.futex_to_end += s->from.kind == LP_SPAN_FUTEX && s->to.kind == LP_SPAN_END;
		if (s->to.kind == LP_SPAN_END && s->from.kind == LP_SPAN_FUTEX)
			continue;
		if (s->to.kind == LP_SPAN_END) {
			c.to_end++;
			assert_int_equal(s->from.kind, LP_SPAN_SITE);
			c.end_from_depth = s->from.depth;
		}
	}
	free(f.spans);
	free(f.starts);
	return c;
}

static void test_direct_lock(void **state)
{
	(void)state;
	struct count c = spans_of("op_good");
	assert_int_equal(c.from_entry, 1);
	assert_int_equal(c.to_end, 1);
	assert_int_equal(c.end_from_depth, 16); /* unlock called below one push */
}

static void test_tail_jump(void **state)
{
	(void)state;
	struct count c = spans_of("op_tail");
	assert_int_equal(c.from_entry, 1);
	assert_int_equal(c.to_end, 1);
	assert_int_equal(c.end_from_depth, 0); /* the unlock runs in the operation's frame */
}

static void test_global_before_atomic(void **state)
{
	(void)state;
	struct count c = spans_of("op_dirty");
	assert_int_equal(c.from_entry, 0);
	assert_int_equal(c.to_end, 1);
}

static void test_indirect_call(void **state)
{
	(void)state;
	struct count c = spans_of("op_indirect");
	assert_int_equal(c.from_entry, 0);
	assert_int_equal(c.to_end, 1);
}

static void test_return_not_continuation(void **state)
{
	(void)state;
	struct count c = spans_of("op_after");
	assert_int_equal(c.from_entry, 1);
	assert_int_equal(c.to_end, 0);
}

static void test_recursion(void **state)
{
	(void)state;
	struct count c = spans_of("op_rec");
	assert_int_equal(c.from_entry, 1);
	assert_int_equal(c.entry_frames2, 0); /* the recursive path wrote a global */
}

static void test_futex_call(void **state)
{
	(void)state;
	struct count c = spans_of("op_futex");
	assert_int_equal(c.from_entry, 1); /* straight to its xchg */
	assert_int_equal(c.to_end, 1);	   /* the xchg, no waiter */
	assert_int_equal(c.to_futex, 1);   /* the xchg to the wake */
	assert_int_equal(c.futex_to_end, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_direct_lock),
	    cmocka_unit_test(test_tail_jump),
	    cmocka_unit_test(test_global_before_atomic),
	    cmocka_unit_test(test_indirect_call),
	    cmocka_unit_test(test_return_not_continuation),
	    cmocka_unit_test(test_recursion),
	    cmocka_unit_test(test_futex_call),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
