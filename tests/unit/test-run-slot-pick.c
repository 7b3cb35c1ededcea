/* tests/unit/test-run-slot-pick.c — where the workers' next execution goes: an idle slot on
 * the least loaded worker, and no more submitted at once than one per worker (two with a
 * single worker: one running, one queued behind it). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>

#include "cli/run/slot-pick.h"

static void submitted_max(void **state)
{
	(void)state;
	assert_int_equal(lp_slot_submitted_max(1), 2);
	assert_int_equal(lp_slot_submitted_max(2), 2);
	assert_int_equal(lp_slot_submitted_max(3), 3);
}

/* One worker, slots 1 and 2: the second is queued behind the first, then none. */
static void one_worker_queues_one(void **state)
{
	(void)state;
	bool busy[3] = {false, false, false};
	assert_int_equal(lp_slot_pick(busy, 2, 1), 1);
	busy[1] = true;
	assert_int_equal(lp_slot_pick(busy, 2, 1), 2);
	busy[2] = true;
	assert_int_equal(lp_slot_pick(busy, 2, 1), 0);
	busy[1] = false; /* the first ended: its slot takes the next */
	assert_int_equal(lp_slot_pick(busy, 2, 1), 1);
}

/* Two workers, slots 1..4 (slot k on worker (k - 1) % 2): one each, never a queue. */
static void two_workers_spread(void **state)
{
	(void)state;
	bool busy[5] = {false};
	assert_int_equal(lp_slot_pick(busy, 4, 2), 1);
	busy[1] = true; /* worker 0 */
	assert_int_equal(lp_slot_pick(busy, 4, 2), 2);
	busy[2] = true; /* worker 1: two submitted, the most */
	assert_int_equal(lp_slot_pick(busy, 4, 2), 0);
	busy[1] = false;
	busy[3] = true; /* worker 0 again, in its other slot; slot 1 idle, worker 0 loaded */
	busy[2] = false;
	/* slot 1 and 3 are worker 0's (3 busy), slot 2 and 4 worker 1's (idle): slot 2 */
	assert_int_equal(lp_slot_pick(busy, 4, 2), 2);
}

/* Three workers, slots 1..6, with a busy mix: the idle slot of the idle worker, even when
 * a lower idle slot belongs to a busy one. */
static void least_loaded_first(void **state)
{
	(void)state;
	bool busy[7] = {false};
	busy[4] = true;				       /* worker 0 */
	busy[2] = true;				       /* worker 1 */
	assert_int_equal(lp_slot_pick(busy, 6, 3), 3); /* worker 2 */
	busy[3] = true;
	assert_int_equal(lp_slot_pick(busy, 6, 3), 0); /* three submitted */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(submitted_max),
	    cmocka_unit_test(one_worker_queues_one),
	    cmocka_unit_test(two_workers_spread),
	    cmocka_unit_test(least_loaded_first),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
