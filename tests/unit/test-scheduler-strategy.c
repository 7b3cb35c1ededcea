/* tests/unit/test-scheduler-strategy.c — the randomized strategies' pure parts: seeded
 * choices stay among the candidates and repeat with the seed, PCT change points are
 * distinct and in range, the highest priority runs, and a decision log turns into the
 * override list that reproduces every choice under the default rule. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "../../scheduler/explore.h"
#include "../../scheduler/sched-pick.h"
#include "../../scheduler/strategy.h"

#define T1 ((lp_tid_t)1 << 56)
#define T2 ((lp_tid_t)2 << 56)
#define T3 ((lp_tid_t)3 << 56)

static void random_pick_in_candidates_and_seeded(void **state)
{
	const lp_tid_t cand[] = {T1, T2, T3};
	unsigned hits[3] = {0};
	for (uint64_t step = 0; step < 3000; step++) {
		lp_tid_t t = lp_strategy_random_pick(42, step, cand, 3);
		assert_int_equal(t, lp_strategy_random_pick(42, step, cand, 3));
		hits[t == T1 ? 0 : t == T2 ? 1 : 2]++;
		assert_true(t == T1 || t == T2 || t == T3);
	}
	for (int i = 0; i < 3; i++) /* uniform: each near 1000 */
		assert_true(hits[i] > 850 && hits[i] < 1150);
	int differ = 0;
	for (uint64_t step = 0; step < 64; step++)
		differ += lp_strategy_random_pick(1, step, cand, 3) !=
			  lp_strategy_random_pick(2, step, cand, 3);
	assert_true(differ > 10); /* another seed, other choices */
}

static void pct_points_distinct_sorted_in_range(void **state)
{
	uint64_t pts[LP_MAX_PCT_CHANGES];
	for (uint64_t seed = 0; seed < 200; seed++) {
		unsigned n = lp_strategy_pct_points(seed, 4, 10, pts);
		assert_int_equal(n, 3);
		for (unsigned i = 0; i < n; i++) {
			assert_true(pts[i] < 10);
			if (i)
				assert_true(pts[i - 1] < pts[i]);
		}
	}
	assert_int_equal(lp_strategy_pct_points(5, 1, 10, pts), 0); /* depth 1: no change */
	assert_int_equal(lp_strategy_pct_points(5, 6, 3, pts), 3);  /* at most k */
	assert_int_equal(pts[0], 0);
	assert_int_equal(pts[2], 2);
	assert_int_equal(lp_strategy_pct_points(5, 40, 1000, pts), LP_MAX_PCT_CHANGES);
}

static void pct_highest_priority_runs(void **state)
{
	const lp_tid_t cand[] = {T1, T2, T3};
	const uint64_t prio[] = {5, 9, 2};
	assert_int_equal(lp_strategy_pct_pick(cand, prio, 3), T2);
	/* initial priorities are above every lowered one (1..15) */
	assert_true(lp_strategy_pct_priority(3, T1) > LP_MAX_PCT_CHANGES);
	assert_true(lp_strategy_pct_priority(3, T1) != lp_strategy_pct_priority(3, T2));
}

/* Replays an override list over a fixed sequence of points under the runtime's rule. */
static lp_tid_t replay_choice(const struct lp_schedule *s, size_t *next,
			      const struct lp_explore_decision *d)
{
	if (*next < s->n && s->ov[*next].step == d->step)
		return s->ov[(*next)++].tid;
	return lp_sched_default(d->candidates, d->n_candidates, d->running, d->point);
}

static void derive_reproduces_choices(void **state)
{
	const lp_tid_t c3[] = {T1, T2, T3}, c2[] = {T2, T3}, c4[] = {T1, T2};
	struct lp_explore_decision d[] = {
	    {.step = 0,
	     .running = T1,
	     .chosen = T1,
	     .point = LP_PT_OP_START,
	     .n_candidates = 3,
	     .candidates = c3},
	    {.step = 1,
	     .running = T1,
	     .chosen = T2,
	     .point = LP_PT_ATOMIC,
	     .n_candidates = 3,
	     .candidates = c3},
	    {.step = 2,
	     .running = T2,
	     .chosen = T2,
	     .point = LP_PT_YIELD,
	     .flags = LP_DEC_YIELD,
	     .n_candidates = 2,
	     .candidates = c2},
	    {.step = 3,
	     .running = T3,
	     .chosen = T3,
	     .point = LP_PT_SYNC,
	     .n_candidates = 3,
	     .candidates = c3},
	    {.step = 4,
	     .running = T3,
	     .chosen = T2,
	     .point = LP_PT_BLOCK,
	     .n_candidates = 2,
	     .candidates = c4},
	};
	struct lp_schedule s;
	assert_int_equal(lp_strategy_derive(LP_PHASE_CONCURRENT, d, 5, &s), 0);
	/* Non-default: step 1 (a preemption), step 2 (the yielder again: no preemption at a
	 * yield), step 4 (T2 where the default after a blocked T3 is T1, cyclically). */
	size_t next = 0;
	for (size_t i = 0; i < 5; i++)
		assert_int_equal(replay_choice(&s, &next, &d[i]), d[i].chosen);
	assert_int_equal(next, s.n);
	assert_int_equal(s.cost, 1);
	char *text = lp_schedule_format(&s);
	assert_string_equal(text, "c:1@0.2,2@0.2,4@0.2");
	free(text);
	lp_schedule_clear(&s);
}

static void derive_all_defaults_is_empty(void **state)
{
	const lp_tid_t c[] = {T1, T2};
	struct lp_explore_decision d[] = {
	    {.step = 0,
	     .running = T1,
	     .chosen = T1,
	     .point = LP_PT_ATOMIC,
	     .n_candidates = 2,
	     .candidates = c},
	    {.step = 1,
	     .running = T1,
	     .chosen = T2,
	     .point = LP_PT_YIELD,
	     .n_candidates = 2,
	     .candidates = c},
	};
	struct lp_schedule s;
	assert_int_equal(lp_strategy_derive(LP_PHASE_CONCURRENT, d, 2, &s), 0);
	assert_int_equal(s.n, 0);
	assert_int_equal(s.cost, 0);
	lp_schedule_clear(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(random_pick_in_candidates_and_seeded),
	    cmocka_unit_test(pct_points_distinct_sorted_in_range),
	    cmocka_unit_test(pct_highest_priority_runs),
	    cmocka_unit_test(derive_reproduces_choices),
	    cmocka_unit_test(derive_all_defaults_is_empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
