/* tests/unit/test-preload-sites.c — out-of-line copies (disp32 rewrite, jump back) and the
 * sorted site table of the preload's instruction traps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <cmocka.h>

#include "sites.h"

static int32_t le32(const uint8_t *p)
{
	int32_t v;
	memcpy(&v, p, 4);
	return v;
}

static void test_copy_plain(void **state)
{
	(void)state;
	static const uint8_t lock_xadd[] = {0xf0, 0x48, 0x0f, 0xc1,
					    0x07}; /* lock xadd %rax,(%rdi) */
	uint8_t out[LP_COPY_SLOT];
	uintptr_t orig = 0x7f0000001000, copy = 0x7f0000100000;
	assert_int_equal(lp_sites_copy(out, copy, orig, lock_xadd, 5, -1), 10);
	assert_memory_equal(out, lock_xadd, 5);
	assert_int_equal(out[5], 0xe9);
	/* the jump lands right after the original instruction */
	assert_int_equal(copy + 10 + le32(out + 6), orig + 5);
}

static void test_copy_rip_relative_with_immediate(void **state)
{
	(void)state;
	/* lock addq $1, 0x2ff8(%rip): the immediate follows the displacement */
	static const uint8_t in[] = {0xf0, 0x48, 0x83, 0x05, 0xf8, 0x2f, 0x00, 0x00, 0x01};
	uint8_t out[LP_COPY_SLOT];
	uintptr_t orig = 0x7f0000001000, copy = orig - 0x40000000; /* 1 GiB below */
	uintptr_t target = orig + 9 + 0x2ff8;
	assert_int_equal(lp_sites_copy(out, copy, orig, in, 9, 4), 14);
	assert_int_equal(copy + 9 + le32(out + 4), target);
	assert_int_equal(out[8], 0x01);
	assert_memory_equal(out, in, 4);
	assert_int_equal(copy + 14 + le32(out + 10), orig + 9);
}

static void test_copy_66_prefix(void **state)
{
	(void)state;
	/* lock incw -0x10(%rip) with the 66 prefix first */
	static const uint8_t in[] = {0x66, 0xf0, 0xff, 0x05, 0xf0, 0xff, 0xff, 0xff};
	uint8_t out[LP_COPY_SLOT];
	uintptr_t orig = 0x555555554000, copy = orig + 0x7ff00000;
	assert_int_equal(lp_sites_copy(out, copy, orig, in, 8, 4), 13);
	assert_int_equal(copy + 8 + le32(out + 4), orig + 8 - 0x10);
}

static void test_copy_out_of_range(void **state)
{
	(void)state;
	static const uint8_t in[] = {0xf0, 0x48, 0x83, 0x05, 0x00, 0x00, 0x00, 0x70, 0x01};
	uint8_t out[LP_COPY_SLOT];
	uintptr_t orig = 0x7f0000001000;
	/* disp 0x70000000 plus 0x20000000 more no longer fits */
	assert_int_equal(lp_sites_copy(out, orig - 0x20000000, orig, in, 9, 4), -1);
	/* the jump back alone does not fit beyond 2 GiB */
	assert_int_equal(lp_sites_copy(out, orig + 0x90000000ull, orig, in, 3, -1), -1);
	/* a displacement that does not fit in the instruction */
	assert_int_equal(lp_sites_copy(out, orig + 0x1000, orig, in, 6, 4), -1);
}

static void test_table(void **state)
{
	(void)state;
	struct lp_trap_site e[8];
	struct lp_site_table t = {e, 0, 8};
	struct lp_trap_site a[] = {
	    {300, 3, 0, 0, 0, 0}, {100, 1, 1, 0, 0, 0}, {200, 2, 2, 0, 0, 0}};
	assert_int_equal(lp_sites_merge(&t, a, 3), 0);
	assert_int_equal(t.n, 3);
	assert_int_equal(lp_sites_find(&t, 200)->copy, 2);
	assert_int_equal(lp_sites_find(&t, 100)->kind, 1);
	assert_null(lp_sites_find(&t, 150));
	assert_null(lp_sites_find(&t, 301));
	assert_null(lp_sites_find(&t, 0));
	struct lp_trap_site b[] = {
	    {250, 25, 0, 0, 0, 0}, {50, 5, 0, 0, 0, 0}, {200, 22, 0, 0, 0, 0}};
	assert_int_equal(lp_sites_merge(&t, b, 3), 0);
	assert_int_equal(t.n, 5);
	for (uint32_t i = 1; i < t.n; i++)
		assert_true(t.e[i - 1].addr < t.e[i].addr);
	assert_int_equal(lp_sites_find(&t, 200)->copy, 22); /* replaced, not duplicated */
	assert_int_equal(lp_sites_find(&t, 50)->copy, 5);
	assert_int_equal(lp_sites_find(&t, 250)->copy, 25);
	struct lp_trap_site c[] = {
	    {1, 0, 0, 0, 0, 0}, {2, 0, 0, 0, 0, 0}, {3, 0, 0, 0, 0, 0}, {4, 0, 0, 0, 0, 0}};
	assert_int_equal(lp_sites_merge(&t, c, 4), -1); /* 9 > 8 */
	assert_int_equal(t.n, 5);
}

/* Memory operands of trapped instructions: ModRM, SIB, REX, RIP-relative, and the ones
 * left unknown. */
static void test_address(void **state)
{
	(void)state;
	uint64_t r[16];
	for (unsigned i = 0; i < 16; i++)
		r[i] = 0x1000 * (i + 1);
	/* mov (%rdi),%eax */
	assert_int_equal(lp_sites_address((const uint8_t *)"\x8b\x07", 2, r, 0), r[7]);
	/* mov %eax,0x10(%rbx) */
	assert_int_equal(lp_sites_address((const uint8_t *)"\x89\x43\x10", 3, r, 0), r[3] + 0x10);
	/* mov -0x8(%rbp),%rax: disp8 is signed */
	assert_int_equal(lp_sites_address((const uint8_t *)"\x48\x8b\x45\xf8", 4, r, 0), r[5] - 8);
	/* lock cmpxchg %rcx,(%r12) */
	assert_int_equal(lp_sites_address((const uint8_t *)"\xf0\x49\x0f\xb1\x0c\x24", 6, r, 0),
			 r[12]);
	/* mov (%rax,%rdx,8),%rax */
	assert_int_equal(lp_sites_address((const uint8_t *)"\x48\x8b\x04\xd0", 4, r, 0),
			 r[0] + 8 * r[2]);
	/* mov 0x100(,%r9,4),%eax: no base, REX.X index */
	assert_int_equal(
	    lp_sites_address((const uint8_t *)"\x42\x8b\x04\x8d\x00\x01\x00\x00", 8, r, 0),
	    4 * r[9] + 0x100);
	/* mov 0x20(%rip),%eax */
	assert_int_equal(
	    lp_sites_address((const uint8_t *)"\x8b\x05\x20\x00\x00\x00", 6, r, 0x4006), 0x4026);
	/* movl $1,0x8(%rip): immediate after the displacement */
	assert_int_equal(
	    lp_sites_address((const uint8_t *)"\xc7\x05\x08\x00\x00\x00\x01\x00\x00\x00", 10, r,
			     0x400a),
	    0x4012);
	/* mov %fs:0x28,%rax; mfence; a register operand: unknown */
	assert_int_equal(
	    lp_sites_address((const uint8_t *)"\x64\x48\x8b\x04\x25\x28\x00\x00\x00", 9, r, 0), 0);
	assert_int_equal(lp_sites_address((const uint8_t *)"\x0f\xae\xf0", 3, r, 0), 0);
	/* truncated */
	assert_int_equal(lp_sites_address((const uint8_t *)"\x8b\x80\x00", 3, r, 0), 0);
}

static void test_jumps(void **state)
{
	(void)state;
	uint8_t j[5];
	assert_int_equal(lp_sites_jmp32(j, 0x1000, 0x2000), 5);
	assert_int_equal(j[0], 0xe9);
	assert_int_equal(0x1000 + 5 + le32(j + 1), 0x2000);
	assert_int_equal(lp_sites_jmp32(j, 0x1000, 0x1000 + 5 + 0x80000000ull), -1);
	assert_int_equal(lp_sites_jmp8(j, 1000, 1002 + 127), 2);
	assert_int_equal(j[0], 0xeb);
	assert_int_equal(j[1], 127);
	assert_int_equal(lp_sites_jmp8(j, 1000, 1002 - 128), 2);
	assert_int_equal((int8_t)j[1], -128);
	assert_int_equal(lp_sites_jmp8(j, 1000, 1002 + 128), -1);
	assert_int_equal(lp_sites_jmp8(j, 1000, 1002 - 129), -1);
}

static void test_padding_bytes(void **state)
{
	(void)state;
	static const uint8_t nopw[] = {0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00};
	static const uint8_t int3[] = {0xcc, 0xcc, 0xcc, 0xcc, 0xcc};
	static const uint8_t code[] = {0x90, 0x90, 0xc3, 0x90, 0x90}; /* a ret inside */
	assert_true(lp_sites_padding_bytes(nopw, sizeof nopw));
	assert_true(lp_sites_padding_bytes(int3, 5));
	assert_false(lp_sites_padding_bytes(code, 5));
}

/* A stand-in for lp_stub_entry: records the index the stub pushed and where the red zone
 * ends, and clobbers nothing but %rax. */
uint64_t seen_idx, seen_rsp;
__asm__(".text\n"
	"fake_entry:\n"
	"\tmovq 8(%rsp), %rax\n"
	"\tmovq %rax, seen_idx(%rip)\n"
	"\tleaq 144(%rsp), %rax\n"
	"\tmovq %rax, seen_rsp(%rip)\n"
	"\tret\n"
	"call_stub:\n" /* call_stub(code): the stub runs, then its copy (a ret) returns here */
	"\tmovq %rsp, %rax\n"
	"\tmovq %rax, before_rsp(%rip)\n"
	"\tjmp *%rdi\n");
extern void fake_entry(void);
void call_stub(void *code);
uint64_t before_rsp;

static void test_stub(void **state)
{
	(void)state;
	uint8_t *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(page != MAP_FAILED);
	uintptr_t entry_ptr = (uintptr_t)page, copy = (uintptr_t)page + 64;
	*(uintptr_t *)page = (uintptr_t)fake_entry;
	page[64] = 0xc3; /* the "copy": a ret back to call_stub's caller */
	uint8_t *stub = page + 64 + LP_COPY_BYTES;
	int n = lp_sites_stub(stub, (uintptr_t)stub, 4242, entry_ptr, copy);
	assert_true(n > 0 && n <= LP_STUB_BYTES);
	call_stub(stub);
	assert_int_equal(seen_idx, 4242);
	/* the entry saw the interrupted %rsp 144 bytes up: the red zone was stepped over */
	assert_int_equal(seen_rsp, before_rsp);
	/* out of reach, or an index a push cannot carry */
	assert_int_equal(lp_sites_stub(stub, (uintptr_t)stub, 1, entry_ptr + 0x100000000ull, copy),
			 -1);
	assert_int_equal(lp_sites_stub(stub, (uintptr_t)stub, 1, entry_ptr, copy + 0x100000000ull),
			 -1);
	assert_int_equal(lp_sites_stub(stub, (uintptr_t)stub, 0x80000000u, entry_ptr, copy), -1);
	munmap(page, 4096);
}

/* The operand size of a --lock acquire's swap, from GLib's g_mutex_lock and its kin. */
static void test_cmpxchg_size(void **state)
{
	(void)state;
	static const uint8_t glib[] = {0xf0, 0x0f, 0xb1, 0x17};	      /* %edx,(%rdi) */
	static const uint8_t wide[] = {0xf0, 0x48, 0x0f, 0xb1, 0x0f}; /* %rcx,(%rdi) */
	static const uint8_t half[] = {0x66, 0xf0, 0x0f, 0xb1, 0x0f}; /* %cx,(%rdi) */
	static const uint8_t byte[] = {0xf0, 0x0f, 0xb0, 0x0f};	      /* %cl,(%rdi) */
	static const uint8_t rex[] = {0xf0, 0x44, 0x0f, 0xb1, 0x07};  /* %r8d,(%rdi) */
	static const uint8_t xadd[] = {0xf0, 0x0f, 0xc1, 0x07};	      /* lock xadd */
	static const uint8_t cx16[] = {0xf0, 0x48, 0x0f, 0xc7, 0x0f}; /* cmpxchg16b */
	assert_int_equal(lp_sites_cmpxchg_size(glib, sizeof glib), 4);
	assert_int_equal(lp_sites_cmpxchg_size(wide, sizeof wide), 8);
	assert_int_equal(lp_sites_cmpxchg_size(half, sizeof half), 2);
	assert_int_equal(lp_sites_cmpxchg_size(byte, sizeof byte), 1);
	assert_int_equal(lp_sites_cmpxchg_size(rex, sizeof rex), 4);
	assert_int_equal(lp_sites_cmpxchg_size(xadd, sizeof xadd), 0);
	assert_int_equal(lp_sites_cmpxchg_size(cx16, sizeof cx16), 0);
	assert_int_equal(lp_sites_cmpxchg_size(glib, 3), 0); /* no ModRM: cut short */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_copy_plain),
	    cmocka_unit_test(test_copy_rip_relative_with_immediate),
	    cmocka_unit_test(test_copy_66_prefix),
	    cmocka_unit_test(test_copy_out_of_range),
	    cmocka_unit_test(test_table),
	    cmocka_unit_test(test_address),
	    cmocka_unit_test(test_jumps),
	    cmocka_unit_test(test_padding_bytes),
	    cmocka_unit_test(test_stub),
	    cmocka_unit_test(test_cmpxchg_size),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
