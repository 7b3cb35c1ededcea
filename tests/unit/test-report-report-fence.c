/* tests/unit/test-report-report-fence.c — fences under --memory-model tso: which stores the
 * stale loads name, in which order they are tried, how sets grow, and the report's words. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/report-fence.h"

/* Names the addresses of a pretend pc_inc at 0x1000. */
static char *fake_sym(void *arg, uint64_t addr)
{
	(void)arg;
	char *s = malloc(64);
	snprintf(s, 64, "pc_inc+%#llx", (unsigned long long)(addr - 0x1000));
	return s;
}

static struct lp_rec_tso stale(uint64_t store_site)
{
	return (struct lp_rec_tso){.store_site = store_site, .load_site = 0x1ff, .size = 4};
}

static void sites_most_named_first(void **state)
{
	(void)state;
	struct lp_rec_tso t[] = {stale(0x100d), stale(0x103c), stale(0x1020),
				 stale(0x103c), stale(0x1020), stale(0x103c)};
	uint64_t out[3];
	assert_int_equal(lp_fence_sites(t, 6, out, 3), 3);
	assert_int_equal(out[0], 0x103c); /* named three times */
	assert_int_equal(out[1], 0x1020); /* twice */
	assert_int_equal(out[2], 0x100d);
	/* ties keep the order the loads ran in; max cuts the list */
	struct lp_rec_tso u[] = {stale(0x100d), stale(0x103c), stale(0x100d), stale(0x103c),
				 stale(0x1050)};
	assert_int_equal(lp_fence_sites(u, 5, out, 2), 2);
	assert_int_equal(out[0], 0x100d);
	assert_int_equal(out[1], 0x103c);
	assert_int_equal(lp_fence_sites(u, 0, out, 2), 0);
}

/* A load names the other thread's store and the stores it passed, newest first, each site
 * once: Peterson's turn store, passed by every load, comes ahead of the counter's. */
static void sites_include_the_stores_a_load_passed(void **state)
{
	(void)state;
	struct lp_rec_tso t[] = {stale(0x100d), stale(0x103c)};
	for (int i = 0; i < 2; i++) {
		t[i].n_passed = 2;
		t[i].passed_site[0] = 0x100d; /* its own flag store, */
		t[i].passed_site[1] = 0x1014; /* then its turn store */
	}
	uint64_t out[4];
	assert_int_equal(lp_fence_sites(t, 2, out, 4), 3);
	assert_int_equal(out[0], 0x100d); /* named by both, first */
	assert_int_equal(out[1], 0x1014); /* named by both */
	assert_int_equal(out[2], 0x103c);
	/* newest passed first on a tie; only the kept ones (n_passed may say more) */
	struct lp_rec_tso u = stale(0x1050);
	u.n_passed = 9;
	for (int k = 0; k < LP_TSO_PASSED; k++)
		u.passed_site[k] = 0x1100 + (uint64_t)k;
	assert_int_equal(lp_fence_sites(&u, 1, out, 4), 4);
	assert_int_equal(out[0], 0x1050);
	assert_int_equal(out[1], 0x1103);
	assert_int_equal(out[2], 0x1102);
	assert_int_equal(out[3], 0x1101);
}

static struct lp_rec_tso_pass passing(uint64_t newest, uint64_t older)
{
	struct lp_rec_tso_pass p = {.load_site = 0x101d, .n_passed = older ? 2 : 1};
	p.passed_site[0] = older ? older : newest;
	p.passed_site[1] = older ? newest : 0;
	return p;
}

/* The stores passing loads passed: most named first, newest first within a load, each site
 * once per load, those in skip left out. */
static void passing_sites_most_named_first(void **state)
{
	(void)state;
	struct lp_rec_tso_pass p[] = {passing(0x1017, 0), passing(0x103f, 0x1017),
				      passing(0x1050, 0x1050), passing(0x1017, 0)};
	uint64_t out[4];
	assert_int_equal(lp_fence_passing_sites(p, 4, NULL, 0, out, 4), 3);
	assert_int_equal(out[0], 0x1017); /* three loads passed it */
	assert_int_equal(out[1], 0x103f); /* newest of its load, ahead on the tie */
	assert_int_equal(out[2], 0x1050); /* named once although passed twice */
	uint64_t skip[] = {0x1017};
	assert_int_equal(lp_fence_passing_sites(p, 4, skip, 1, out, 1), 1);
	assert_int_equal(out[0], 0x103f);
	assert_int_equal(lp_fence_passing_sites(p, 0, NULL, 0, out, 4), 0);
}

/* The candidates in the order tried: the stale loads' (at most LP_FENCE_SINGLES), then the
 * passing loads' that no stale load names, tried or not. Peterson with its flag store fenced:
 * the one stale load names the counter's store, the passing loads the turn store. */
static void candidates_stale_first_then_passing(void **state)
{
	(void)state;
	struct lp_rec_tso t[] = {stale(0x103f)};
	struct lp_rec_tso_pass p[] = {passing(0x1017, 0), passing(0x1017, 0), passing(0x103f, 0)};
	uint64_t out[LP_FENCE_SINGLES + LP_FENCE_PASSING];
	size_t n_stale = 9;
	assert_int_equal(lp_fence_candidates(t, 1, p, 3, out, &n_stale), 2);
	assert_int_equal(n_stale, 1);
	assert_int_equal(out[0], 0x103f);
	assert_int_equal(out[1], 0x1017); /* the counter's store, stale-named, not twice */
	/* four stale-named stores: the fourth, untried, is no passing candidate either */
	struct lp_rec_tso u[] = {stale(0x1001), stale(0x1002), stale(0x1003), stale(0x1017)};
	assert_int_equal(lp_fence_candidates(u, 4, p, 3, out, &n_stale), 4);
	assert_int_equal(n_stale, 3);
	assert_int_equal(out[3], 0x103f);
	/* no stale load: the passing loads' alone, at most LP_FENCE_PASSING */
	struct lp_rec_tso_pass q[] = {passing(0x1017, 0), passing(0x1020, 0), passing(0x1030, 0)};
	assert_int_equal(lp_fence_candidates(t, 0, q, 3, out, &n_stale), LP_FENCE_PASSING);
	assert_int_equal(n_stale, 0);
	assert_int_equal(out[0], 0x1017);
	assert_int_equal(lp_fence_candidates(t, 0, q, 0, out, &n_stale), 0);
}

static void union_adds_missing_up_to_max(void **state)
{
	(void)state;
	uint64_t set[4] = {0x100d, 0x103c};
	uint64_t add[] = {0x103c, 0x1020, 0x1030, 0x1040};
	assert_int_equal(lp_fence_union(set, 2, add, 1, 4), 2);
	assert_int_equal(lp_fence_union(set, 2, add, 4, 4), 4);
	assert_int_equal(set[2], 0x1020);
	assert_int_equal(set[3], 0x1030);
}

static void lines_say_what_each_fence_did(void **state)
{
	(void)state;
	struct lp_buf b = {0};
	struct lp_fence_result r = {
	    .sites = {0x100d}, .n = 1, .removes = 1, .executions = 57, .bound = 1};
	lp_fence_line(&b, &r, fake_sym, NULL);
	assert_string_equal(lp_buf_str(&b), "  an mfence after pc_inc+0xd removes it "
					    "(57 executions, bound 1)\n");
	lp_buf_reset(&b);
	r.removes = 0;
	r.executions = 12;
	lp_fence_line(&b, &r, fake_sym, NULL);
	assert_string_equal(lp_buf_str(&b), "  an mfence after pc_inc+0xd does not remove it: "
					    "still a violation after 12 executions\n");
	lp_buf_reset(&b);
	r = (struct lp_fence_result){
	    .sites = {0x100d, 0x1020, 0x103c}, .n = 3, .removes = 1, .executions = 400, .bound = 2};
	lp_fence_line(&b, &r, fake_sym, NULL);
	assert_string_equal(lp_buf_str(&b),
			    "  mfences after pc_inc+0xd, pc_inc+0x20 and pc_inc+0x3c together "
			    "remove it (400 executions, bound 2)\n");
	lp_buf_reset(&b);
	r.n = 2;
	r.removes = -1;
	r.seconds = 1.04;
	r.why = "the time the check took; --root-cause-time to give more";
	lp_fence_line(&b, &r, fake_sym, NULL);
	assert_string_equal(lp_buf_str(&b),
			    "  mfences after pc_inc+0xd and pc_inc+0x20 together: not decided, "
			    "stopped after 1.0 s and 400 executions (the time the check took; "
			    "--root-cause-time to give more)\n");
	lp_buf_reset(&b);
	lp_fence_heading(&b, 1);
	assert_non_null(strstr(lp_buf_str(&b), "at 1 preemption with an mfence"));
	lp_buf_free(&b);
}

static void json_objects(void **state)
{
	(void)state;
	struct lp_buf b = {0};
	struct lp_fence_result r = {
	    .sites = {0x100d}, .n = 1, .removes = 1, .executions = 57, .bound = 1, .seconds = 0.5};
	lp_fence_json(&b, &r, fake_sym, NULL);
	assert_string_equal(lp_buf_str(&b),
			    "{\"site\": \"pc_inc+0xd\", \"sites\": [\"pc_inc+0xd\"], "
			    "\"removes\": true, \"executions\": 57, \"bound\": 1, "
			    "\"seconds\": 0.500, \"stopped_by\": null}");
	lp_buf_reset(&b);
	r = (struct lp_fence_result){.sites = {0x100d, 0x103c},
				     .n = 2,
				     .removes = -1,
				     .executions = 9,
				     .bound = 1,
				     .why_json = "time"};
	lp_fence_json(&b, &r, fake_sym, NULL);
	assert_string_equal(lp_buf_str(&b),
			    "{\"site\": null, \"sites\": [\"pc_inc+0xd\", \"pc_inc+0x3c\"], "
			    "\"removes\": null, \"executions\": 9, \"bound\": 1, "
			    "\"seconds\": 0.000, \"stopped_by\": \"time\"}");
	lp_buf_reset(&b);
	r.removes = 0;
	lp_fence_json(&b, &r, fake_sym, NULL);
	assert_non_null(strstr(lp_buf_str(&b), "\"removes\": false"));
	assert_non_null(strstr(lp_buf_str(&b), "\"stopped_by\": null"));
	lp_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(sites_most_named_first),
	    cmocka_unit_test(sites_include_the_stores_a_load_passed),
	    cmocka_unit_test(passing_sites_most_named_first),
	    cmocka_unit_test(candidates_stale_first_then_passing),
	    cmocka_unit_test(union_adds_missing_up_to_max),
	    cmocka_unit_test(lines_say_what_each_fence_did),
	    cmocka_unit_test(json_objects),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
