/* tests/unit/test-scheduler-explore-expand.c — children made ahead of their parent's turn
 * (lp_explore_expand, what eager phase 1's workers rely on): whichever schedules are
 * expanded, and when, the explorer returns the same schedules in the same order, with the
 * same costs, iterations, progress and counts as one that is never asked to; the children
 * made ahead are listed by lp_explore_upcoming before their parent's turn; with a
 * reduction nothing is expanded. Random models (seed printed; LP_EXPAND_SEED=N repeats
 * one). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scheduler/explore.h"

#define MAXT 4
#define MAXK 16
#define MAXSTEPS (MAXT * MAXK)

/* Threads run k[t] operations; the point before each is an operation start (a switch
 * there is a preemption) unless it is a yield, and a thread's end is a free switch, as in
 * phase 1's serial executions. */
struct model {
	int nt;
	int k[MAXT];
	uint32_t yields[MAXT]; /* bit j: the point before operation j of thread t yields */
};

struct run {
	struct lp_explore_decision d[MAXSTEPS];
	lp_tid_t cands[MAXSTEPS][MAXT];
	size_t n;
};

static lp_tid_t tid_of(int t) { return lp_tid_child(LP_TID_MAIN, (unsigned)t + 1); }

static void simulate(const struct model *m, const struct lp_schedule *s, struct run *r)
{
	int done[MAXT] = {0}, running = 0;
	size_t ov = 0;
	r->n = 0;
	for (;;) {
		int cand[MAXT], nc = 0;
		for (int t = 0; t < m->nt; t++)
			if (done[t] < m->k[t])
				cand[nc++] = t;
		if (!nc)
			return;
		bool live = done[running] < m->k[running];
		bool yield = live && (m->yields[running] >> done[running] & 1);
		int chosen = cand[0]; /* after a yield or an end: the next thread round */
		for (int i = 0; i < nc; i++)
			if (cand[i] > running) {
				chosen = cand[i];
				break;
			}
		if (live && !yield)
			chosen = running;
		else if (live && nc > 1 && chosen == running)
			chosen = cand[0] == running ? cand[1] : cand[0];
		if (ov < s->n && s->ov[ov].step == r->n) {
			chosen = -1;
			for (int i = 0; i < nc; i++)
				if (tid_of(cand[i]) == s->ov[ov].tid)
					chosen = cand[i];
			assert_true(chosen >= 0);
			ov++;
		}
		for (int i = 0; i < nc; i++)
			r->cands[r->n][i] = tid_of(cand[i]);
		r->d[r->n] = (struct lp_explore_decision){.step = r->n,
							  .running = tid_of(running),
							  .chosen = tid_of(chosen),
							  .point = yield  ? LP_PT_YIELD
								   : live ? LP_PT_OP_START
									  : LP_PT_THREAD_EXIT,
							  .flags = yield ? LP_DEC_YIELD : 0,
							  .n_candidates = (uint32_t)nc,
							  .candidates = r->cands[r->n]};
		r->n++;
		done[chosen]++;
		running = chosen;
	}
}

static void assert_same_schedule(const struct lp_schedule *a, const struct lp_schedule *b)
{
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal(a->cost, b->cost);
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		assert_int_equal(a->ov[i].step, b->ov[i].step);
		assert_int_equal(a->ov[i].tid, b->ov[i].tid);
	}
}

static void assert_same_state(const struct lp_explore *a, const struct lp_explore *b)
{
	uint64_t pa[3], pb[3];
	lp_explore_progress(a, &pa[0], &pa[1], &pa[2]);
	lp_explore_progress(b, &pb[0], &pb[1], &pb[2]);
	for (int i = 0; i < 3; i++)
		assert_int_equal(pa[i], pb[i]);
	assert_int_equal(lp_explore_iteration(a), lp_explore_iteration(b));
	assert_int_equal(lp_explore_symmetric(a), lp_explore_symmetric(b));
	assert_int_equal(lp_explore_dropped(a), lp_explore_dropped(b));
	for (unsigned c = 0; c < 8; c++)
		assert_int_equal(lp_explore_count(a, c), lp_explore_count(b, c));
}

/* The ids speculation keys its results by stay unique: listed from the top, they fall. */
static void assert_ids_fall(struct lp_explore *ex)
{
	static struct lp_explore_upcoming up[256];
	size_t n = lp_explore_upcoming(ex, 256, up);
	for (size_t k = 1; k < n; k++)
		assert_true(up[k].id < up[k - 1].id);
}

/* A schedule a "worker" ran ahead of its turn: its log waits to be given to the explorer. */
struct ahead {
	uint64_t id;
	unsigned iteration;
	struct run r;
};

/* Moves the last held entry into slot i (its decisions point into its own candidates). */
static void held_take_last(struct ahead *held, size_t i, size_t last)
{
	held[i] = held[last];
	for (size_t k = 0; k < held[i].r.n; k++)
		held[i].r.d[k].candidates = held[i].r.cands[k];
}

struct tally {
	uint64_t executions, expanded, refused, turned, listed_ahead;
};

/* Runs the model's search twice side by side: `plain` is never expanded; after each execution `ex`
 * lists its upcoming schedules, runs some of them ahead (pick: the percentage taken) and expands
 * some of those it holds (expand_pct), now or later; those whose turn comes first are dropped
 * (their ids may be taken again: explore.h). */
static void compare(const struct model *m, int bound, const struct lp_symmetry_member *sym,
		    size_t n_sym, unsigned *seed, unsigned pick, unsigned expand_pct,
		    struct tally *t)
{
	struct lp_explore *plain = lp_explore_new(LP_PHASE_SERIAL, bound);
	struct lp_explore *ex = lp_explore_new(LP_PHASE_SERIAL, bound);
	if (n_sym) {
		lp_explore_set_symmetry(plain, sym, n_sym);
		lp_explore_set_symmetry(ex, sym, n_sym);
	}
	static struct ahead held[64];
	size_t n_held = 0;
	const struct lp_schedule *s;
	static struct run r;
	while ((s = lp_explore_next(plain))) {
		assert_same_schedule(s, lp_explore_next(ex));
		assert_same_state(plain, ex);
		for (size_t i = 0; i < n_held;) {
			if (held[i].id == lp_explore_current_id(ex) &&
			    held[i].iteration == lp_explore_iteration(ex)) {
				held_take_last(held, i, --n_held);
				t->turned++;
			} else {
				/* one of an earlier iteration would have had its turn */
				assert_int_equal(held[i].iteration, lp_explore_iteration(ex));
				i++;
			}
		}
		simulate(m, s, &r);
		t->executions++;
		lp_explore_done(plain, r.d, r.n);
		lp_explore_done(ex, r.d, r.n);
		struct lp_explore_upcoming up[4];
		size_t n_up = lp_explore_upcoming(ex, 4, up);
		for (size_t k = 0; k < n_up && n_held < 64; k++) {
			if ((unsigned)rand_r(seed) % 100 >= pick)
				continue;
			struct ahead *a = &held[n_held++];
			a->id = up[k].id;
			a->iteration = lp_explore_iteration(ex);
			simulate(m, up[k].s, &a->r);
			lp_explore_mark_started(ex, up[k].id);
		}
		/* The lists above are stale once one is expanded. */
		for (size_t i = 0; i < n_held;) {
			if ((unsigned)rand_r(seed) % 100 >= expand_pct) {
				i++;
				continue;
			}
			struct ahead *a = &held[i];
			if (lp_explore_expand(ex, a->id, a->iteration, a->r.d, a->r.n)) {
				t->expanded++;
				assert_ids_fall(ex);
				/* its first child is listed before its own turn */
				t->listed_ahead +=
				    lp_explore_upcoming(ex, 1, up) && up[0].id < a->id;
				assert_false(
				    lp_explore_expand(ex, a->id, a->iteration, a->r.d, a->r.n));
			} else {
				t->refused++;
			}
			held_take_last(held, i, --n_held);
		}
	}
	assert_null(lp_explore_next(ex));
	assert_same_state(plain, ex);
	lp_explore_free(plain);
	lp_explore_free(ex);
}

static void random_model(struct model *m, unsigned *seed)
{
	m->nt = 2 + (int)(rand_r(seed) % 3);
	for (int t = 0; t < m->nt; t++) { /* 4 x 3 would be 369,600 serial orders */
		m->k[t] = 1 + (int)(rand_r(seed) % (m->nt == 4 ? 2 : 3));
		m->yields[t] = rand_r(seed) % 4 == 0 ? (uint32_t)rand_r(seed) & 7u : 0;
	}
}

static void test_random(void **state)
{
	(void)state;
	const char *env = getenv("LP_EXPAND_SEED");
	unsigned seed0 = env ? (unsigned)strtoul(env, NULL, 10) : (unsigned)time(NULL);
	printf("# LP_EXPAND_SEED=%u\n", seed0);
	struct tally t = {0};
	for (int i = 0; i < 300; i++) {
		unsigned seed = seed0 + (unsigned)i;
		struct model m;
		random_model(&m, &seed);
		/* identical threads in one group, as phase 1's symmetry has them */
		struct lp_symmetry_member sym[MAXT];
		size_t n_sym = 0;
		if (seed % 2)
			for (int k = 0; k < m.nt; k++)
				if (m.k[k] == m.k[0] && m.yields[k] == m.yields[0])
					sym[n_sym++] = (struct lp_symmetry_member){tid_of(k), 0};
		int bound = (int)(seed % 4) - 1; /* phase 1's -1, and bounded searches */
		compare(&m, bound, sym, n_sym > 1 ? n_sym : 0, &seed, 1 + seed % 100,
			1 + (seed / 7) % 100, &t);
	}
	printf("# %llu executions, %llu expanded (%llu refused: no ids left), %llu reached their "
	       "turn unexpanded, %llu listed ahead\n",
	       (unsigned long long)t.executions, (unsigned long long)t.expanded,
	       (unsigned long long)t.refused, (unsigned long long)t.turned,
	       (unsigned long long)t.listed_ahead);
	assert_true(t.expanded > 0 && t.turned > 0 && t.listed_ahead > 0);
}

/* Two threads that yield before every operation: every point is a free choice, so every
 * child is of its parent's iteration. Running the first listed schedule ahead and expanding
 * it, again and again, nests expansions along a path until no ids are left between a
 * schedule and the one below it: that one is refused and its children come at its turn,
 * as does everything past it; the search is still the plain one. */
static void test_nested_until_ids_run_out(void **state)
{
	(void)state;
	struct model m = {.nt = 2, .k = {MAXK, MAXK}, .yields = {0xffff, 0xffff}};
	struct lp_explore *plain = lp_explore_new(LP_PHASE_SERIAL, -1);
	struct lp_explore *ex = lp_explore_new(LP_PHASE_SERIAL, -1);
	static struct run r, ra;
	const struct lp_schedule *s = lp_explore_next(ex);
	assert_same_schedule(lp_explore_next(plain), s);
	simulate(&m, s, &r);
	lp_explore_done(ex, r.d, r.n);
	lp_explore_done(plain, r.d, r.n);
	unsigned levels = 0;
	struct lp_explore_upcoming up[1];
	while (lp_explore_upcoming(ex, 1, up)) {
		simulate(&m, up[0].s, &ra);
		lp_explore_mark_started(ex, up[0].id);
		if (!lp_explore_expand(ex, up[0].id, 0, ra.d, ra.n))
			break;
		assert_ids_fall(ex);
		levels++;
	}
	printf("# %u nested expansions\n", levels);
	assert_in_range(levels, 2, 24); /* about 24 bits / log2(children + 1) */
	for (int e = 0; e < 5000 && (s = lp_explore_next(plain)); e++) {
		assert_same_schedule(s, lp_explore_next(ex));
		assert_same_state(plain, ex);
		simulate(&m, s, &r);
		lp_explore_done(plain, r.d, r.n);
		lp_explore_done(ex, r.d, r.n);
	}
	lp_explore_free(plain);
	lp_explore_free(ex);
}

/* With a reduction the children depend on what ran before: never made ahead. */
static void test_not_with_reduction(void **state)
{
	(void)state;
	struct model m = {.nt = 2, .k = {2, 2}, .yields = {3, 3}};
	struct lp_explore *ex = lp_explore_new(LP_PHASE_CONCURRENT, 2);
	lp_explore_set_reduction(ex, LP_REDUCE_SLEEP);
	static struct run r, r2;
	const struct lp_schedule *s = lp_explore_next(ex);
	simulate(&m, s, &r);
	lp_explore_done(ex, r.d, r.n);
	struct lp_explore_upcoming up[1];
	assert_int_equal(lp_explore_upcoming(ex, 1, up), 1);
	simulate(&m, up[0].s, &r2);
	assert_false(lp_explore_expand(ex, up[0].id, lp_explore_iteration(ex), r2.d, r2.n));
	lp_explore_free(ex);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_random),
	    cmocka_unit_test(test_nested_until_ids_run_out),
	    cmocka_unit_test(test_not_with_reduction),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
