/* test-run-call-keys.c — per-thread call keys: results, interleaving and header do not
 * count; a different argument, call order within a thread or thread does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cli/run/call-keys.h"

static const char *serial =
    "history serial schedule=s:\n0 call q_new()\n0 ret 0x10\n"
    "0.1 call q_add(0x10, 10)\n0.1 ret void\n0.2 call q_take(0x10)\n0.2 ret 10\nend\n";

static void same_calls_same_key(void **state)
{
	(void)state;
	const char *conc =
	    "history concurrent schedule=c:5@0.2\n0 call q_new()\n0 ret 0x10\n"
	    "0.2 call q_take(0x10)\n0.1 call q_add(0x10, 10)\n0.2 ret -1\n0.1 ret void\nend\n";
	assert_int_equal(lp_calls_key(serial), lp_calls_key(conc));
}

static void different_calls_different_key(void **state)
{
	(void)state;
	const char *arg = "history concurrent\n0 call q_new()\n0 ret 0x10\n0.1 call q_add(0x10, "
			  "11)\n0.1 ret void\n"
			  "0.2 call q_take(0x10)\n0.2 ret 11\nend\n";
	const char *swapped = "history concurrent\n0 call q_new()\n0 ret 0x10\n0.2 call "
			      "q_add(0x10, 10)\n0.2 ret void\n"
			      "0.1 call q_take(0x10)\n0.1 ret 10\nend\n";
	const char *order =
	    "history serial\n0.1 call q_add(0x10, 10)\n0.1 ret void\n0 call q_new()\n0 ret 0x10\n"
	    "0.2 call q_take(0x10)\n0.2 ret 10\nend\n";
	assert_int_not_equal(lp_calls_key(serial), lp_calls_key(arg));
	assert_int_not_equal(lp_calls_key(serial), lp_calls_key(swapped));
	/* 0's and 0.1's calls are in different threads: the order across threads does not count */
	assert_int_equal(lp_calls_key(serial), lp_calls_key(order));
	const char *two = "history serial\n0.1 call q_add(0x10, 10)\n0.1 call q_take(0x10)\nend\n";
	const char *two_rev =
	    "history serial\n0.1 call q_take(0x10)\n0.1 call q_add(0x10, 10)\nend\n";
	assert_int_not_equal(lp_calls_key(two), lp_calls_key(two_rev));
}

static void keyset(void **state)
{
	(void)state;
	struct lp_keyset s = {0};
	for (uint64_t k = 1; k < 5000; k += 2)
		assert_true(lp_keyset_add(&s, k * 2654435761u | 1));
	for (uint64_t k = 1; k < 5000; k += 2) {
		assert_true(lp_keyset_has(&s, k * 2654435761u | 1));
		assert_false(lp_keyset_add(&s, k * 2654435761u | 1));
	}
	assert_false(lp_keyset_has(&s, 2));
	assert_int_equal(s.n, 2500);
	lp_keyset_clear(&s);
	assert_false(lp_keyset_has(&s, 3));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(same_calls_same_key),
	    cmocka_unit_test(different_calls_different_key),
	    cmocka_unit_test(keyset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
