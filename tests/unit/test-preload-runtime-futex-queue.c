/* tests/unit/test-preload-runtime-futex-queue.c — the futex waiter queue: FIFO order, addresses,
 * bitset matching, wake counts and the kernel's reading of the count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h> /* after the headers it needs */

#include "runtime-futex-queue.h"

#define A 0x1000u
#define B 0x2000u
#define ALL 0xffffffffu

static struct lp_futex_queue q;
static unsigned woken[LP_MAX_THREADS];

static int reset(void **state)
{
	(void)state;
	memset(&q, 0, sizeof q);
	memset(woken, 0xff, sizeof woken);
	return 0;
}

static void test_fifo_not_slot_order(void **state)
{
	(void)state;
	lp_futex_enqueue(&q, 5, A, ALL);
	lp_futex_enqueue(&q, 2, A, ALL);
	lp_futex_enqueue(&q, 9, A, ALL);
	assert_int_equal(lp_futex_wake(&q, A, ALL, 2, woken), 2);
	assert_int_equal(woken[0], 5);
	assert_int_equal(woken[1], 2);
	assert_int_equal(lp_futex_wake(&q, A, ALL, 10, woken), 1);
	assert_int_equal(woken[0], 9);
	assert_int_equal(lp_futex_wake(&q, A, ALL, 10, woken), 0);
}

static void test_requeued_waiter_goes_to_the_back(void **state)
{
	(void)state;
	lp_futex_enqueue(&q, 1, A, ALL);
	lp_futex_enqueue(&q, 2, A, ALL);
	assert_int_equal(lp_futex_wake(&q, A, ALL, 1, woken), 1);
	assert_int_equal(woken[0], 1);
	lp_futex_enqueue(&q, 1, A, ALL); /* waits again: behind 2 */
	assert_int_equal(lp_futex_wake(&q, A, ALL, 1, woken), 1);
	assert_int_equal(woken[0], 2);
}

static void test_other_address_untouched(void **state)
{
	(void)state;
	lp_futex_enqueue(&q, 0, B, ALL);
	lp_futex_enqueue(&q, 1, A, ALL);
	assert_int_equal(lp_futex_wake(&q, A, ALL, 5, woken), 1);
	assert_int_equal(woken[0], 1);
	assert_int_equal(q.w[0].addr, B);
	assert_int_equal(q.w[1].addr, 0);
}

static void test_bitset_must_share_a_bit(void **state)
{
	(void)state;
	lp_futex_enqueue(&q, 0, A, 0x1);
	lp_futex_enqueue(&q, 1, A, 0x2);
	lp_futex_enqueue(&q, 2, A, 0x6);
	assert_int_equal(lp_futex_wake(&q, A, 0x4, 5, woken), 1);
	assert_int_equal(woken[0], 2);
	assert_int_equal(lp_futex_wake(&q, A, 0x8, 5, woken), 0);
	assert_int_equal(lp_futex_wake(&q, A, ALL, 5, woken), 2);
	assert_int_equal(woken[0], 0);
	assert_int_equal(woken[1], 1);
}

static void test_dequeue_timed_out_waiter(void **state)
{
	(void)state;
	lp_futex_enqueue(&q, 3, A, ALL);
	lp_futex_enqueue(&q, 4, A, ALL);
	assert_int_equal(lp_futex_dequeue(&q, 3), 1);
	assert_int_equal(lp_futex_dequeue(&q, 3), 0);
	assert_int_equal(lp_futex_wake(&q, A, ALL, 5, woken), 1);
	assert_int_equal(woken[0], 4);
}

static void test_every_slot_can_wait(void **state)
{
	(void)state;
	for (unsigned i = 0; i < LP_MAX_THREADS; i++)
		lp_futex_enqueue(&q, LP_MAX_THREADS - 1 - i, A, ALL);
	assert_int_equal(lp_futex_wake(&q, A, ALL, UINT64_MAX, woken), LP_MAX_THREADS);
	assert_int_equal(woken[0], LP_MAX_THREADS - 1);
	assert_int_equal(woken[LP_MAX_THREADS - 1], 0);
}

static void test_wake_count_as_the_kernel_reads_it(void **state)
{
	(void)state;
	assert_int_equal(lp_futex_wake_max(0), 1);
	assert_int_equal(lp_futex_wake_max(3), 3);
	assert_int_equal(lp_futex_wake_max(0x7fffffffu), 0x7fffffff);
	assert_int_equal(lp_futex_wake_max(0xffffffffu), 1); /* -1 as an int */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup(test_fifo_not_slot_order, reset),
	    cmocka_unit_test_setup(test_requeued_waiter_goes_to_the_back, reset),
	    cmocka_unit_test_setup(test_other_address_untouched, reset),
	    cmocka_unit_test_setup(test_bitset_must_share_a_bit, reset),
	    cmocka_unit_test_setup(test_dequeue_timed_out_waiter, reset),
	    cmocka_unit_test_setup(test_every_slot_can_wait, reset),
	    cmocka_unit_test_setup(test_wake_count_as_the_kernel_reads_it, reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
