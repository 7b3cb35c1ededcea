/* tests/unit/test-scheduler-history-orders.c — the maximal real-time orders of a trace's histories
 * and the schedules showing them (scheduler/history-orders.h): fixed logs with known answers, and
 * random logs against brute force over every linearization of the trace (seed printed;
 * LP_HIST_SEED=N repeats one). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../scheduler/history-orders.h"
#include "../../scheduler/sched-pick.h"

#define MODE ((enum lp_reduction)(LP_REDUCE_SLEEP | LP_REDUCE_CALLS_COMMUTE))
#define MAXT 4	/* threads, tids 1..MAXT */
#define MAXD 16 /* decisions */
#define MAXE 32 /* events (a call's index is its bit in a real-time row) */

enum { A = 1, B = 2, C = 3, D = 4 };

/* An abstract log: decisions and the history events, in log order. */
struct log {
	size_t n;
	struct lp_explore_decision d[MAXD];
	lp_tid_t cand[MAXD][MAXT];
	size_t nev;
	struct lp_trace_event ev[MAXE];
};

/* One step: its thread, the events it records ("", "C", "R" or "CR"), its footprint (LP_FP_CALL
 * and LP_FP_RET are added from the events), the point its thread reaches, and whether its thread
 * was the sole candidate when it was chosen. */
struct step {
	lp_tid_t tid;
	const char *ev;
	struct lp_footprint fp;
	uint32_t end;
	bool sole;
};

/* clang-format off */
#define FP(o) {.n = 1, .obj = {o}}
#define NOFP {0}
/* clang-format on */

/* Decision k chooses step k (every thread 1..nt a candidate unless the step is sole) and records
 * step k-1's footprint; a last decision, reached by the last step's thread, ends the log. */
static void build(struct log *l, const struct step *s, size_t ns, unsigned nt, lp_tid_t first,
		  uint64_t base)
{
	memset(l, 0, sizeof *l);
	assert_true(ns + 1 <= MAXD);
	for (size_t k = 0; k <= ns; k++) {
		struct lp_explore_decision *e = &l->d[k];
		e->step = base + k;
		e->running = k ? s[k - 1].tid : first;
		e->chosen = k < ns ? s[k].tid : s[ns - 1].tid;
		e->point = k ? s[k - 1].end : LP_PT_OP_START;
		if (k) {
			e->done = s[k - 1].fp;
			for (const char *c = s[k - 1].ev; *c; c++)
				e->done.flags |= *c == 'C' ? LP_FP_CALL : LP_FP_RET;
		}
		if (k < ns && s[k].sole) {
			l->cand[k][0] = e->chosen;
			e->n_candidates = 1;
		} else {
			for (unsigned t = 0; t < nt; t++)
				l->cand[k][t] = (lp_tid_t)(t + 1);
			e->n_candidates = nt;
		}
		e->candidates = l->cand[k];
		for (const char *c = k < ns ? s[k].ev : ""; *c; c++) {
			assert_true(l->nev < MAXE);
			l->ev[l->nev++] =
			    (struct lp_trace_event){.step = k, .tid = s[k].tid, .call = *c == 'C'};
		}
	}
	l->n = ns + 1;
}

/* ---- an independent model of the trace ---- */

/* The footprint of step k (explore.h's convention), NULL when unknown. */
static const struct lp_footprint *fp_of(const struct log *l, size_t k)
{
	return k + 1 < l->n && l->d[k + 1].running == l->d[k].chosen ? &l->d[k + 1].done : NULL;
}

/* hb[i][j]: step i happens before step j (transitive closure of dependence in log order). */
static void happens_before(const struct log *l, bool hb[MAXD][MAXD])
{
	memset(hb, 0, sizeof(bool[MAXD][MAXD]));
	for (size_t j = 0; j < l->n; j++)
		for (size_t i = j; i-- > 0;) {
			if (hb[i][j])
				continue;
			if (l->d[i].chosen == l->d[j].chosen ||
			    !lp_footprint_independent(fp_of(l, i), fp_of(l, j), MODE)) {
				hb[i][j] = true;
				for (size_t h = 0; h < i; h++)
					hb[h][j] |= hb[h][i];
			}
		}
}

static bool records_call(const struct log *l, size_t k)
{
	for (size_t e = 0; e < l->nev; e++)
		if (l->ev[e].step == k && l->ev[e].call)
			return true;
	return false;
}

/* Step k is glued to step k-1 (history-orders.h): its thread reached a point that is no switch
 * point as the sole candidate, and the step starts no operation. */
static bool glued(const struct log *l, size_t k)
{
	const struct lp_explore_decision *e = &l->d[k];
	return k > 0 && k < l->n && e->running == l->d[k - 1].chosen && e->chosen == e->running &&
	       e->n_candidates == 1 && !lp_sched_switch_point(e->point) && !records_call(l, k);
}

/* The events of the steps run[0..n) in that order (those before the log first). */
static size_t events_of(const struct log *l, const size_t *run, size_t n, uint32_t *seq)
{
	size_t m = 0;
	for (size_t e = 0; e < l->nev; e++)
		if (l->ev[e].step == LP_HIST_BEFORE)
			seq[m++] = (uint32_t)e;
	for (size_t i = 0; i < n; i++)
		for (size_t e = 0; e < l->nev; e++)
			if (l->ev[e].step == run[i])
				seq[m++] = (uint32_t)e;
	return m;
}

/* The real-time order of seq: rt[y] has bit x when call x's operation returned before call y. */
static void rt_of(const struct log *l, const uint32_t *seq, uint32_t rt[MAXE])
{
	uint32_t done = 0;
	memset(rt, 0, MAXE * sizeof *rt);
	for (size_t i = 0; i < l->nev; i++) {
		uint32_t e = seq[i];
		if (l->ev[e].call) {
			rt[e] = done;
			continue;
		}
		size_t c = e;
		while (c-- > 0 && l->ev[c].tid != l->ev[e].tid)
			;
		assert_true(c < e && l->ev[c].call); /* the thread's open call */
		done |= 1u << c;
	}
}

static bool rt_within(const uint32_t *small, const uint32_t *big)
{
	for (size_t i = 0; i < MAXE; i++)
		if (small[i] & ~big[i])
			return false;
	return true;
}

static bool rt_equal(const uint32_t *a, const uint32_t *b)
{
	return !memcmp(a, b, MAXE * sizeof *a);
}

static void dump(const struct log *l, const char *what)
{
	fprintf(stderr, "%s: log of %zu decisions\n", what, l->n);
	for (size_t k = 0; k < l->n; k++) {
		const struct lp_explore_decision *e = &l->d[k];
		const struct lp_footprint *f = fp_of(l, k);
		fprintf(stderr, "  step %zu: thread %lu (point %u, %u candidates)", k,
			(unsigned long)e->chosen, e->point, e->n_candidates);
		if (!f)
			fprintf(stderr, " fp unknown (log ends)");
		else {
			fprintf(stderr, " fp flags %#x objs", f->flags);
			for (uint32_t i = 0; i < f->n; i++)
				fprintf(stderr, " %#llx", (unsigned long long)f->obj[i]);
		}
		fprintf(stderr, " events");
		for (size_t i = 0; i < l->nev; i++)
			if (l->ev[i].step == k)
				fprintf(stderr, " %zu:%c", i, l->ev[i].call ? 'C' : 'R');
		fprintf(stderr, "%s\n", glued(l, k) ? " (glued)" : "");
	}
	for (size_t i = 0; i < l->nev; i++)
		if (l->ev[i].step == LP_HIST_BEFORE)
			fprintf(stderr, "  before: event %zu: thread %lu call\n", i,
				(unsigned long)l->ev[i].tid);
}

static void dump_seq(const char *what, const uint32_t *seq, size_t n)
{
	fprintf(stderr, "  %s:", what);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, " %u", seq[i]);
	fprintf(stderr, "\n");
}

/* ---- brute force over every linearization ---- */

struct brute {
	const struct log *l;
	const struct lp_hist_orders *o;
	const uint32_t (*ort)[MAXE]; /* the orders' real-time orders */
	bool hb[MAXD][MAXD], glue[MAXD];
	size_t run[MAXD], depth;
	bool placed[MAXD];
	bool *seq_hit, *rt_hit; /* per order: shown by some linearization (exactly, or its rt) */
	uint64_t count;
	bool missing; /* a linearization's rt within no order's */
};

static void visit(struct brute *b)
{
	uint32_t seq[MAXE], rt[MAXE];
	size_t m = events_of(b->l, b->run, b->l->n, seq);
	assert_int_equal(m, b->l->nev);
	rt_of(b->l, seq, rt);
	bool within = false;
	for (size_t i = 0; i < b->o->n; i++) {
		if (!memcmp(seq, b->o->perm + i * b->o->n_events, m * sizeof *seq))
			b->seq_hit[i] = true;
		if (rt_equal(rt, b->ort[i]))
			b->rt_hit[i] = true;
		within |= rt_within(rt, b->ort[i]);
	}
	if (!within && !b->missing) {
		b->missing = true;
		dump_seq("a linearization's history whose real-time order no order has", seq, m);
	}
	b->count++;
}

static void brute(struct brute *b)
{
	size_t n = b->l->n;
	if (b->depth == n) {
		visit(b);
		return;
	}
	for (size_t k = 0; k < n; k++) {
		if (b->placed[k])
			continue;
		/* a glued step comes right after the one before it, and only it */
		size_t last = b->depth ? b->run[b->depth - 1] : SIZE_MAX;
		bool forced = last + 1 < n && b->glue[last + 1];
		if (forced ? k != last + 1 : b->glue[k])
			continue;
		bool ready = true;
		for (size_t i = 0; i < n && ready; i++)
			ready = !b->hb[i][k] || b->placed[i];
		if (!ready)
			continue;
		b->placed[k] = true;
		b->run[b->depth++] = k;
		brute(b);
		b->depth--;
		b->placed[k] = false;
	}
}

/* ---- replaying a schedule over the log's steps ---- */

/* Runs the override list s over the log's steps as the runtime does: at each point the
 * override's thread, else the thread that reached it (not at a yield). The steps in the order
 * run, into run; false when a thread has no step left to run or an override is never used. */
static bool replay(const struct log *l, const struct lp_schedule *s, size_t *run)
{
	size_t next[MAXT + 1] = {0}, ov = 0;
	lp_tid_t running = l->d[0].running;
	uint32_t point = l->d[0].point;
	for (size_t pos = 0; pos < l->n; pos++) {
		lp_tid_t t;
		if (ov < s->n && s->ov[ov].step == l->d[0].step + pos)
			t = s->ov[ov++].tid;
		else if (point == LP_PT_YIELD)
			return false;
		else
			t = running;
		if (t < 1 || t > MAXT)
			return false;
		size_t k = next[t];
		while (k < l->n && l->d[k].chosen != t)
			k++;
		if (k == l->n)
			return false;
		next[t] = k + 1;
		run[pos] = k;
		running = t;
		point = k + 1 < l->n ? l->d[k + 1].point : LP_PT_EXIT;
	}
	return ov == s->n;
}

/* Whether run (every step once) keeps happens-before and runs glued steps back to back. */
static bool is_linearization(const struct log *l, bool hb[MAXD][MAXD], const size_t *run)
{
	size_t pos[MAXD];
	for (size_t i = 0; i < l->n; i++)
		pos[i] = SIZE_MAX;
	for (size_t i = 0; i < l->n; i++) {
		if (run[i] >= l->n || pos[run[i]] != SIZE_MAX)
			return false;
		pos[run[i]] = i;
	}
	for (size_t i = 0; i < l->n; i++)
		for (size_t j = 0; j < l->n; j++)
			if (hb[i][j] && pos[i] > pos[j])
				return false;
	for (size_t k = 1; k < l->n; k++)
		if (glued(l, k) && pos[k] != pos[k - 1] + 1)
			return false;
	return true;
}

/* ---- the checks every answer must pass ---- */

/* Checks o against the model: (a) permutations, (b) each thread's events in log order, (c)
 * happens-before kept, no order's real-time order within another's, (d) every linearization's
 * real-time order within some order's, each order the history of some linearization; and each
 * order's schedule runs a linearization showing exactly that order. Returns the linearizations. */
static uint64_t check_orders(const struct log *l, const struct lp_hist_orders *o, const char *what)
{
	bool hb[MAXD][MAXD];
	happens_before(l, hb);
	size_t nev = l->nev;
	assert_true(o->n >= 1);
	assert_int_equal(o->n_events, nev);
	uint32_t(*ort)[MAXE] = calloc(o->n, sizeof *ort);
	assert_non_null(ort);
	for (size_t i = 0; i < o->n; i++) {
		const uint32_t *p = o->perm + i * nev;
		size_t pos[MAXE];
		for (size_t e = 0; e < nev; e++)
			pos[e] = SIZE_MAX;
		for (size_t e = 0; e < nev; e++) { /* (a) */
			assert_true(p[e] < nev);
			assert_true(pos[p[e]] == SIZE_MAX);
			pos[p[e]] = e;
		}
		for (size_t x = 0; x < nev; x++)
			for (size_t y = x + 1; y < nev; y++) {
				const struct lp_trace_event *ex = &l->ev[x], *ey = &l->ev[y];
				bool keep = ex->tid == ey->tid; /* (b) */
				if (ex->step == LP_HIST_BEFORE)
					keep |= ey->step != LP_HIST_BEFORE;
				else if (ey->step != LP_HIST_BEFORE && ex->step != ey->step)
					keep |= hb[ex->step][ey->step]; /* (c) */
				if (keep && pos[x] > pos[y]) {
					dump(l, what);
					dump_seq("order", p, nev);
					fprintf(stderr, "  events %zu and %zu out of order\n", x,
						y);
					fail();
				}
			}
		rt_of(l, p, ort[i]);
	}
	for (size_t i = 0; i < o->n; i++)
		for (size_t j = 0; j < o->n; j++)
			if (i != j && rt_within(ort[i], ort[j])) {
				dump(l, what);
				dump_seq("order", o->perm + i * nev, nev);
				dump_seq("has no pair that this one lacks", o->perm + j * nev, nev);
				fail();
			}
	/* (d) */
	struct brute *b = calloc(1, sizeof *b);
	assert_non_null(b);
	b->l = l;
	b->o = o;
	b->ort = (const uint32_t(*)[MAXE])ort;
	memcpy(b->hb, hb, sizeof hb);
	for (size_t k = 0; k < l->n; k++)
		b->glue[k] = glued(l, k);
	b->seq_hit = calloc(o->n, sizeof *b->seq_hit);
	b->rt_hit = calloc(o->n, sizeof *b->rt_hit);
	assert_true(b->seq_hit && b->rt_hit);
	brute(b);
	assert_true(b->count > 0);
	if (b->missing) {
		dump(l, what);
		for (size_t i = 0; i < o->n; i++)
			dump_seq("order given", o->perm + i * nev, nev);
		fail();
	}
	for (size_t i = 0; i < o->n; i++)
		if (!b->rt_hit[i] || !b->seq_hit[i]) {
			dump(l, what);
			dump_seq(b->rt_hit[i] ? "order no linearization shows"
					      : "real-time order no linearization shows",
				 o->perm + i * nev, nev);
			fail();
		}
	/* the schedules */
	for (size_t i = 0; i < o->n; i++) {
		struct lp_schedule s;
		const uint32_t *p = o->perm + i * nev;
		assert_int_equal(lp_hist_order_schedule(l->d, l->n, MODE, l->ev, nev, p, &s), 0);
		for (size_t j = 1; j < s.n; j++)
			assert_true(s.ov[j].step > s.ov[j - 1].step);
		size_t run[MAXD];
		uint32_t seq[MAXE];
		bool ok = replay(l, &s, run) && is_linearization(l, hb, run);
		if (ok) {
			events_of(l, run, l->n, seq);
			ok = !memcmp(seq, p, nev * sizeof *seq);
		}
		if (!ok) {
			dump(l, what);
			dump_seq("order whose schedule does not show it", p, nev);
			for (size_t j = 0; j < s.n; j++)
				fprintf(stderr, "  override (%llu, %lu)\n",
					(unsigned long long)s.ov[j].step,
					(unsigned long)s.ov[j].tid);
			fail();
		}
		free(s.ov);
	}
	uint64_t count = b->count;
	free(b->seq_hit);
	free(b->rt_hit);
	free(b);
	free(ort);
	return count;
}

static bool has_order(const struct lp_hist_orders *o, const uint32_t *want)
{
	for (size_t i = 0; i < o->n; i++)
		if (!memcmp(o->perm + i * o->n_events, want, o->n_events * sizeof *want))
			return true;
	return false;
}

/* ---- fixed cases ---- */

#define L 0x1000
#define X 0x2000
#define Y 0x3000

/* Two threads each take a mutex inside an operation: call, lock, unlock and return. B calls
 * before A returns (the executed history overlaps), but B's call commutes with A's unlock and
 * return: the serial history, A before B, is the only maximal one. */
static const struct step mutex_queue[] = {
    {A, "C", NOFP, LP_PT_SYNC, false}, {A, "", FP(L), LP_PT_SYNC, false},
    {B, "C", NOFP, LP_PT_SYNC, false}, {A, "R", FP(L), LP_PT_OP_END, false},
    {B, "", FP(L), LP_PT_SYNC, false}, {B, "R", FP(L), LP_PT_OP_END, false},
};
/* events: 0 A's call, 1 B's call, 2 A's return, 3 B's return */

static void test_mutex_queue(void **state)
{
	(void)state;
	struct log l;
	build(&l, mutex_queue, 6, 2, 0, 0);
	assert_int_equal(l.nev, 4);
	uint32_t executed[] = {0, 1, 2, 3}, serial[] = {0, 2, 1, 3}, rt_exec[MAXE], rt_ser[MAXE];
	rt_of(&l, executed, rt_exec);
	rt_of(&l, serial, rt_ser);
	assert_true(rt_within(rt_exec, rt_ser) && !rt_within(rt_ser, rt_exec));
	struct lp_hist_orders o;
	assert_int_equal(lp_hist_orders(l.d, l.n, MODE, l.ev, l.nev, 8, &o), 0);
	assert_int_equal(o.n, 1);
	assert_int_equal(o.n_events, 4);
	assert_memory_equal(o.perm, serial, sizeof serial);
	check_orders(&l, &o, "mutex queue");
	lp_hist_orders_clear(&o);
	assert_null(o.perm);
	assert_int_equal(o.n, 0);
}

/* Two operations, each run in one step: on different objects either may go first; on one
 * object only the executed order is a history of the trace. */
static void test_single_step_operations(void **state)
{
	(void)state;
	struct step s[] = {{A, "CR", FP(X), LP_PT_OP_END, false},
			   {B, "CR", FP(Y), LP_PT_OP_END, false}};
	uint32_t ab[] = {0, 1, 2, 3}, ba[] = {2, 3, 0, 1};
	struct log l;
	struct lp_hist_orders o;
	build(&l, s, 2, 2, A, 0);
	assert_int_equal(lp_hist_orders(l.d, l.n, MODE, l.ev, l.nev, 8, &o), 0);
	assert_int_equal(o.n, 2);
	assert_true(has_order(&o, ab));
	assert_true(has_order(&o, ba));
	check_orders(&l, &o, "independent single steps");
	lp_hist_orders_clear(&o);

	s[1].fp = (struct lp_footprint)FP(X);
	build(&l, s, 2, 2, A, 0);
	assert_int_equal(lp_hist_orders(l.d, l.n, MODE, l.ev, l.nev, 8, &o), 0);
	assert_int_equal(o.n, 1);
	assert_memory_equal(o.perm, ab, sizeof ab);
	check_orders(&l, &o, "dependent single steps");
	lp_hist_orders_clear(&o);
}

/* A's operation takes three steps (call, lock, unlock and return), B's one step on another
 * object, run while A's is open. B's may go wholly before A's or wholly after: two maximal
 * orders, neither within the other. */
static void test_split_operation(void **state)
{
	(void)state;
	const struct step s[] = {{A, "C", NOFP, LP_PT_SYNC, false},
				 {B, "CR", FP(X), LP_PT_OP_END, false},
				 {A, "", FP(L), LP_PT_SYNC, false},
				 {A, "R", FP(L), LP_PT_OP_END, false}};
	/* events: 0 A's call, 1 B's call, 2 B's return, 3 A's return */
	uint32_t ab[] = {0, 3, 1, 2}, ba[] = {1, 2, 0, 3};
	struct log l;
	struct lp_hist_orders o;
	build(&l, s, 4, 2, A, 0);
	assert_int_equal(lp_hist_orders(l.d, l.n, MODE, l.ev, l.nev, 8, &o), 0);
	if (o.n != 2 || !has_order(&o, ab) || !has_order(&o, ba)) {
		dump(&l, "split operation");
		for (size_t i = 0; i < o.n; i++)
			dump_seq("order given", o.perm + i * o.n_events, o.n_events);
		dump_seq("expected", ab, 4);
		dump_seq("and", ba, 4);
		fail();
	}
	check_orders(&l, &o, "split operation");
	lp_hist_orders_clear(&o);
}

/* A's two steps run back to back (the second is forced: a unit): C's step comes before the
 * second (object X), the first before B's operation (object Y). No step of C happens before
 * B's, yet every schedule runs C's step first: the schedule of B's order must too (a random
 * log found it: LP_HIST_SEED=1795735000). */
static void test_unit_chain(void **state)
{
	(void)state;
	const struct step s[] = {{C, "", FP(X), LP_PT_THREAD_EXIT, false},
				 {A, "", FP(Y), LP_PT_MEMORY, false},
				 {A, "", FP(X), LP_PT_THREAD_EXIT, true},
				 {B, "CR", FP(Y), LP_PT_OP_END, false}};
	struct log l;
	struct lp_hist_orders o;
	build(&l, s, 4, 3, C, 0);
	assert_true(glued(&l, 2));
	assert_int_equal(lp_hist_orders(l.d, l.n, MODE, l.ev, l.nev, 8, &o), 0);
	assert_int_equal(o.n, 1);
	check_orders(&l, &o, "unit chain");
	lp_hist_orders_clear(&o);
}

/* The schedule of the mutex queue's order runs A's unlock and return before B's call: the
 * steps 0, 1, 3 (A), then 2, 4, 5 (B), with overrides at the first step and at the switch. */
static void test_schedule(void **state)
{
	(void)state;
	struct log l;
	build(&l, mutex_queue, 6, 2, 0, 10);
	uint32_t serial[] = {0, 2, 1, 3};
	struct lp_schedule s;
	assert_int_equal(lp_hist_order_schedule(l.d, l.n, MODE, l.ev, l.nev, serial, &s), 0);
	assert_int_equal(s.phase, LP_PHASE_CONCURRENT);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.ov[0].step, 10);
	assert_int_equal(s.ov[0].tid, A);
	assert_int_equal(s.ov[1].step, 13);
	assert_int_equal(s.ov[1].tid, B);
	size_t run[MAXD], want[] = {0, 1, 3, 2, 4, 5, 6};
	assert_true(replay(&l, &s, run));
	assert_memory_equal(run, want, sizeof want);
	free(s.ov);
	/* the executed order: a schedule of the trace that shows it (A's lock may go first) */
	uint32_t executed[] = {0, 1, 2, 3}, seq[MAXE];
	bool hb[MAXD][MAXD];
	happens_before(&l, hb);
	assert_int_equal(lp_hist_order_schedule(l.d, l.n, MODE, l.ev, l.nev, executed, &s), 0);
	assert_true(replay(&l, &s, run));
	assert_true(is_linearization(&l, hb, run));
	events_of(&l, run, l.n, seq);
	assert_memory_equal(seq, executed, sizeof executed);
	free(s.ov);
	/* steps not numbered one by one */
	l.d[3].step = 20;
	s.n = 7;
	assert_int_equal(lp_hist_order_schedule(l.d, l.n, MODE, l.ev, l.nev, serial, &s), -1);
	assert_int_equal(s.n, 0);
	assert_null(s.ov);
}

/* The log's first point leaves A alone at no switch point (a harness creating its threads,
 * whose steps the scheduler does not switch away from): B's operation is independent of A's
 * step, yet the schedule of B's order runs that step first. An order that puts B's events
 * before events of that first unit has no schedule. */
static void test_schedule_first_point(void **state)
{
	(void)state;
	const struct step s[] = {{A, "", FP(X), LP_PT_SYNC, true},
				 {B, "CR", FP(Y), LP_PT_OP_END, false},
				 {A, "CR", FP(L), LP_PT_OP_END, false}};
	struct log l;
	build(&l, s, 3, 2, A, 40);
	l.d[0].point = LP_PT_THREAD_START; /* reached by creating B: no switch point */
	uint32_t b_first[] = {0, 1, 2, 3}; /* events: B's call and return, A's */
	struct lp_schedule sc;
	assert_int_equal(lp_hist_order_schedule(l.d, l.n, MODE, l.ev, l.nev, b_first, &sc), 0);
	size_t run[MAXD], want[] = {0, 1, 2, 3};
	assert_true(replay(&l, &sc, run));
	assert_memory_equal(run, want, sizeof want);
	assert_true(sc.n >= 1 && sc.ov[0].step == 41 && sc.ov[0].tid == B);
	free(sc.ov);
	/* the same with A's operation in that first unit: B's events cannot come first */
	const struct step s2[] = {{A, "CR", FP(X), LP_PT_OP_END, true},
				  {B, "CR", FP(Y), LP_PT_OP_END, false}};
	build(&l, s2, 2, 2, A, 40);
	l.d[0].point = LP_PT_THREAD_START;
	uint32_t b_before[] = {2, 3, 0, 1}, a_before[] = {0, 1, 2, 3};
	assert_int_equal(lp_hist_order_schedule(l.d, l.n, MODE, l.ev, l.nev, b_before, &sc), -1);
	assert_int_equal(lp_hist_order_schedule(l.d, l.n, MODE, l.ev, l.nev, a_before, &sc), 0);
	free(sc.ov);
}

/* --memory-model tso: a flush asks the same point again, whoever's it is in the reordered
 * schedule. A calls and buffers a store, bA flushes it, A returns reading its buffer, B
 * calls and returns, steps on, A ends; A.call, B's operation, A.ret puts the flush after
 * B's step, at B's point: A's return then needs an override. */
static void test_schedule_flush(void **state)
{
	(void)state;
	const lp_tid_t bA = lp_tid_buffer(A);
	static lp_tid_t c2[] = {A, B}, c3[] = {A, B, 0}, c1[] = {A};
	c3[2] = bA;
	struct lp_footprint buf = {.n = 1, .obj = {0x1000 | LP_FP_OBJ_BUFFER}};
	struct lp_explore_decision d[6] = {
	    {.step = 0, .running = A, .chosen = A, .point = LP_PT_OP_START},
	    {.step = 1, .running = A, .chosen = bA, .point = LP_PT_SYNC},
	    {.step = 2,
	     .running = A,
	     .chosen = A,
	     .point = LP_PT_SYNC,
	     .flags = LP_DEC_YIELD | LP_DEC_FLUSHED},
	    {.step = 3, .running = A, .chosen = B, .point = LP_PT_SYNC},
	    {.step = 4, .running = B, .chosen = B, .point = LP_PT_SYNC},
	    {.step = 5, .running = B, .chosen = A, .point = LP_PT_THREAD_EXIT}};
	for (size_t k = 0; k < 6; k++) {
		d[k].candidates = k == 1 ? c3 : k == 5 ? c1 : c2;
		d[k].n_candidates = k == 1 ? 3 : k == 5 ? 1 : 2;
	}
	d[1].done = buf; /* A's call and buffered store */
	d[1].done.flags = LP_FP_CALL;
	d[2].done = buf; /* the flush: its line and A's buffer */
	d[2].done.obj[d[2].done.n++] = 0x2000;
	d[2].done.flags = LP_FP_MEMORY;
	d[3].done = buf; /* A's return, a load that may forward */
	d[3].done.obj[0] |= LP_FP_OBJ_READ;
	d[3].done.flags = LP_FP_RET;
	d[4].done = (struct lp_footprint){.flags = LP_FP_CALL | LP_FP_RET, .n = 1, .obj = {0x3000}};
	d[5].done = (struct lp_footprint){.n = 1, .obj = {0x4000}};
	struct lp_trace_event ev[] = {{.step = 0, .tid = A, .call = true},
				      {.step = 2, .tid = A, .call = false},
				      {.step = 3, .tid = B, .call = true},
				      {.step = 3, .tid = B, .call = false}};
	uint32_t perm[] = {0, 2, 3, 1};
	struct lp_schedule s;
	assert_int_equal(lp_hist_order_schedule(d, 6, MODE, ev, 4, perm, &s), 0);
	const struct lp_override want[] = {{1, B}, {2, bA}, {3, A}, {4, B}, {5, A}};
	assert_int_equal(s.n, 5);
	for (size_t i = 0; i < 5; i++) {
		assert_int_equal(s.ov[i].step, want[i].step);
		assert_int_equal(s.ov[i].tid, want[i].tid);
	}
	free(s.ov);
}

/* Four independent operations run in one step each: every serial order is maximal (24). */
static void test_too_many(void **state)
{
	(void)state;
	const struct step s[] = {{A, "CR", FP(X), LP_PT_OP_END, false},
				 {B, "CR", FP(Y), LP_PT_OP_END, false},
				 {C, "CR", FP(L), LP_PT_OP_END, false},
				 {D, "CR", FP(0x4000), LP_PT_OP_END, false}};
	struct log l;
	struct lp_hist_orders o;
	build(&l, s, 4, 4, A, 0);
	assert_int_equal(lp_hist_orders(l.d, l.n, MODE, l.ev, l.nev, 2, &o), -1);
	assert_int_equal(o.n, 0);
	assert_null(o.perm);
	assert_int_equal(lp_hist_orders(l.d, l.n, MODE, l.ev, l.nev, 23, &o), -1);
	assert_int_equal(o.n, 0);
	assert_int_equal(lp_hist_orders(l.d, l.n, MODE, l.ev, l.nev, 24, &o), 0);
	assert_int_equal(o.n, 24);
	assert_int_equal(check_orders(&l, &o, "four independent operations"), 24);
	lp_hist_orders_clear(&o);
	/* an event whose step is not in the log */
	l.ev[3].step = l.n;
	assert_int_equal(lp_hist_orders(l.d, l.n, MODE, l.ev, l.nev, 24, &o), -1);
	assert_int_equal(o.n, 0);
}

/* ---- random logs ---- */

/* 2 or 3 threads of 1 to 4 (3) steps, interleaved at random; footprints over 2 or 3 objects,
 * sometimes target code or unknown; each thread's events alternate call, return (a step records
 * "", "C", "R" or "CR"; sometimes a thread's first call comes before the log). Gluing is
 * modelled as the header states (glued() above): a step of the thread that just ran is
 * sometimes chosen as the sole candidate; it is glued when its point is no switch point and it
 * records no call. */
static void random_log(struct log *l, unsigned *seed)
{
	unsigned nt = 2 + (unsigned)rand_r(seed) % 2, nobj = 2 + (unsigned)rand_r(seed) % 2;
	unsigned left[MAXT + 1] = {0}, total = 0;
	for (unsigned t = 1; t <= nt; t++) {
		left[t] = 1 + (unsigned)rand_r(seed) % (nt == 2 ? 4 : 3);
		total += left[t];
	}
	struct step s[MAXD];
	static const char *pat[] = {"", "C", "R", "CR"};
	bool open[MAXT + 1] = {false}, before[MAXT + 1] = {false};
	for (unsigned t = 1; t <= nt; t++)
		open[t] = before[t] = rand_r(seed) % 6 == 0;
	for (unsigned k = 0; k < total; k++) {
		unsigned t;
		do
			t = 1 + (unsigned)rand_r(seed) % nt;
		while (!left[t]);
		left[t]--;
		struct step *st = &s[k];
		memset(st, 0, sizeof *st);
		st->tid = (lp_tid_t)t;
		unsigned r = (unsigned)rand_r(seed) % 8;
		if (open[t])
			st->ev = pat[r < 3 ? 0 : 2];
		else
			st->ev = pat[r < 2 ? 0 : r < 5 ? 1 : 3];
		if (st->ev[0] == 'C' || st->ev[0] == 'R')
			open[t] = !strcmp(st->ev, "C");
		if (rand_r(seed) % 10 == 0)
			st->fp.flags = LP_FP_UNKNOWN;
		else {
			for (unsigned o = 0; o < nobj; o++)
				if (rand_r(seed) % 3 == 0)
					st->fp.obj[st->fp.n++] = 0x40 * (o + 1);
			if (rand_r(seed) % 5 == 0)
				st->fp.flags |= LP_FP_TARGET;
		}
		st->sole = k && s[k - 1].tid == st->tid && rand_r(seed) % 3 == 0;
	}
	/* the point each step's thread reaches: after a return OP_END, before its next step's
	 * call OP_START, at its end THREAD_EXIT, else a sync, memory or yield point */
	for (unsigned k = 0; k < total; k++) {
		unsigned j = k + 1;
		while (j < total && s[j].tid != s[k].tid)
			j++;
		if (strchr(s[k].ev, 'R'))
			s[k].end = LP_PT_OP_END;
		else if (j == total)
			s[k].end = LP_PT_THREAD_EXIT;
		else if (s[j].ev[0] == 'C')
			s[k].end = LP_PT_OP_START;
		else
			s[k].end =
			    (uint32_t[]){LP_PT_SYNC, LP_PT_MEMORY, LP_PT_YIELD}[rand_r(seed) % 3];
	}
	build(l, s, total, nt, s[0].tid, (uint64_t)rand_r(seed) % 100);
	/* calls before the log: first, in tid order, each thread's events stay alternating */
	unsigned nb = 0;
	for (unsigned t = 1; t <= nt; t++)
		nb += before[t];
	if (nb) {
		memmove(l->ev + nb, l->ev, l->nev * sizeof *l->ev);
		unsigned i = 0;
		for (unsigned t = 1; t <= nt; t++)
			if (before[t])
				l->ev[i++] = (struct lp_trace_event){
				    .step = LP_HIST_BEFORE, .tid = (lp_tid_t)t, .call = true};
		l->nev += nb;
	}
}

static void test_random(void **state)
{
	(void)state;
	const char *env = getenv("LP_HIST_SEED");
	unsigned seed0 = env ? (unsigned)strtoul(env, NULL, 10) : (unsigned)time(NULL);
	printf("# LP_HIST_SEED=%u\n", seed0);
	fflush(stdout);
	uint64_t several = 0, glued_logs = 0, lins = 0;
	for (int i = 0; i < (env ? 1 : 3000); i++) {
		unsigned seed = seed0 + (unsigned)i;
		struct log l;
		random_log(&l, &seed);
		char what[64];
		snprintf(what, sizeof what, "LP_HIST_SEED=%u", seed0 + (unsigned)i);
		struct lp_hist_orders o;
		int rc = lp_hist_orders(l.d, l.n, MODE, l.ev, l.nev, 4096, &o);
		if (rc) {
			dump(&l, what);
			fail_msg("lp_hist_orders failed");
		}
		lins += check_orders(&l, &o, what);
		several += o.n > 1;
		for (size_t k = 0; k < l.n; k++)
			if (glued(&l, k)) {
				glued_logs++;
				break;
			}
		lp_hist_orders_clear(&o);
	}
	printf("# %llu logs with several orders, %llu with glued steps, %llu linearizations\n",
	       (unsigned long long)several, (unsigned long long)glued_logs,
	       (unsigned long long)lins);
	assert_true(env || (several > 0 && glued_logs > 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_mutex_queue),
	    cmocka_unit_test(test_single_step_operations),
	    cmocka_unit_test(test_split_operation),
	    cmocka_unit_test(test_schedule),
	    cmocka_unit_test(test_schedule_flush),
	    cmocka_unit_test(test_too_many),
	    cmocka_unit_test(test_schedule_first_point),
	    cmocka_unit_test(test_unit_chain),
	    cmocka_unit_test(test_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
