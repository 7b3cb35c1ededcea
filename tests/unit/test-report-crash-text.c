/* tests/unit/test-report-crash-text.c — a crash as the report says it (cli/report/crash-text.h) and
 * the unwinder (cli/analyze/unwind.h): the stack copy's reader, and a backtrace of this very
 * process from registers and a stack copy taken as the preload's handler takes them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <ucontext.h>
#include <unistd.h>

#include "cli/analyze/unwind.h"
#include "cli/report/crash-text.h"

#define T2 ((lp_tid_t)2 << 56) /* 0.2 */

static struct lp_crash_frame frames[] = {
    {.pc = 0x7ffff7fbc205,
     .fn = "box_get",
     .off = 4,
     .file = "box-race.c",
     .line = 37,
     .obj = "libbox-race.so"},
    {.pc = 0x555555555189,
     .fn = "getter",
     .off = 0x10,
     .file = "client-box.c",
     .line = 16,
     .obj = "client-box"},
    {.pc = 0x7ffff7fc0000, .fn = "thread_main", .off = 0xa3, .obj = "liblineup-preload.so"},
    {.pc = 0x7ffff7d00000, .fn = "start_thread", .off = 0x305, .obj = "libc.so.6"},
    {.pc = 0x7ffff7d80000, .fn = "__clone3", .off = 0x2c, .obj = "libc.so.6"},
};

static const struct lp_crash_info box = {.tid = T2,
					 .signo = SIGSEGV,
					 .code = SEGV_MAPERR,
					 .addr = 0,
					 .pc = 0x7ffff7fbc205,
					 .frames = frames,
					 .n_frames = 5};

static void text_and_backtrace(void **state)
{
	char *t = lp_crash_text(&box);
	assert_string_equal(t, "thread 0.2 crashed: SIGSEGV at address 0x0 (address not mapped) "
			       "in box_get+0x4 (box-race.c:37)\n"
			       "  #0 box_get+0x4 (box-race.c:37)\n"
			       "  #1 getter+0x10 (client-box.c:16)\n");
	free(t);
	t = lp_crash_line(&box);
	assert_string_equal(t, "thread 0.2 crashed: SIGSEGV at address 0x0 (address not mapped) "
			       "in box_get+0x4 (box-race.c:37), called from getter+0x10 "
			       "(client-box.c:16)");
	free(t);
}

static const char *frame_text(struct lp_crash_frame f)
{
	static char out[128];
	struct lp_buf b = {0};
	lp_crash_frame_text(&b, &f);
	strcpy(out, lp_buf_str(&b));
	lp_buf_free(&b);
	return out;
}

/* Less and less known: DWARF line, symbol only, object only, nothing. */
static void frame_fallbacks(void **state)
{
	assert_string_equal(frame_text(frames[0]), "box_get+0x4 (box-race.c:37)");
	assert_string_equal(
	    frame_text((struct lp_crash_frame){.fn = "box_get", .off = 4, .obj = "libbox.so"}),
	    "box_get+0x4 in libbox.so");
	assert_string_equal(frame_text((struct lp_crash_frame){.off = 0x1139, .obj = "libbox.so"}),
			    "libbox.so+0x1139");
	assert_string_equal(frame_text((struct lp_crash_frame){.pc = 0x1234}), "0x1234");
}

/* Shown down to main, or to the last frame above the runtime's (libc, the preload). */
static void frames_shown(void **state)
{
	assert_int_equal(lp_crash_shown(frames, 5), 2);
	struct lp_crash_frame main_thread[] = {
	    {.fn = "box_get", .obj = "libbox.so"},
	    {.fn = "main", .obj = "client"},
	    {.fn = "__libc_start_call_main", .obj = "libc.so.6"},
	    {.fn = "_start", .obj = "client"},
	};
	assert_int_equal(lp_crash_shown(main_thread, 4), 2);
	/* a crash in libc itself keeps its frame */
	assert_int_equal(lp_crash_shown(&frames[3], 2), 1);
	assert_int_equal(lp_crash_shown(frames, 0), 0);
}

static void codes(void **state)
{
	assert_string_equal(lp_crash_code_text(SIGSEGV, SEGV_ACCERR), "invalid permissions");
	assert_string_equal(lp_crash_code_text(SIGFPE, FPE_INTDIV), "integer divide by zero");
	assert_string_equal(lp_crash_code_text(SIGBUS, BUS_ADRALN), "invalid address alignment");
	assert_string_equal(lp_crash_code_text(SIGILL, ILL_ILLOPN), "illegal operand");
	assert_non_null(strstr(lp_crash_code_text(SIGABRT, SI_TKILL), "abort"));
	assert_null(lp_crash_code_text(SIGSEGV, 99));
	assert_true(lp_crash_has_addr(SIGBUS, BUS_ADRERR));
	assert_false(lp_crash_has_addr(SIGSEGV, SI_KERNEL)); /* a GP fault gives no address */
	assert_false(lp_crash_has_addr(SIGABRT, SI_TKILL));
	struct lp_crash_info abrt = {
	    .tid = LP_TID_NONE, .signo = SIGABRT, .code = SI_TKILL, .pc = 0xabc};
	char *t = lp_crash_text(&abrt);
	assert_string_equal(t, "thread ? crashed: SIGABRT (raised by abort, raise or tgkill) in "
			       "0xabc\n");
	free(t);
}

static void json(void **state)
{
	struct lp_buf b = {0};
	lp_crash_json(&b, &box);
	assert_string_equal(
	    lp_buf_str(&b),
	    "{\"thread\": \"0.2\", \"signal\": \"SIGSEGV\", \"code\": 1, \"code_text\": \"address "
	    "not mapped\", \"address\": \"0x0\", \"pc\": \"0x7ffff7fbc205\", \"frames\": "
	    "[{\"pc\": \"0x7ffff7fbc205\", \"function\": \"box_get\", \"offset\": 4, \"file\": "
	    "\"box-race.c\", \"line\": 37, \"object\": \"libbox-race.so\"}, {\"pc\": "
	    "\"0x555555555189\", \"function\": \"getter\", \"offset\": 16, \"file\": "
	    "\"client-box.c\", \"line\": 16, \"object\": \"client-box\"}]}");
	lp_buf_free(&b);
}

static void stack_words(void **state)
{
	uint64_t copy[3] = {11, 22, 33}, w = 0;
	assert_true(lp_unwind_stack_word(0x1000, copy, sizeof copy, 0x1008, &w));
	assert_int_equal(w, 22);
	assert_true(lp_unwind_stack_word(0x1000, copy, sizeof copy, 0x1010, &w));
	assert_int_equal(w, 33);
	assert_false(lp_unwind_stack_word(0x1000, copy, sizeof copy, 0x1014, &w)); /* past */
	assert_false(lp_unwind_stack_word(0x1000, copy, sizeof copy, 0xff8, &w));  /* below */
	assert_false(lp_unwind_stack_word(0x1000, copy, sizeof copy, UINT64_MAX, &w));
}

/* What the preload's handler records, for this thread where inner() stands. */
static _Alignas(8) char record[sizeof(struct lp_rec_crash) + LP_CRASH_STACK];

__attribute__((noinline)) static void inner(void)
{
	static const int map[LP_CRASH_NREGS] = {
	    REG_RAX, REG_RDX, REG_RCX, REG_RBX, REG_RSI, REG_RDI, REG_RBP, REG_RSP, REG_R8,
	    REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15, REG_RIP};
	ucontext_t uc;
	struct lp_rec_crash *r = (void *)record;
	getcontext(&uc);
	for (unsigned i = 0; i < LP_CRASH_NREGS; i++)
		r->regs[i] = (uint64_t)uc.uc_mcontext.gregs[map[i]];
	struct iovec local = {r + 1, LP_CRASH_STACK},
		     remote = {(void *)(uintptr_t)r->regs[LP_CRASH_REG_SP], LP_CRASH_STACK};
	ssize_t n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
	r->stack_len = n > 0 ? (uint32_t)n & ~7u : 0;
	r->tid = T2;
	r->signo = SIGSEGV;
	r->code = SEGV_MAPERR;
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void outer(void)
{
	inner();
	__asm__ volatile("" ::: "memory"); /* not a tail call */
}

static void unwinds_this_process(void **state)
{
	outer();
	const struct lp_rec_crash *r = (const void *)record;
	if (!r->stack_len)
		skip(); /* process_vm_readv refused here (seccomp): the handler's copy is empty too
			 */
	struct lp_crash_info *ci = lp_unwind_crash(getpid(), r, NULL, 0);
	assert_int_equal(ci->tid, T2);
	assert_true(ci->n_frames >= 3);
	assert_non_null(ci->frames[0].fn);
	assert_string_equal(ci->frames[0].fn, "inner");
	assert_non_null(ci->frames[0].file);
	assert_string_equal(ci->frames[0].file, "test-report-crash-text.c");
	assert_string_equal(ci->frames[1].fn, "outer");
	assert_string_equal(ci->frames[2].fn, "unwinds_this_process");
	lp_crash_info_free(ci);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(text_and_backtrace),
					   cmocka_unit_test(frame_fallbacks),
					   cmocka_unit_test(frames_shown),
					   cmocka_unit_test(codes),
					   cmocka_unit_test(json),
					   cmocka_unit_test(stack_words),
					   cmocka_unit_test(unwinds_this_process)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
