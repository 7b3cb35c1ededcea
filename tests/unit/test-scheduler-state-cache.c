/* tests/unit/test-scheduler-state-cache.c — trace names of scheduling points and the table
 * of explored points (scheduler/state-cache.h): the same steps in an order that differs
 * only by independent steps (two reads of a line among them) name the same state, a swap
 * of dependent steps does not, a
 * what-if query names the state the step would reach, and the table covers a visit only
 * at no lower cost and with no fewer sleepers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "../../scheduler/state-cache.h"

static const lp_tid_t all3[] = {1, 2, 3};

static struct lp_footprint obj(uint64_t o, uint32_t flags)
{
	struct lp_footprint f = {.flags = flags, .n = 1};
	f.obj[0] = o;
	return f;
}

/* A log where threads order[0], order[1], order[2] each run one step (footprints fp[i])
 * from a start by thread 0: decision i chooses order[i]; decision i + 1 records its step. */
static void fill(struct lp_explore_decision d[4], const lp_tid_t order[3],
		 const struct lp_footprint fp[3])
{
	for (int i = 0; i < 4; i++) {
		d[i] = (struct lp_explore_decision){.step = (uint64_t)i,
						    .running = i ? order[i - 1] : 0,
						    .chosen = i < 3 ? order[i] : 1,
						    .point = LP_PT_SYNC,
						    .n_candidates = 3,
						    .candidates = all3};
		if (i)
			d[i].done = fp[i - 1];
	}
}

/* The trace name of the state after fill's three steps. */
static struct lp_state_key after(const lp_tid_t order[3], const struct lp_footprint fp[3])
{
	struct lp_explore_decision d[4];
	fill(d, order, fp);
	struct lp_state_key keys[4];
	lp_state_keys(d, 4, LP_REDUCE_SLEEP, keys, NULL, 0);
	return keys[3];
}

static bool same(struct lp_state_key a, struct lp_state_key b) { return a.a == b.a && a.b == b.b; }

static void test_independent_orders_name_one_state(void **state)
{
	(void)state;
	const lp_tid_t o1[] = {1, 2, 3}, o2[] = {2, 1, 3}, o3[] = {2, 3, 1};
	struct lp_footprint x = obj(0x100, 0), y = obj(0x200, 0), z = obj(0x300, 0);
	/* steps on different objects: every order is one trace */
	struct lp_footprint f1[] = {x, y, z}, f2[] = {y, x, z}, f3[] = {y, z, x};
	assert_true(same(after(o1, f1), after(o2, f2)));
	assert_true(same(after(o1, f1), after(o3, f3)));
	/* 1 and 2 on the same object: their order is part of the state */
	struct lp_footprint g1[] = {x, x, z}, g2[] = {x, x, z};
	assert_false(same(after(o1, g1), after(o2, g2)));
	/* two calls commute, a call and a return do not */
	struct lp_footprint call = {.flags = LP_FP_CALL}, ret = {.flags = LP_FP_RET};
	struct lp_footprint c1[] = {call, call, z}, c2[] = {call, call, z};
	assert_true(same(after(o1, c1), after(o2, c2)));
	struct lp_footprint r1[] = {call, ret, z}, r2[] = {ret, call, z};
	assert_false(same(after(o1, r1), after(o2, r2)));
	/* target code conflicts with target code unless race-free is assumed */
	struct lp_footprint t = {.flags = LP_FP_TARGET};
	struct lp_footprint t1[] = {t, t, z};
	assert_false(same(after(o1, t1), after(o2, t1)));
	/* two reads of a line commute; a read and a write of it do not, nor does a read
	 * with a write before it move past that write */
	struct lp_footprint xr = obj(0x100 | LP_FP_OBJ_READ, 0);
	struct lp_footprint rr[] = {xr, xr, z};
	assert_true(same(after(o1, rr), after(o2, rr)));
	struct lp_footprint rw1[] = {xr, x, z}, rw2[] = {x, xr, z};
	assert_false(same(after(o1, rw1), after(o2, rw2)));
	/* write, read, read by 1, 2, 3: the reads commute with each other, not with the write */
	const lp_tid_t w_first[] = {1, 2, 3}, w_first2[] = {1, 3, 2}, w_last[] = {2, 3, 1};
	struct lp_footprint wrr[] = {x, xr, xr}, rrw[] = {xr, xr, x};
	assert_true(same(after(w_first, wrr), after(w_first2, wrr)));
	assert_false(same(after(w_first, wrr), after(w_last, rrw)));
	/* an unknown step conflicts with everything */
	struct lp_footprint u = {.flags = LP_FP_UNKNOWN};
	struct lp_footprint u1[] = {u, y, z}, u2[] = {y, u, z};
	assert_false(same(after(o1, u1), after(o2, u2)));
}

static void test_query_names_the_state_reached(void **state)
{
	(void)state;
	/* thread 1 runs x, then thread 2 runs y: ask at decision 1 what thread 3 running z
	 * there would reach, and compare with a log where it does. */
	struct lp_footprint x = obj(0x100, 0), y = obj(0x200, 0), z = obj(0x100, 0);
	const lp_tid_t o[] = {1, 2, 3}, alt[] = {1, 3, 2};
	struct lp_footprint f[] = {x, y, z}, g[] = {x, z, y};
	struct lp_explore_decision d[4];
	fill(d, o, f);
	struct lp_state_query q = {.k = 1, .tid = 3, .fp = z};
	struct lp_state_key keys[4];
	lp_state_keys(d, 4, LP_REDUCE_SLEEP, keys, &q, 1);
	fill(d, alt, g);
	struct lp_state_key alt_keys[4];
	lp_state_keys(d, 4, LP_REDUCE_SLEEP, alt_keys, NULL, 0);
	assert_true(same(q.key, alt_keys[2]));
	assert_false(same(q.key, keys[2]));
	assert_true(same(keys[1], alt_keys[1])); /* the shared prefix */
}

static void test_table(void **state)
{
	(void)state;
	struct lp_state_cache *c = lp_state_cache_new();
	struct lp_state_key k = {1, 2}, other = {1, 3};
	assert_false(lp_state_cache_covered(c, &k, 5, 0));
	assert_false(lp_state_cache_visit(c, &k, 1, 0x1)); /* recorded */
	assert_true(lp_state_cache_visit(c, &k, 1, 0x1));
	assert_true(lp_state_cache_covered(c, &k, 2, 0x3));  /* more cost, more sleepers */
	assert_false(lp_state_cache_covered(c, &k, 0, 0x1)); /* less cost */
	assert_false(lp_state_cache_covered(c, &k, 1, 0x2)); /* a sleeper less */
	assert_false(lp_state_cache_covered(c, &other, 9, ~0ull));
	assert_false(lp_state_cache_visit(c, &k, 0, 0)); /* dominates: replaces */
	assert_true(lp_state_cache_covered(c, &k, 0, 0));
	for (uint64_t i = 0; i < 5000; i++) { /* growth keeps every entry */
		struct lp_state_key e = {i * 7919, i};
		assert_false(lp_state_cache_visit(c, &e, 1, 0));
	}
	for (uint64_t i = 0; i < 5000; i++) {
		struct lp_state_key e = {i * 7919, i};
		assert_true(lp_state_cache_covered(c, &e, 1, 0));
	}
	assert_true(lp_state_cache_covered(c, &k, 0, 0));
	assert_int_equal(lp_state_cache_size(c), 5001);
	struct lp_state_key p1 = lp_state_point(&k, 1), p2 = lp_state_point(&k, 2),
			    pf = lp_state_point(&k, LP_TID_NONE);
	assert_false(same(p1, p2));
	assert_false(same(p1, pf));
	lp_state_cache_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_independent_orders_name_one_state),
	    cmocka_unit_test(test_query_names_the_state_reached),
	    cmocka_unit_test(test_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
