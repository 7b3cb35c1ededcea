/* tests/unit/test-preload-tso-buffer.c — x86-TSO store buffers as views over memory
 * (preload/tso-buffer.h): store sizes from encodings, forwarding with partial overlaps,
 * views off and on, flushes in FIFO order while another thread runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tso-buffer.h"

static void test_store_sizes(void **state)
{
	(void)state;
	static const struct {
		uint8_t b[8];
		unsigned len, size;
	} cases[] = {
	    {{0x89, 0x07}, 2, 4},			  /* mov %eax,(%rdi) */
	    {{0x48, 0x89, 0x07}, 3, 8},			  /* mov %rax,(%rdi) */
	    {{0x66, 0x89, 0x07}, 3, 2},			  /* mov %ax,(%rdi) */
	    {{0x88, 0x07}, 2, 1},			  /* mov %al,(%rdi) */
	    {{0xc7, 0x07, 1, 0, 0, 0}, 6, 4},		  /* movl $1,(%rdi) */
	    {{0x48, 0xc7, 0x07, 1, 0, 0, 0}, 7, 8},	  /* movq $1,(%rdi) */
	    {{0xc6, 0x07, 1}, 3, 1},			  /* movb $1,(%rdi) */
	    {{0x83, 0x07, 1}, 3, 4},			  /* addl $1,(%rdi) */
	    {{0x48, 0xff, 0x07}, 3, 8},			  /* incq (%rdi) */
	    {{0x01, 0x07}, 2, 4},			  /* add %eax,(%rdi) */
	    {{0x0f, 0x94, 0x07}, 3, 1},			  /* sete (%rdi) */
	    {{0x0f, 0x11, 0x07}, 3, 16},		  /* movups %xmm0,(%rdi) */
	    {{0xf2, 0x0f, 0x11, 0x07}, 4, 8},		  /* movsd %xmm0,(%rdi) */
	    {{0x66, 0x0f, 0xd6, 0x07}, 4, 8},		  /* movq %xmm0,(%rdi) */
	    {{0xf3, 0x0f, 0x7e, 0x07}, 4, 0},		  /* movq (%rdi),%xmm0: a load */
	    {{0x0f, 0xc3, 0x07}, 3, 0},			  /* movnti: not buffered */
	    {{0xc5, 0xf8, 0x11, 0x07}, 4, 0},		  /* vmovups: not decoded */
	    {{0xf3, 0x48, 0xab}, 3, 0},			  /* rep stos */
	    {{0x89, 0x05, 0x10, 0x20, 0x00, 0x00}, 6, 4}, /* mov %eax,x(%rip) */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_int_equal(lp_tso_store_size(cases[i].b, cases[i].len), cases[i].size);
}

/* A trapped store: appended before it runs, run in place, captured at the next point. */
static void store(struct lp_tso_buf *b, void *at, const void *v, unsigned n)
{
	lp_tso_append(b, (uintptr_t)at, n, 0x1000);
	memcpy(at, v, n);
	lp_tso_capture(b);
}

static void test_forwarding_and_views(void **state)
{
	(void)state;
	static struct lp_tso_buf a, b;
	uint8_t mem[8] = {0};
	uint32_t x = 0x11223344;
	uint16_t y = 0xaabb;
	store(&a, mem, &x, 4);	   /* a: mem[0..4) */
	store(&a, mem + 2, &y, 2); /* a: mem[2..4), overwriting part of the first */
	/* a runs: it reads its own stores, the newest winning byte by byte */
	assert_int_equal(mem[0], 0x44);
	assert_int_equal(mem[1], 0x33);
	assert_int_equal(mem[2], 0xbb);
	assert_int_equal(mem[3], 0xaa);
	assert_true(lp_tso_view_intact(&a));
	lp_tso_leave(&a); /* b runs: committed memory */
	static const uint8_t zero[8];
	assert_memory_equal(mem, zero, 8);
	/* b's own store to a byte a covers, flushed by b's choice while b runs */
	uint8_t z = 0x77;
	store(&b, mem + 3, &z, 1);
	lp_tso_flush_oldest(&b, &b);
	assert_int_equal(b.n, 0);
	assert_int_equal(mem[3], 0x77);
	/* a's oldest store flushed while b runs: bytes b does not cover go to memory */
	lp_tso_flush_oldest(&a, &b);
	assert_int_equal(a.n, 1);
	assert_int_equal(mem[0], 0x44);
	assert_int_equal(mem[3], 0x11); /* a's first store came after b's flush */
	lp_tso_enter(&a); /* a runs again: its remaining store over committed memory */
	assert_int_equal(mem[2], 0xbb);
	assert_int_equal(mem[3], 0xaa);
	lp_tso_leave(&a);
	assert_int_equal(mem[2], 0x22);
	assert_int_equal(mem[3], 0x11);
}

/* Another thread's flush to bytes the running thread covers lands under its view. */
static void test_flush_under_running_view(void **state)
{
	(void)state;
	static struct lp_tso_buf a, b;
	uint32_t mem = 0;
	uint32_t one = 1, two = 2;
	store(&a, &mem, &one, 4);
	lp_tso_leave(&a);
	store(&b, &mem, &two, 4);    /* b runs and stores too */
	lp_tso_flush_oldest(&a, &b); /* a's store commits; b still sees its own */
	assert_int_equal(mem, 2);
	lp_tso_leave(&b);
	assert_int_equal(mem, 1); /* committed: a's */
	lp_tso_enter(&b);
	lp_tso_flush_oldest(&b, &b);
	lp_tso_leave(&b);
	assert_int_equal(mem, 2);
}

static void test_untrapped_write_detected(void **state)
{
	(void)state;
	static struct lp_tso_buf a;
	uint64_t mem = 0, v = 5;
	store(&a, &mem, &v, 8);
	assert_true(lp_tso_view_intact(&a));
	mem = 9; /* code the tool does not trap */
	assert_false(lp_tso_view_intact(&a));
	lp_tso_commit_all(&a);
	assert_int_equal(a.n, 0);
	assert_int_equal(mem, 9);
}

static void test_find_newest(void **state)
{
	(void)state;
	static struct lp_tso_buf a;
	uint8_t mem[8] = {0};
	uint8_t v = 1;
	store(&a, mem, &v, 1);
	store(&a, mem + 4, &v, 1);
	store(&a, mem, &v, 1);
	assert_ptr_equal(lp_tso_find(&a, (uintptr_t)mem, 1), &a.e[2]);
	assert_ptr_equal(lp_tso_find(&a, (uintptr_t)mem + 3, 2), &a.e[1]);
	assert_null(lp_tso_find(&a, (uintptr_t)mem + 5, 3));
}

/* The stores a load passed: all of them up to max, else the oldest and the newest max - 1. */
static void test_passed_oldest_and_newest(void **state)
{
	(void)state;
	static struct lp_tso_buf a;
	uint8_t mem[8] = {0}, v = 1;
	uint64_t site[4], addr[4];
	assert_int_equal(lp_tso_passed(&a, site, addr, 4), 0);
	for (unsigned i = 0; i < 3; i++) {
		lp_tso_append(&a, (uintptr_t)&mem[i], 1, 0x100 + i);
		memcpy(&mem[i], &v, 1);
		lp_tso_capture(&a);
	}
	assert_int_equal(lp_tso_passed(&a, site, addr, 4), 3);
	assert_int_equal(site[0], 0x100);
	assert_int_equal(site[2], 0x102);
	assert_int_equal(addr[1], (uintptr_t)&mem[1]);
	assert_int_equal(site[3], 0); /* the slot left is zeroed */
	assert_int_equal(addr[3], 0);
	for (unsigned i = 3; i < 7; i++) {
		lp_tso_append(&a, (uintptr_t)&mem[i], 1, 0x100 + i);
		lp_tso_capture(&a);
	}
	assert_int_equal(lp_tso_passed(&a, site, addr, 4), 7);
	assert_int_equal(site[0], 0x100); /* the oldest, */
	assert_int_equal(site[1], 0x104); /* then the newest three */
	assert_int_equal(site[2], 0x105);
	assert_int_equal(site[3], 0x106);
	assert_int_equal(addr[3], (uintptr_t)&mem[6]);
}

/* Passing loads: one record per (loader, load site, newest store passed), up to the cap; a
 * spin loop's next rounds and loads past the cap are not kept. */
static void test_pass_keys_repeats_and_cap(void **state)
{
	(void)state;
	struct lp_tso_pass_keys p = {0};
	assert_true(lp_tso_pass_keep(&p, 1, 0x11d, 0x117));
	assert_false(lp_tso_pass_keep(&p, 1, 0x11d, 0x117)); /* the same again */
	assert_true(lp_tso_pass_keep(&p, 2, 0x11d, 0x117));  /* another loader */
	assert_true(lp_tso_pass_keep(&p, 1, 0x137, 0x117));  /* another load site */
	assert_true(lp_tso_pass_keep(&p, 1, 0x11d, 0x13f));  /* a newer store passed */
	assert_int_equal(p.n, 4);
	for (unsigned i = 4; i < LP_TSO_PASS_NOTES; i++)
		assert_true(lp_tso_pass_keep(&p, 3, 0x200 + i, 0x117));
	assert_false(lp_tso_pass_keep(&p, 3, 0x300, 0x117)); /* new, but past the cap */
	assert_int_equal(p.n, LP_TSO_PASS_NOTES);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_store_sizes),
	    cmocka_unit_test(test_forwarding_and_views),
	    cmocka_unit_test(test_flush_under_running_view),
	    cmocka_unit_test(test_untrapped_write_detected),
	    cmocka_unit_test(test_find_newest),
	    cmocka_unit_test(test_passed_oldest_and_newest),
	    cmocka_unit_test(test_pass_keys_repeats_and_cap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
