/* tests/unit/test-preload-worker-line.c — passing a worker's turn past executions whose processes
 * ended (preload/worker-line.h): the one at the turn, ones further back in the line once
 * the turn reaches them, never one still alive, and tickets that wrap around. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h> /* after the headers it needs */

#include "worker-line.h"

static struct lp_worker_line line;
static volatile uint32_t turn;

static int reset(void **state)
{
	(void)state;
	memset(&line, 0, sizeof line);
	turn = 0;
	return 0;
}

/* The usual case: the execution passed the turn itself before its process ended. */
static void test_passed_by_itself(void **state)
{
	(void)state;
	turn = 1; /* ticket 0 passed it */
	assert_false(lp_worker_line_ended(&line, &turn, 0));
	assert_int_equal(turn, 1);
	assert_int_equal(line.n_ended, 0);
}

/* Killed or crashed while holding the turn: the server passes it. */
static void test_ended_at_its_turn(void **state)
{
	(void)state;
	turn = 4;
	assert_true(lp_worker_line_ended(&line, &turn, 4));
	assert_int_equal(turn, 5);
	assert_int_equal(line.n_ended, 0);
}

/* Killed while waiting behind a running one: nothing moves until the turn reaches it, then
 * the end of the one ahead passes both. */
static void test_ended_while_waiting(void **state)
{
	(void)state;
	turn = 2; /* ticket 2 runs; 3 and 4 wait */
	assert_false(lp_worker_line_ended(&line, &turn, 3));
	assert_int_equal(turn, 2);
	assert_int_equal(line.n_ended, 1);
	turn = 3; /* ticket 2 passes the turn, then its process ends */
	assert_true(lp_worker_line_ended(&line, &turn, 2));
	assert_int_equal(turn, 4); /* 4 runs now */
	assert_int_equal(line.n_ended, 0);
}

/* Several dead in a row, ended in any order, are passed in one go. */
static void test_dead_run_of_tickets(void **state)
{
	(void)state;
	turn = 10;
	assert_false(lp_worker_line_ended(&line, &turn, 12));
	assert_false(lp_worker_line_ended(&line, &turn, 11));
	assert_int_equal(turn, 10);
	assert_true(lp_worker_line_ended(&line, &turn, 10));
	assert_int_equal(turn, 13);
	assert_int_equal(line.n_ended, 0);
}

/* A dead one behind a live one is not passed, whatever else ends. */
static void test_never_past_a_live_one(void **state)
{
	(void)state;
	turn = 7;
	assert_false(lp_worker_line_ended(&line, &turn, 9)); /* 7 and 8 alive */
	turn = 8;					     /* 7 passed it */
	assert_false(lp_worker_line_ended(&line, &turn, 7));
	assert_int_equal(turn, 8);
	assert_int_equal(line.n_ended, 1); /* 9 still kept */
}

static void test_wraps_around(void **state)
{
	(void)state;
	assert_true(lp_ticket_before(UINT32_MAX, 0));
	assert_false(lp_ticket_before(0, UINT32_MAX));
	turn = UINT32_MAX;
	assert_false(lp_worker_line_ended(&line, &turn, 0));
	assert_true(lp_worker_line_ended(&line, &turn, UINT32_MAX));
	assert_int_equal(turn, 1);
	assert_int_equal(line.n_ended, 0);
}

/* As many ended as children can be alive, plus the one being added. */
static void test_full_line(void **state)
{
	(void)state;
	turn = 100;
	for (uint32_t k = 1; k <= LP_MAX_SLOTS; k++)
		assert_false(lp_worker_line_ended(&line, &turn, 100 + k));
	assert_int_equal(line.n_ended, LP_MAX_SLOTS);
	assert_true(lp_worker_line_ended(&line, &turn, 100));
	assert_int_equal(turn, 101 + LP_MAX_SLOTS);
	assert_int_equal(line.n_ended, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup(test_passed_by_itself, reset),
	    cmocka_unit_test_setup(test_ended_at_its_turn, reset),
	    cmocka_unit_test_setup(test_ended_while_waiting, reset),
	    cmocka_unit_test_setup(test_dead_run_of_tickets, reset),
	    cmocka_unit_test_setup(test_never_past_a_live_one, reset),
	    cmocka_unit_test_setup(test_wraps_around, reset),
	    cmocka_unit_test_setup(test_full_line, reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
