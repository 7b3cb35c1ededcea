/* tests/unit/test-analyze-atomics-scan.c — the atomic-instruction scan on hand-written and
 * GCC-compiled test objects (expected offsets from their labels), and on the real GLib. */
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "atomics-scan.h"

/* ---- the test object, read independently of the scan ---- */
struct obj {
	int fd;
	Elf *elf;
	char path[4096];
};

static void obj_open(struct obj *o, const char *name)
{
	const char *top = getenv("top_builddir");
	snprintf(o->path, sizeof(o->path), "%s/tests/atomics/%s", top ? top : ".", name);
	elf_version(EV_CURRENT);
	o->fd = open(o->path, O_RDONLY);
	if (o->fd < 0)
		fail_msg("cannot open test object '%s'", o->path);
	o->elf = elf_begin(o->fd, ELF_C_READ, NULL);
	assert_non_null(o->elf);
}

static void obj_close(struct obj *o)
{
	elf_end(o->elf);
	close(o->fd);
}

/* Value (and size) of a symbol of .symtab; fails the test when missing. */
static uint64_t sym(struct obj *o, const char *name, uint64_t *size)
{
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(o->elf, scn))) {
		GElf_Shdr sh;
		gelf_getshdr(scn, &sh);
		if (sh.sh_type != SHT_SYMTAB)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			gelf_getsym(d, (int)i, &s);
			const char *n = elf_strptr(o->elf, sh.sh_link, s.st_name);
			if (n && strcmp(n, name) == 0) {
				if (size)
					*size = s.st_size;
				return s.st_value;
			}
		}
	}
	fail_msg("no symbol '%s' in '%s'", name, o->path);
	return 0;
}

/* The file's bytes at a virtual address (NULL outside every PROGBITS section). */
static const uint8_t *bytes_at(struct obj *o, uint64_t addr, size_t len)
{
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(o->elf, scn))) {
		GElf_Shdr sh;
		gelf_getshdr(scn, &sh);
		if (sh.sh_type != SHT_PROGBITS || addr < sh.sh_addr ||
		    addr + len > sh.sh_addr + sh.sh_size)
			continue;
		Elf_Data *d = elf_rawdata(scn, NULL);
		return (const uint8_t *)d->d_buf + (addr - sh.sh_addr);
	}
	return NULL;
}

/* The mapped section holding addr (.bss included; NULL when none). */
static const char *section_of(struct obj *o, uint64_t addr)
{
	size_t shstrndx = 0;
	elf_getshdrstrndx(o->elf, &shstrndx);
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(o->elf, scn))) {
		GElf_Shdr sh;
		gelf_getshdr(scn, &sh);
		if ((sh.sh_flags & SHF_ALLOC) && addr >= sh.sh_addr &&
		    addr < sh.sh_addr + sh.sh_size)
			return elf_strptr(o->elf, shstrndx, sh.sh_name);
	}
	return NULL;
}

static bool in_image(struct obj *o, uint64_t addr) { return section_of(o, addr) != NULL; }

static int32_t le32(const uint8_t *p)
{
	return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
			 (uint32_t)p[3] << 24);
}

/* Address a RIP-relative site refers to, after checking its disp32 lies in the bytes. */
static uint64_t rip_target(const struct lp_site *s)
{
	assert_true(s->disp_off > 0);
	assert_true(s->disp_off + 4 <= s->len);
	return s->offset + s->len + (int64_t)le32(s->bytes + s->disp_off);
}

static const struct lp_site *find_site(const struct lp_scan *sc, uint64_t off)
{
	for (size_t i = 0; i < sc->n; i++)
		if (sc->sites[i].offset == off)
			return &sc->sites[i];
	return NULL;
}

static void scan_ok(const char *path, const char *const *funcs, size_t n, bool memory,
		    struct lp_scan *sc)
{
	char err[512] = "";
	int r = lp_atomics_scan(path, funcs, n, memory, sc, err, sizeof(err));
	if (r != 0)
		fail_msg("scan failed: %s", err);
}

/* ---- pure helpers ---- */
static void test_disp_off(void **state)
{
	/* lock addw $7, 0x2f05(%rip): 66 f0 83 05 <disp32> 07 */
	const uint8_t b[] = {0x66, 0xf0, 0x83, 0x05, 0x05, 0x2f, 0x00, 0x00, 0x07};
	assert_int_equal(lp_atomics_disp_off(b, sizeof(b), 4, 3, 0x2f05), 4);
	/* capstone's offset wrong or missing: the byte after ModRM is checked */
	assert_int_equal(lp_atomics_disp_off(b, sizeof(b), 5, 3, 0x2f05), 4);
	assert_int_equal(lp_atomics_disp_off(b, sizeof(b), 0, 3, 0x2f05), 4);
	/* a displacement the bytes do not hold */
	assert_int_equal(lp_atomics_disp_off(b, sizeof(b), 4, 3, 0x2f06), -1);
	/* ModRM that is not RIP-relative */
	assert_int_equal(lp_atomics_disp_off(b, sizeof(b), 0, 2, 0x2f05), -1);
	/* would run past the instruction */
	assert_int_equal(lp_atomics_disp_off(b, 7, 4, 3, 0x2f05), -1);
	/* negative displacement */
	const uint8_t n[] = {0xf0, 0x48, 0x83, 0x05, 0xf0, 0xff, 0xff, 0xff, 0x01};
	assert_int_equal(lp_atomics_disp_off(n, sizeof(n), 4, 3, -16), 4);
}

static void test_format(void **state)
{
	struct lp_site s = {.offset = 0x1150,
			    .len = 9,
			    .disp_off = 4,
			    .kind = LP_SITE_RMW,
			    .bytes = {0xf0, 0x48, 0x83, 0x05, 0xc7, 0x2e, 0x00, 0x00, 0x01}};
	char buf[128];
	lp_site_format(&s, 2, buf, sizeof(buf));
	assert_string_equal(buf, "site 2 1150 9 rmw 4 f0488305c72e000001");
	s = (struct lp_site){.offset = 0x1a,
			     .len = 3,
			     .disp_off = -1,
			     .kind = LP_SITE_FENCE,
			     .bytes = {0x0f, 0xae, 0xf0}};
	lp_site_format(&s, 0, buf, sizeof(buf));
	assert_string_equal(buf, "site 0 1a 3 fence -1 0faef0");
	assert_string_equal(lp_site_kind_name(LP_SITE_XCHG), "xchg");
	assert_string_equal(lp_site_kind_name(LP_SITE_LOAD), "load");
	assert_string_equal(lp_site_kind_name(LP_SITE_STORE), "store");
	assert_string_equal(lp_site_kind_name(LP_SITE_PAUSE), "pause");
	s = (struct lp_site){.offset = 0x2b0,
			     .len = 2,
			     .disp_off = -1,
			     .kind = LP_SITE_PAUSE,
			     .bytes = {0xf3, 0x90}};
	lp_site_format(&s, 1, buf, sizeof(buf));
	assert_string_equal(buf, "site 1 2b0 2 pause -1 f390");
	for (int w = 0; w < LP_SKIP_COUNT; w++)
		assert_string_not_equal(lp_skip_reason_text((enum lp_skip_reason)w), "?");
}

/* ---- hand-written encodings ---- */
struct expect {
	const char *label; /* at_<label> .. end_<label> */
	enum lp_site_kind kind;
	bool rip;	/* RIP-relative to s_glob */
	bool imm_after; /* an immediate follows the displacement */
	const char *func;
};

static void check_sites(struct obj *o, const struct lp_scan *sc, const struct expect *e, size_t n)
{
	char name[64];
	uint64_t glob = sym(o, "s_glob", NULL);

	for (size_t i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "at_%s", e[i].label);
		uint64_t at = sym(o, name, NULL);
		snprintf(name, sizeof(name), "end_%s", e[i].label);
		uint64_t end = sym(o, name, NULL);
		const struct lp_site *s = find_site(sc, at);
		if (!s)
			fail_msg("no site at at_%s (0x%" PRIx64 ")", e[i].label, at);
		assert_int_equal(s->len, end - at);
		assert_int_equal(s->kind, e[i].kind);
		assert_memory_equal(s->bytes, bytes_at(o, at, s->len), s->len);
		if (e[i].rip) {
			assert_int_equal(rip_target(s), glob);
			assert_int_equal(s->disp_off + 4 < s->len, e[i].imm_after);
		} else {
			assert_int_equal(s->disp_off, -1);
		}
		if (e[i].func)
			assert_string_equal(s->func, e[i].func);
		else
			assert_null(s->func);
	}
}

static const struct expect asm_atomics[] = {
    {"lock_addq_imm", LP_SITE_RMW, true, true, "s_rmw"},
    {"66_f0", LP_SITE_RMW, true, true, "s_rmw"},
    {"f0_66", LP_SITE_RMW, true, true, "s_rmw"},
    {"66_f0_imm16", LP_SITE_RMW, true, true, "s_rmw"},
    {"lock_xaddw", LP_SITE_RMW, true, false, "s_rmw"},
    {"lock_cmpxchg16b", LP_SITE_RMW, true, false, "s_rmw"},
    {"lock_btsq", LP_SITE_RMW, true, true, "s_rmw"},
    {"lock_xacquire", LP_SITE_RMW, false, false, "s_rmw"},
    {"xrelease_lock_xchg", LP_SITE_XCHG, false, false, "s_rmw"},
    {"lock_incl", LP_SITE_RMW, false, false, "s_rmw"},
    {"cmpxchg_nolock", LP_SITE_RMW, false, false, "s_rmw"},
    {"xchg_rdi", LP_SITE_XCHG, false, false, "s_xchg"},
    {"xchgw_rip", LP_SITE_XCHG, true, false, "s_xchg"},
    {"lock_xchg", LP_SITE_XCHG, false, false, "s_xchg"},
    {"mfence", LP_SITE_FENCE, false, false, "s_fence"},
    {"lock_orq_rsp", LP_SITE_FENCE, false, false, "s_fence"},
    {"lock_addl_rsp", LP_SITE_FENCE, false, false, "s_fence"},
    {"gap_lock", LP_SITE_RMW, false, false, NULL},
    {"gap_fde", LP_SITE_RMW, false, false, NULL},
    {"pad_dead", LP_SITE_XCHG, false, false, "s_pad"},
    {"pad_label", LP_SITE_RMW, false, false, "s_pad_label"},
    {"pad_far", LP_SITE_RMW, false, false, "s_pad_far"},
    {"pause", LP_SITE_PAUSE, false, false, "s_pause"}, /* the last two: test_asm_memory */
    {"rep_nop", LP_SITE_PAUSE, false, false, "s_pause"},
};
#define N_ASM_ATOMICS (sizeof(asm_atomics) / sizeof(asm_atomics[0]))

static void expect_skipped(struct obj *o, const struct lp_skipped *sk, const char *label,
			   enum lp_skip_reason why, enum lp_site_kind kind)
{
	char at[64], end[64];
	snprintf(at, sizeof(at), "at_%s", label);
	snprintf(end, sizeof(end), "end_%s", label);
	assert_int_equal(sk->why, why);
	assert_int_equal(sk->site.offset, sym(o, at, NULL));
	assert_int_equal(sk->site.len, sym(o, end, NULL) - sym(o, at, NULL));
	assert_int_equal(sk->site.kind, kind);
	assert_memory_equal(sk->site.bytes, bytes_at(o, sk->site.offset, sk->site.len),
			    sk->site.len);
}

static void expect_branch_into(struct obj *o, const struct lp_skipped *sk, const char *label)
{
	expect_skipped(o, sk, label, LP_SKIP_BRANCH_INTO, LP_SITE_RMW);
	assert_string_equal(lp_skip_reason_text(sk->why), "branch target inside the instruction");
}

static void test_asm_all(void **state)
{
	struct obj o;
	struct lp_scan sc;

	obj_open(&o, "libatomics-asm.so");
	scan_ok(o.path, NULL, 0, false, &sc);
	assert_true(sc.symtab);
	check_sites(&o, &sc, asm_atomics, N_ASM_ATOMICS);
	/* and nothing else: the crt code around has no atomics */
	assert_int_equal(sc.n, N_ASM_ATOMICS);
	for (size_t i = 1; i < sc.n; i++)
		assert_true(sc.sites[i - 1].offset < sc.sites[i].offset);

	/* je 1f; lock; 1: cmpxchg, and a jump from another function; sites that follow an
	 * undecodable byte in their function or sweep unit */
	assert_int_equal(sc.n_skipped, 6);
	expect_branch_into(&o, &sc.skipped[0], "lock_prefix");
	expect_skipped(&o, &sc.skipped[1], "after_bad", LP_SKIP_AFTER_BAD, LP_SITE_RMW);
	expect_branch_into(&o, &sc.skipped[2], "far_target");
	/* and two symbols decoding the same bytes at different offsets */
	expect_skipped(&o, &sc.skipped[3], "overlap_outer", LP_SKIP_OVERLAP, LP_SITE_XCHG);
	expect_skipped(&o, &sc.skipped[4], "overlap_inner", LP_SKIP_OVERLAP, LP_SITE_XCHG);
	expect_skipped(&o, &sc.skipped[5], "gap_after_bad", LP_SKIP_AFTER_BAD, LP_SITE_RMW);
	assert_true(sc.n_fde_starts >= 1); /* gap_fde, and the crt functions */

	/* the invalid bytes are counted and the scan went on past them */
	assert_int_equal(sc.n_bad, 2);
	assert_int_equal(sc.bad_bytes, 2);
	assert_int_equal(sc.bad[0].offset, sym(&o, "at_bad", NULL));
	assert_int_equal(sc.bad[0].len, sym(&o, "end_bad", NULL) - sym(&o, "at_bad", NULL));
	assert_string_equal(sc.bad[0].func, "s_bad_bytes");
	assert_int_equal(sc.bad[1].offset, sym(&o, "at_gap_bad", NULL));
	assert_null(sc.bad[1].func);
	assert_true(sc.gap_bytes > 0);
	lp_atomics_scan_free(&sc);
	obj_close(&o);
}

/* Padding for the jumps to stubs: only dead nops (after a ret or jmp, before any label a
 * branch targets), only for sites shorter than a jump, never the same bytes twice. */
static void test_asm_pads(void **state)
{
	struct obj o;
	struct lp_scan sc;

	obj_open(&o, "libatomics-asm.so");
	scan_ok(o.path, NULL, 0, false, &sc);
	const struct lp_site *dead = find_site(&sc, sym(&o, "at_pad_dead", NULL));
	const struct lp_site *label = find_site(&sc, sym(&o, "at_pad_label", NULL));
	const struct lp_site *far = find_site(&sc, sym(&o, "at_pad_far", NULL));
	assert_non_null(dead);
	assert_non_null(label);
	assert_non_null(far);
	uint64_t run = sym(&o, "pad_dead_run", NULL), run_end = sym(&o, "pad_dead_end", NULL);
	assert_true(dead->pad >= run && dead->pad + 5 <= run_end);
	/* the 3 dead bytes before the label are too few; the bytes after it run; the nearest
	 * dead padding left is pad_dead_run's second jump */
	uint64_t mid = sym(&o, "pad_label_run", NULL), out = sym(&o, "pad_label_out", NULL);
	assert_false(label->pad >= mid && label->pad < out);
	if (label->pad)
		assert_true(label->pad >= run && label->pad + 5 <= run_end &&
			    label->pad != dead->pad);
	assert_int_equal(far->pad, 0);
	for (size_t i = 0; i < sc.n; i++) {
		const struct lp_site *s = &sc.sites[i];
		if (s->len >= 5)
			assert_int_equal(s->pad, 0);
		for (size_t j = 0; j < i; j++)
			if (s->pad && sc.sites[j].pad)
				assert_true(s->pad + 5 <= sc.sites[j].pad ||
					    sc.sites[j].pad + 5 <= s->pad);
		if (s->pad) { /* a short jump reaches it */
			int64_t rel = (int64_t)s->pad - (int64_t)(s->offset + 2);
			assert_true(rel >= -128 && rel <= 127);
			assert_true(s->len < 5);
		}
	}
	assert_true(sc.n_padded >= 1 && sc.n_padded <= sc.n_short);
	lp_atomics_scan_free(&sc);
	obj_close(&o);
}

static void test_asm_filtered(void **state)
{
	struct obj o;
	struct lp_scan sc;
	const char *funcs[] = {"s_fence", "s_branch_into"};

	obj_open(&o, "libatomics-asm.so");
	scan_ok(o.path, funcs, 2, false, &sc);
	check_sites(&o, &sc, asm_atomics + 14, 3); /* the fences */
	assert_int_equal(sc.n, 3);
	assert_int_equal(sc.n_skipped, 1);
	assert_int_equal(sc.n_funcs, 2);
	uint64_t s1, s2;
	sym(&o, "s_fence", &s1);
	sym(&o, "s_branch_into", &s2);
	assert_int_equal(sc.func_bytes, s1 + s2);
	assert_int_equal(sc.gap_bytes, 0);
	assert_int_equal(sc.bad_bytes, 0);
	lp_atomics_scan_free(&sc);

	/* the jump comes from a function outside the filter: still seen */
	funcs[0] = "s_far_target";
	scan_ok(o.path, funcs, 1, false, &sc);
	assert_int_equal(sc.n, 0);
	assert_int_equal(sc.n_skipped, 1);
	expect_branch_into(&o, &sc.skipped[0], "far_target");
	lp_atomics_scan_free(&sc);
	obj_close(&o);
}

static void test_asm_memory(void **state)
{
	struct obj o;
	struct lp_scan sc;
	const char *funcs[] = {"s_memory", "s_frame"};
	static const struct expect mem[] = {
	    {"load_rip", LP_SITE_LOAD, true, false, "s_memory"},
	    {"store_rip_imm", LP_SITE_STORE, true, true, "s_memory"},
	    {"add_mem", LP_SITE_STORE, false, false, "s_memory"},
	    {"cmp_mem", LP_SITE_LOAD, false, false, "s_memory"},
	    {"rbp_general", LP_SITE_LOAD, false, false, "s_memory"},
	    {"frame_load", LP_SITE_LOAD, true, false, "s_frame"},
	};

	obj_open(&o, "libatomics-asm.so");
	scan_ok(o.path, funcs, 2, true, &sc);
	check_sites(&o, &sc, mem, 6);
	/* lea, nop, prefetch, %rsp, %fs and frame (%rbp) accesses are not sites */
	assert_int_equal(sc.n, 6);
	assert_int_equal(sc.n_skipped, 1);
	assert_int_equal(sc.skipped[0].why, LP_SKIP_CONTROL);
	assert_int_equal(sc.skipped[0].site.offset, sym(&o, "at_call_mem", NULL));
	lp_atomics_scan_free(&sc);

	/* without memory granularity these functions have no site */
	scan_ok(o.path, funcs, 2, false, &sc);
	assert_int_equal(sc.n, 0);
	assert_int_equal(sc.n_skipped, 0);
	lp_atomics_scan_free(&sc);

	/* pause is a site at both granularities; the nop next to it is not */
	static const char *const pause_fn[] = {"s_pause"};
	for (int m = 0; m < 2; m++) {
		scan_ok(o.path, pause_fn, 1, m, &sc);
		check_sites(&o, &sc, &asm_atomics[N_ASM_ATOMICS - 2], 2);
		assert_int_equal(sc.n, 2);
		lp_atomics_scan_free(&sc);
	}
	obj_close(&o);
}

static bool in_plt(struct obj *o, uint64_t addr)
{
	const char *name = section_of(o, addr);
	return name && strncmp(name, ".plt", 4) == 0;
}

/* Loads of memory no code writes (.rodata, .got, the PLT's .got.plt) are no sites at -g
 * memory: no race to see there, and no jump through memory left uninstrumented. */
static void test_asm_constant(void **state)
{
	struct obj o;
	struct lp_scan sc;
	const char *funcs[] = {"s_constant"};
	static const struct expect data[] = {
	    {"data_load", LP_SITE_LOAD, true, false, "s_constant"}};

	(void)state;
	obj_open(&o, "libatomics-asm.so");
	scan_ok(o.path, funcs, 1, true, &sc);
	check_sites(&o, &sc, data, 1);
	assert_int_equal(sc.n, 1);
	assert_int_equal(sc.n_skipped, 0);
	lp_atomics_scan_free(&sc);

	scan_ok(o.path, NULL, 0, true, &sc);
	size_t plt = 0;
	for (size_t i = 0; i < sc.n; i++)
		plt += in_plt(&o, sc.sites[i].offset);
	for (size_t i = 0; i < sc.n_skipped; i++)
		plt += in_plt(&o, sc.skipped[i].site.offset);
	assert_int_equal(plt, 0);
	lp_atomics_scan_free(&sc);
	obj_close(&o);
}

static void test_errors(void **state)
{
	struct obj o;
	struct lp_scan sc;
	char err[512];
	const char *funcs[] = {"s_fence", "no_such_function"};
	char path[4096];
	const char *top = getenv("top_srcdir");

	obj_open(&o, "libatomics-asm.so");
	assert_int_equal(lp_atomics_scan(o.path, funcs, 2, false, &sc, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'no_such_function'"));
	assert_null(sc.sites);
	/* a label is not a function */
	funcs[1] = "gap_code";
	assert_int_equal(lp_atomics_scan(o.path, funcs, 2, false, &sc, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'gap_code'"));
	obj_close(&o);

	assert_int_equal(
	    lp_atomics_scan("/nonexistent/libx.so", NULL, 0, false, &sc, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'/nonexistent/libx.so'"));
	snprintf(path, sizeof(path), "%s/tests/atomics/atomics-c.c", top ? top : ".");
	assert_int_equal(lp_atomics_scan(path, NULL, 0, false, &sc, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not an ELF file"));
}

/* ---- what GCC emits for the builtins ---- */
static const struct lp_site *only_site(struct obj *o, const struct lp_scan *sc, const char *func,
				       size_t *count)
{
	uint64_t size, start = sym(o, func, &size);
	const struct lp_site *found = NULL;
	*count = 0;
	for (size_t i = 0; i < sc->n; i++) {
		const struct lp_site *s = &sc->sites[i];
		if (s->offset >= start && s->offset < start + size) {
			assert_string_equal(s->func, func);
			assert_memory_equal(s->bytes, bytes_at(o, s->offset, s->len), s->len);
			(*count)++;
			found = s;
		}
	}
	return found;
}

static void expect_one(struct obj *o, const struct lp_scan *sc, const char *func,
		       enum lp_site_kind kind, const char *global)
{
	size_t count;
	const struct lp_site *s = only_site(o, sc, func, &count);
	if (count != 1)
		fail_msg("%s: %zu sites, expected 1", func, count);
	assert_int_equal(s->kind, kind);
	if (global)
		assert_int_equal(rip_target(s), sym(o, global, NULL));
	else
		assert_int_equal(s->disp_off, -1);
}

static void test_gcc(void **state)
{
	struct obj o;
	struct lp_scan sc;
	size_t count;

	obj_open(&o, "libatomics-c.so");
	scan_ok(o.path, NULL, 0, false, &sc);
	expect_one(&o, &sc, "c_fetch_add", LP_SITE_RMW, NULL);
	expect_one(&o, &sc, "c_cas", LP_SITE_RMW, NULL);
	expect_one(&o, &sc, "c_exchange", LP_SITE_XCHG, NULL);
	expect_one(&o, &sc, "c_store_seq_cst", LP_SITE_XCHG, NULL);
	expect_one(&o, &sc, "c_fence", LP_SITE_FENCE, NULL);
	expect_one(&o, &sc, "c_sync_add_global", LP_SITE_RMW, "g_sync");
	expect_one(&o, &sc, "c_add16_global", LP_SITE_RMW, "g_short");
	const struct lp_site *s = only_site(&o, &sc, "c_add16_global", &count);
	assert_int_equal(s->bytes[0], 0x66); /* operand size first, then lock */
	assert_int_equal(s->bytes[1], 0xf0);
	assert_true(s->disp_off + 4 < s->len); /* the immediate follows */
	s = only_site(&o, &sc, "c_sync_add_global", &count);
	assert_true(s->disp_off + 4 < s->len);
	/* relaxed atomics are plain movs: not sites at granularity atomic */
	only_site(&o, &sc, "c_relaxed", &count);
	assert_int_equal(count, 0);
	only_site(&o, &sc, "c_stack_only", &count);
	assert_int_equal(count, 0);
	assert_int_equal(sc.n, 7);
	assert_int_equal(sc.n_skipped, 0);
	assert_int_equal(sc.bad_bytes, 0);
	lp_atomics_scan_free(&sc);

	const char *funcs[] = {"c_relaxed", "c_stack_only"};
	scan_ok(o.path, funcs, 2, true, &sc);
	assert_int_equal(sc.n, 2);
	assert_int_equal(sc.sites[0].kind, LP_SITE_LOAD);
	assert_int_equal(rip_target(&sc.sites[0]), sym(&o, "g_int", NULL));
	assert_int_equal(sc.sites[1].kind, LP_SITE_STORE);
	assert_int_equal(rip_target(&sc.sites[1]), sym(&o, "g_plain", NULL));
	only_site(&o, &sc, "c_stack_only", &count);
	assert_int_equal(count, 0);
	lp_atomics_scan_free(&sc);
	obj_close(&o);
}

/* ---- a real library: figures for the report, and consistency ---- */
#define GLIB "/lib/x86_64-linux-gnu/libglib-2.0.so.0"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void glib_scan(bool memory)
{
	struct obj o = {.fd = -1};
	struct lp_scan sc;
	size_t per_kind[LP_SITE_COUNT] = {0}, per_why[LP_SKIP_COUNT] = {0}, in_gaps = 0;

	strcpy(o.path, GLIB);
	o.fd = open(o.path, O_RDONLY);
	assert_true(o.fd >= 0);
	o.elf = elf_begin(o.fd, ELF_C_READ, NULL);
	double t0 = now();
	scan_ok(o.path, NULL, 0, memory, &sc);
	double dt = now() - t0;

	assert_true(sc.n > 0);
	for (size_t i = 0; i < sc.n; i++) {
		const struct lp_site *s = &sc.sites[i];
		per_kind[s->kind]++;
		in_gaps += s->func == NULL;
		if (i > 0)
			assert_true(sc.sites[i - 1].offset + sc.sites[i - 1].len <= s->offset);
		const uint8_t *b = bytes_at(&o, s->offset, s->len);
		assert_non_null(b);
		assert_memory_equal(s->bytes, b, s->len);
		/* a real displacement points into the object's image */
		if (s->disp_off >= 0 && !in_image(&o, rip_target(s)))
			fail_msg("site 0x%" PRIx64 " refers to 0x%" PRIx64 ", outside the object",
				 s->offset, rip_target(s));
	}
	for (size_t i = 0; i < sc.n_skipped; i++)
		per_why[sc.skipped[i].why]++;
	print_message("# libglib-2.0 memory=%d: %.1f ms, %zu functions (%s), %" PRIu64
		      " function bytes, %" PRIu64 " gap bytes, %" PRIu64 " instructions, %" PRIu64
		      " undecodable bytes, %zu FDE starts\n",
		      memory, dt * 1e3, sc.n_funcs, sc.symtab ? ".symtab" : ".dynsym only",
		      sc.func_bytes, sc.gap_bytes, sc.n_insns, sc.bad_bytes, sc.n_fde_starts);
	print_message(
	    "# libglib-2.0 memory=%d: %zu sites: %zu rmw, %zu xchg, %zu fence, %zu load, "
	    "%zu store, %zu pause (%zu outside symbols); skipped: %zu branch-into, %zu rip, "
	    "%zu control, %zu lock-no-mem, %zu after-bad, %zu overlap\n",
	    memory, sc.n, per_kind[0], per_kind[1], per_kind[2], per_kind[3], per_kind[4],
	    per_kind[5], in_gaps, per_why[0], per_why[1], per_why[2], per_why[3], per_why[4],
	    per_why[5]);
	if (!memory)
		assert_int_equal(per_kind[LP_SITE_LOAD] + per_kind[LP_SITE_STORE], 0);
	lp_atomics_scan_free(&sc);
	elf_end(o.elf);
	close(o.fd);
}

static void test_glib(void **state)
{
	if (access(GLIB, R_OK) != 0)
		fail_msg("%s not found: install libglib2.0-dev (build-aux/setup.sh does)", GLIB);
	glib_scan(false);
	glib_scan(true);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_disp_off),	 cmocka_unit_test(test_format),
	    cmocka_unit_test(test_asm_all),	 cmocka_unit_test(test_asm_pads),
	    cmocka_unit_test(test_asm_filtered), cmocka_unit_test(test_asm_memory),
	    cmocka_unit_test(test_asm_constant), cmocka_unit_test(test_errors),
	    cmocka_unit_test(test_gcc),		 cmocka_unit_test(test_glib),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
