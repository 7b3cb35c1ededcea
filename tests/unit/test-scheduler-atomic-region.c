/* tests/unit/test-scheduler-atomic-region.c — the atomic-region rule the runtime applies while
 * root causes are checked: entering at the start, holding until the end, yields and
 * operation ends. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "scheduler/atomic-region.h"

static const struct lp_atomic_region regions[] = {{0x10, 0x30}, {0x50, 0x40}};

static void test_enter_hold_leave(void **state)
{
	(void)state;
	struct lp_region_state st = {0};
	assert_false(lp_region_locked(&st, LP_PT_MEMORY)); /* all zero: outside */
	lp_region_arrive(&st, LP_PT_MEMORY);
	lp_region_chosen(&st, regions, 2, 0x8); /* not a start */
	assert_false(lp_region_locked(&st, LP_PT_MEMORY));
	lp_region_chosen(&st, regions, 2, 0x10); /* runs the first access */
	lp_region_arrive(&st, LP_PT_MEMORY);
	assert_true(lp_region_locked(&st, LP_PT_MEMORY));
	assert_false(lp_region_locked(&st, LP_PT_YIELD)); /* a spin inside still yields */
	lp_region_chosen(&st, regions, 2, 0x20);	  /* inside */
	lp_region_arrive(&st, LP_PT_SYNC);
	assert_true(lp_region_locked(&st, LP_PT_SYNC));
	lp_region_chosen(&st, regions, 2, 0x30); /* runs the last access */
	assert_false(lp_region_locked(&st, LP_PT_MEMORY));
	lp_region_arrive(&st, LP_PT_MEMORY); /* its next point: outside */
	assert_false(lp_region_locked(&st, LP_PT_MEMORY));
	assert_int_equal(st.region, 0);
}

/* End below start (a loop): the second region; an operation's end leaves any region. */
static void test_backward_and_op_end(void **state)
{
	(void)state;
	struct lp_region_state st = {0};
	lp_region_chosen(&st, regions, 2, 0x50);
	assert_int_equal(st.region, 2);
	lp_region_arrive(&st, LP_PT_ATOMIC);
	assert_true(lp_region_locked(&st, LP_PT_ATOMIC));
	lp_region_chosen(&st, regions, 2, 0x10); /* another region's start: still in the first */
	assert_int_equal(st.region, 2);
	lp_region_arrive(&st, LP_PT_OP_END);
	assert_false(lp_region_locked(&st, LP_PT_OP_END));
	assert_int_equal(st.region, 0);
	/* a region whose start is its end is never entered */
	const struct lp_atomic_region one[] = {{0x70, 0x70}};
	lp_region_chosen(&st, one, 1, 0x70);
	assert_int_equal(st.region, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_enter_hold_leave),
	    cmocka_unit_test(test_backward_and_op_end),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
