/* tests/unit/test-preload-runtime-span.c — plan spans as preload/runtime-span.c applies them: a
 * step drops LP_FP_TARGET only when it starts and ends at the places of one span of its
 * operation (the entry, a trapped atomic at its stack depth below the operation's return
 * slot with the named return addresses in their slots, the end); one that starts at an
 * atomic takes LP_FP_MEMORY instead (the atomic wrote a line other threads' untracked code
 * may read); a wrong depth, a return address not the span's, a voided step, another end or
 * a thread the library created keep it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "plan.h"
#include "preload.h"
#include "runtime.h"

struct lp_preload lp_g;
const uint64_t *lp_rt_access_regs;

#define BASE 0x400000u
#define LOCK_SITE 0x1180u   /* the atomic inside the lock, two frames below the operation */
#define LOCK_RET 0x1200u    /* where the lock returns to in the operation */
#define LOCK_DEPTH 32u	    /* %rsp at the atomic: bytes below the operation's return slot */
#define LOCK_RET_SLOT 16u   /* the lock's return address: bytes below that slot */
#define UNLOCK_SITE 0x1300u /* an atomic in the operation itself */

static struct lp_loaded_plan plan;
static uint64_t stack[16];
static uint64_t regs[16];
static struct lp_thread t;

static uintptr_t top(void) { return (uintptr_t)&stack[15]; }

static struct lp_span_place site_place(uint64_t off, uint32_t depth, uint64_t ret, uint32_t slot)
{
	struct lp_span_place p;
	memset(&p, 0, sizeof p);
	p.kind = LP_SPAN_SITE, p.off = off, p.depth = depth;
	if (ret)
		p.n_frames = 1, p.ret[0] = ret, p.slot[0] = slot;
	return p;
}

static struct lp_span_place edge(uint8_t kind)
{
	struct lp_span_place p;
	memset(&p, 0, sizeof p);
	p.kind = kind;
	return p;
}

/* One operation with three spans: entry -> the lock's atomic, the lock's atomic -> the
 * unlock's atomic, the unlock's atomic -> the end. */
static int setup(void **state)
{
	(void)state;
	memset(&plan, 0, sizeof plan);
	memset(&t, 0, sizeof t);
	memset(stack, 0, sizeof stack);
	plan.n_funcs = 1;
	plan.funcs[0].span_first = 0;
	plan.funcs[0].span_n = 3;
	struct lp_span_place lock = site_place(LOCK_SITE, LOCK_DEPTH, LOCK_RET, LOCK_RET_SLOT);
	struct lp_span_place unlock = site_place(UNLOCK_SITE, 8, 0, 0);
	plan.spans[0] = (struct lp_span){0, 0, edge(LP_SPAN_ENTRY), lock};
	plan.spans[1] = (struct lp_span){0, 0, lock, unlock};
	plan.spans[2] = (struct lp_span){0, 0, unlock, edge(LP_SPAN_END)};
	plan.n_spans = 3;
	lp_g.plan = &plan;
	lp_g.target_base[0] = BASE;
	lp_rt_access_regs = regs;
	t.in_op = 1;
	t.op_func = 0;
	t.op_retslot = top();
	return 0;
}

/* The thread stands at a trapped instruction at off with %rsp depth bytes below the
 * operation's return slot, the lock's return address (or ret) in its slot. */
static void stand_at(uint64_t off, uint32_t depth, uint64_t ret)
{
	t.at_site = BASE + off;
	regs[4] = top() - depth;
	*(uint64_t *)(top() - LOCK_RET_SLOT) = BASE + ret;
}

/* A step from point `from` (the thread at its place) to an arrival at point `to`, site:
 * the flags it keeps. */
static uint32_t step(uint32_t from, uint32_t to, uintptr_t site, bool voided)
{
	lp_span_start(&t, from);
	if (voided)
		t.span_void = 1;
	t.fp.flags = LP_FP_TARGET;
	lp_span_arrive(&t, to, site);
	return t.fp.flags;
}

static void entry_to_lock(void **state)
{
	(void)state;
	stand_at(LOCK_SITE, LOCK_DEPTH, LOCK_RET);
	assert_int_equal(step(LP_PT_OP_START, LP_PT_ATOMIC, BASE + LOCK_SITE, false), 0);
	/* the same instruction at another depth or reached from another caller: no span */
	stand_at(LOCK_SITE, LOCK_DEPTH + 8, LOCK_RET);
	assert_int_equal(step(LP_PT_OP_START, LP_PT_ATOMIC, BASE + LOCK_SITE, false), LP_FP_TARGET);
	stand_at(LOCK_SITE, LOCK_DEPTH, LOCK_RET + 5);
	assert_int_equal(step(LP_PT_OP_START, LP_PT_ATOMIC, BASE + LOCK_SITE, false), LP_FP_TARGET);
	/* a voided step (a syscall() that made no point) */
	stand_at(LOCK_SITE, LOCK_DEPTH, LOCK_RET);
	assert_int_equal(step(LP_PT_OP_START, LP_PT_ATOMIC, BASE + LOCK_SITE, true), LP_FP_TARGET);
	/* entry straight to the end is no span of this operation */
	assert_int_equal(step(LP_PT_OP_START, LP_PT_OP_END, 0, false), LP_FP_TARGET);
}

static void from_an_atomic(void **state)
{
	(void)state;
	/* lock -> unlock: local code, but its atomic wrote memory */
	stand_at(LOCK_SITE, LOCK_DEPTH, LOCK_RET);
	lp_span_start(&t, LP_PT_ATOMIC);
	t.fp.flags = LP_FP_TARGET;
	stand_at(UNLOCK_SITE, 8, LOCK_RET);
	lp_span_arrive(&t, LP_PT_ATOMIC, BASE + UNLOCK_SITE);
	assert_int_equal(t.fp.flags, LP_FP_MEMORY);
	/* unlock -> end */
	assert_int_equal(step(LP_PT_ATOMIC, LP_PT_OP_END, 0, false), LP_FP_MEMORY);
	/* unlock -> the lock's atomic again: not a span */
	lp_span_start(&t, LP_PT_ATOMIC);
	t.fp.flags = LP_FP_TARGET;
	stand_at(LOCK_SITE, LOCK_DEPTH, LOCK_RET);
	lp_span_arrive(&t, LP_PT_ATOMIC, BASE + LOCK_SITE);
	assert_int_equal(t.fp.flags, LP_FP_TARGET);
}

static void outside_operations(void **state)
{
	(void)state;
	t.library = 1; /* a thread the library created runs no operation */
	stand_at(LOCK_SITE, LOCK_DEPTH, LOCK_RET);
	assert_int_equal(step(LP_PT_OP_START, LP_PT_ATOMIC, BASE + LOCK_SITE, false), LP_FP_TARGET);
	t.library = 0;
	t.in_op = 0; /* between operations: the unlock's place means nothing */
	stand_at(UNLOCK_SITE, 8, LOCK_RET);
	assert_int_equal(step(LP_PT_ATOMIC, LP_PT_OP_END, 0, false), LP_FP_TARGET);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup(entry_to_lock, setup),
	    cmocka_unit_test_setup(from_an_atomic, setup),
	    cmocka_unit_test_setup(outside_operations, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
