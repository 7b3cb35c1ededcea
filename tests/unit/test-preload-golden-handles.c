/* tests/unit/test-preload-golden-handles.c — the golden model's handles renamed into the
 * history's values: fresh pairs with fresh, seen maps back, arguments translate, NULL
 * stays NULL, and a handle that cannot pair stays unmatched. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "golden-handles.h"

static void fresh_pairs_with_fresh(void **state)
{
	(void)state;
	struct lp_handles m = {.n = 0};
	/* the history's q_new returned 0x5000, the model's 0x9000 */
	assert_int_equal(lp_handle_to_history(&m, 0x9000, 1, 0x5000), 0x5000);
	assert_int_equal(lp_handle_to_model(&m, 0x5000), 0x9000); /* q_put(0x5000, ...) */
	assert_int_equal(lp_handle_to_model(&m, 0x7777), 0x7777); /* the client's own memory */
	/* the model returns the same node again: the history's value for it */
	assert_int_equal(lp_handle_to_history(&m, 0x9000, 1, 0x1234), 0x5000);
}

static void null_and_unpairable(void **state)
{
	(void)state;
	struct lp_handles m = {.n = 0};
	assert_int_equal(lp_handle_to_history(&m, 0, 1, 0x5000), 0);
	assert_int_equal(m.n, 0);
	assert_int_equal(lp_handle_to_history(&m, 0x9000, 1, 0x5000), 0x5000);
	/* a fresh model handle where the history repeats one already paired: no renaming
	 * makes them equal, so the raw value (which cannot match) is answered */
	assert_int_equal(lp_handle_to_history(&m, 0xa000, 1, 0x5000), 0xa000);
	/* the call is pending in the history: nothing to pair with */
	assert_int_equal(lp_handle_to_history(&m, 0xb000, 0, 0), 0xb000);
	/* the history returned NULL where the model gives a handle */
	assert_int_equal(lp_handle_to_history(&m, 0xc000, 1, 0), 0xc000);
	assert_int_equal(m.n, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(fresh_pairs_with_fresh),
	    cmocka_unit_test(null_and_unpairable),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
