/* tests/unit/test-scheduler-explore.c — the explorer against a toy deterministic program:
 * schedules per preemption bound equal a brute-force count of interleavings, no
 * interleaving is run twice, and schedules come out in nondecreasing cost. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/explore.h"

#define MAXT 3
#define MAXK 4
#define MAXSTEPS (MAXT * MAXK)

struct model {
	int nt;		 /* threads 0.1 .. 0.nt */
	int k[MAXT];	 /* actions per thread */
	unsigned yields; /* bit t*MAXK+j: the point before action j of thread t is a yield */
};

static lp_tid_t tid_of(int t) { return lp_tid_child(LP_TID_MAIN, (unsigned)t + 1); }

static int default_choice(int running, const int *cand, int nc, bool yield)
{
	bool rc = false;
	for (int i = 0; i < nc; i++)
		rc |= cand[i] == running;
	if (rc && !yield)
		return running;
	if (nc == 1)
		return cand[0];
	for (int i = 0; i < nc; i++)
		if (cand[i] > running)
			return cand[i];
	return cand[0] == running ? cand[1] : cand[0];
}

/* Runs the model under s; fills decisions (candidates stored in cands) and the sequence of
 * chosen threads. Returns the number of points. */
static int run(const struct model *m, const struct lp_schedule *s, struct lp_explore_decision *d,
	       lp_tid_t cands[][MAXT], int *seq)
{
	int left[MAXT], done[MAXT] = {0}, running = 0, step = 0;
	size_t ov = 0;
	memcpy(left, m->k, sizeof left);
	for (;;) {
		int cand[MAXT], nc = 0;
		for (int t = 0; t < m->nt; t++)
			if (left[t])
				cand[nc++] = t;
		if (!nc)
			return step;
		bool yield = left[running] && (m->yields >> (running * MAXK + done[running]) & 1);
		int chosen = default_choice(running, cand, nc, yield);
		if (ov < s->n && s->ov[ov].step == (uint64_t)step) {
			chosen = -1;
			for (int i = 0; i < nc; i++)
				if (tid_of(cand[i]) == s->ov[ov].tid)
					chosen = cand[i];
			assert_true(chosen >= 0); /* the explorer only proposes candidates */
			ov++;
		}
		for (int i = 0; i < nc; i++)
			cands[step][i] = tid_of(cand[i]);
		d[step] = (struct lp_explore_decision){.step = (uint64_t)step,
						       .running = tid_of(running),
						       .chosen = tid_of(chosen),
						       .point = yield ? LP_PT_YIELD : LP_PT_SYNC,
						       .flags = yield ? LP_DEC_YIELD : 0,
						       .n_candidates = (uint32_t)nc,
						       .candidates = cands[step]};
		seq[step++] = chosen;
		left[chosen]--;
		done[chosen]++;
		running = chosen;
	}
}

/* Brute force: every interleaving, counted by its number of preemptions. */
static void brute(const struct model *m, int *left, int *done, int running, unsigned pre,
		  uint64_t *per_cost)
{
	int cand[MAXT], nc = 0;
	for (int t = 0; t < m->nt; t++)
		if (left[t])
			cand[nc++] = t;
	if (!nc) {
		per_cost[pre]++;
		return;
	}
	bool yield = left[running] && (m->yields >> (running * MAXK + done[running]) & 1);
	for (int i = 0; i < nc; i++) {
		int c = cand[i];
		bool p = left[running] && !yield && c != running;
		left[c]--, done[c]++;
		brute(m, left, done, c, pre + p, per_cost);
		left[c]++, done[c]--;
	}
}

static void check_model(const struct model *m, int bound)
{
	uint64_t expect[MAXSTEPS + 1] = {0}, got[MAXSTEPS + 1] = {0};
	int left[MAXT], done[MAXT] = {0};
	memcpy(left, m->k, sizeof left);
	brute(m, left, done, 0, 0, expect);

	struct lp_explore *ex = lp_explore_new(LP_PHASE_CONCURRENT, bound);
	const struct lp_schedule *s;
	size_t cap = 1024, nseen = 0;
	int(*seen)[MAXSTEPS] = calloc(cap, sizeof *seen);
	unsigned last_cost = 0;
	while ((s = lp_explore_next(ex))) {
		struct lp_explore_decision d[MAXSTEPS];
		lp_tid_t cands[MAXSTEPS][MAXT];
		int seq[MAXSTEPS] = {0};
		int n = run(m, s, d, cands, seq);
		unsigned pre = 0;
		for (int i = 0; i < n; i++)
			pre += lp_explore_is_preemption(&d[i], d[i].chosen);
		assert_int_equal(pre, s->cost);
		assert_true(s->cost >= last_cost);
		assert_int_equal(s->cost, lp_explore_iteration(ex));
		last_cost = s->cost;
		for (size_t j = 0; j < nseen; j++)
			assert_true(memcmp(seen[j], seq, sizeof seq) != 0);
		if (nseen == cap) {
			cap *= 2;
			seen = realloc(seen, cap * sizeof *seen);
		}
		memcpy(seen[nseen++], seq, sizeof seq);
		got[s->cost]++;
		lp_explore_done(ex, d, (size_t)n);
	}
	for (int b = 0; b <= MAXSTEPS; b++) {
		uint64_t want = bound < 0 || b <= bound ? expect[b] : 0;
		assert_int_equal(got[b], want);
		assert_int_equal(lp_explore_count(ex, (unsigned)b), want);
	}
	assert_int_equal(lp_explore_dropped(ex), 0);
	free(seen);
	lp_explore_free(ex);
}

static void two_threads_all_bounds(void **state)
{
	struct model m = {.nt = 2, .k = {3, 3}};
	for (int b = -1; b <= 4; b++)
		check_model(&m, b);
}

static void three_threads(void **state)
{
	struct model m = {.nt = 3, .k = {2, 3, 2}};
	for (int b = -1; b <= 3; b++)
		check_model(&m, b);
}

static void with_yields(void **state)
{
	struct model m = {
	    .nt = 3, .k = {3, 2, 3}, .yields = 1u << 1 | 1u << (MAXK + 0) | 1u << (2 * MAXK + 2)};
	for (int b = -1; b <= 3; b++)
		check_model(&m, b);
}

static void single_thread_one_schedule(void **state)
{
	struct model m = {.nt = 1, .k = {4}};
	check_model(&m, 2);
	struct lp_explore *ex = lp_explore_new(LP_PHASE_SERIAL, -1);
	const struct lp_schedule *s = lp_explore_next(ex);
	assert_non_null(s);
	assert_int_equal(s->n, 0);
	assert_int_equal(s->phase, LP_PHASE_SERIAL);
	lp_explore_done(ex, NULL, 0);
	assert_null(lp_explore_next(ex));
	lp_explore_free(ex);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(two_threads_all_bounds),
	    cmocka_unit_test(three_threads),
	    cmocka_unit_test(with_yields),
	    cmocka_unit_test(single_thread_one_schedule),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
