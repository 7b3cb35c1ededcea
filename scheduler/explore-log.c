/* scheduler/explore-log.c — the steps of a decision log as the reduction sees them
 * (explore-log.h): footprints, forced runs, look-ahead, sleep-set filtering. */
#include "explore-log.h"
#include "footprint.h"
#include "sched-pick.h"

/* A decision the log marks LP_DEC_YIELD counts as a yield point whatever its point. */
bool lp_log_is_yield(const struct lp_explore_decision *e)
{
	return e->point == LP_PT_YIELD || (e->flags & LP_DEC_YIELD);
}

/* A point asked again after a flush is free like a yield, but its candidates are its
 * point's: it is a yield point for the candidate rules only when that point is one. */
bool lp_log_is_yield_point(const struct lp_explore_decision *e)
{
	return e->point == LP_PT_YIELD ||
	       ((e->flags & LP_DEC_YIELD) && !(e->flags & LP_DEC_FLUSHED));
}

/* The rule itself is sched-pick.c's, shared with the preload. */
bool lp_explore_is_preemption(const struct lp_explore_decision *d, lp_tid_t chosen)
{
	uint32_t point = lp_log_is_yield(d) ? (uint32_t)LP_PT_YIELD : d->point;
	return lp_sched_is_preemption(d->candidates, d->n_candidates, d->running, point, chosen);
}

bool lp_footprint_independent(const struct lp_footprint *a, const struct lp_footprint *b,
			      enum lp_reduction mode)
{
	if (!a || !b)
		return false;
	if (!(mode & LP_REDUCE_CALLS_COMMUTE) &&
	    (((a->flags & LP_FP_CALL) && (b->flags & LP_FP_RET)) ||
	     ((a->flags & LP_FP_RET) && (b->flags & LP_FP_CALL))))
		return false; /* which operation precedes which */
	return !lp_footprint_overlap(a, b, (mode & LP_REDUCE_BASE) == LP_REDUCE_ASSUME_RACE_FREE);
}

/* The footprint of the step chosen at decision k: recorded by the next decision, which
 * the chosen thread reaches, or which asks again after a store buffer's flush (NULL when
 * the log ends first or says otherwise). */
const struct lp_footprint *lp_log_step(const struct lp_explore_decision *d, size_t n, size_t k)
{
	if (k + 1 >= n)
		return NULL;
	if (lp_tid_is_buffer(d[k].chosen))
		return d[k + 1].flags & LP_DEC_FLUSHED ? &d[k + 1].done : NULL;
	if (d[k + 1].running != d[k].chosen)
		return NULL;
	return &d[k + 1].done;
}

static bool sole_running(const struct lp_explore_decision *e)
{
	return e->n_candidates == 1 && e->candidates[0] == e->running;
}

void lp_log_forced_runs(const struct lp_explore_decision *d, size_t n, size_t from,
			struct lp_forced *run)
{
	for (size_t j = n; j-- > from;) {
		struct lp_forced *r = &run[j];
		const struct lp_explore_decision *e = &d[j];
		r->fp = e->done;
		r->end = j;
		if (e->flags & LP_DEC_FLUSHED) { /* a flush's: nothing joins it, and what
						    follows it is free */
			r->sw = 0;
			continue;
		}
		if (sole_running(e) && e->chosen == e->running) {
			r->sw = 2;
			if (j + 1 >= n || d[j + 1].running != e->chosen || run[j + 1].sw == 2)
				continue;
			const struct lp_footprint *g = &run[j + 1].fp;
			r->fp.flags |= g->flags;
			bool full = false;
			for (uint32_t i = 0; i < g->n && i < LP_FP_MAX && !full; i++)
				full = !lp_footprint_add(&r->fp, g->obj[i]);
			if (!full)
				r->sw = run[j + 1].sw, r->end = run[j + 1].end;
			continue;
		}
		bool running_cand = false;
		unsigned threads = 0;
		for (uint32_t i = 0; i < e->n_candidates; i++) {
			if (e->candidates[i] == e->running)
				running_cand = true;
			threads += !lp_tid_is_buffer(e->candidates[i]);
		}
		r->sw = !running_cand || lp_log_is_yield(e) ? 0 : 1;
		/* the sole thread candidate, with store buffers: only a flush may come next,
		 * and the flush may come between this step and the next (explore.h) */
		if (r->sw && threads == 1)
			r->sw = 2;
	}
}

/* The forced run of the step chosen at k (run: lp_log_forced_runs of the log from k+1 or less). */
unsigned lp_log_forced_run(const struct lp_explore_decision *d, size_t n, size_t k,
			   const struct lp_forced *run, struct lp_footprint *fp)
{
	if (!lp_log_step(d, n, k))
		return 2;
	*fp = run[k + 1].fp;
	return run[k + 1].sw;
}

/* Where c is chosen next after decision k (n: never). */
size_t lp_log_next_choice(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c)
{
	size_t k2 = k + 1;
	while (k2 < n && d[k2].chosen != c)
		k2++;
	return k2;
}

/* Whether every step of another thread than c chosen at k..k2-1 is independent of fp: a
 * step of c that fp names would then behave the same at k (c's own steps come before it
 * anyway). */
static bool unaffected(const struct lp_explore_decision *d, size_t n, size_t k, size_t k2,
		       lp_tid_t c, const struct lp_footprint *fp, enum lp_reduction mode)
{
	for (size_t i = k; i < k2; i++)
		if (d[i].chosen != c && !lp_footprint_independent(fp, lp_log_step(d, n, i), mode))
			return false;
	return true;
}

/* What a thread held back on `on` (lp_log_held_on) depends on: its objects, read; a step
 * that may free it is one that overlaps this (lp_footprint_overlap: writes one of them, or
 * is unknown). */
static struct lp_footprint waits_on(const struct lp_footprint *on)
{
	struct lp_footprint read = {.n = 0};
	for (uint32_t i = 0; i < on->n && i < LP_FP_MAX; i++)
		read.obj[read.n++] = on->obj[i] | LP_FP_OBJ_READ;
	return read;
}

/* The step that candidate c, not chosen at k, would run there, read from its next run in
 * this log (chosen at k2 > k, forced steps joined): valid when every step chosen at
 * k..k2-1 is independent of it, so that it would behave the same at k. Returns its
 * switch cost as lp_log_forced_run does (2: unknown). */
unsigned lp_log_lookahead(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
			  const struct lp_forced *run, enum lp_reduction mode,
			  struct lp_footprint *fp)
{
	size_t k2 = lp_log_next_choice(d, n, k, c);
	if (k2 >= n)
		return 2;
	unsigned sw = lp_log_forced_run(d, n, k2, run, fp);
	if (sw == 2 || !unaffected(d, n, k, k2, c, fp, mode))
		return 2;
	/* Ended held back there (a free switch): so it is at k only if what it waits on is
	 * as it was (explore.h, "Held-back ends"). */
	size_t j = run[k2 + 1].end;
	if (lp_log_ends_held(d, n, j - 1)) {
		const struct lp_footprint *on = lp_log_held_on(d, n, j);
		if (!on)
			return 2;
		struct lp_footprint read = waits_on(on);
		if (!unaffected(d, n, k, j, c, &read, mode))
			return 2;
	}
	return sw;
}

/* The step candidate c, not chosen at k, would run there: its next step in this log,
 * when every step chosen from k until then is independent of it (it then behaves the same
 * at k; the forced steps that may follow are not joined, unlike lp_log_lookahead). */
bool lp_log_next_step(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
		      enum lp_reduction mode, struct lp_footprint *fp)
{
	size_t k2 = lp_log_next_choice(d, n, k, c);
	const struct lp_footprint *f = k2 < n ? lp_log_step(d, n, k2) : NULL;
	if (!f || !unaffected(d, n, k, k2, c, f, mode))
		return false;
	*fp = *f;
	return true;
}

/* Whether a step commutes with every step any thread may run: it acts on no object, runs no
 * target code whose accesses are untracked, and records no call or return unless those
 * commute. */
static bool invisible(const struct lp_footprint *fp, enum lp_reduction mode)
{
	if (!fp || fp->n || (fp->flags & LP_FP_UNKNOWN))
		return false;
	if ((fp->flags & LP_FP_TARGET) && (mode & LP_REDUCE_BASE) != LP_REDUCE_ASSUME_RACE_FREE)
		return false;
	if ((fp->flags & (LP_FP_CALL | LP_FP_RET)) && !(mode & LP_REDUCE_CALLS_COMMUTE))
		return false;
	return true;
}

/* Whether choosing c at decision k gives nothing that choosing it one decision later does
 * not (explore.h, "Invisible steps"): the thread chosen at k runs an invisible step and
 * reaches decision k+1 neither finished nor blocked, and c is a candidate there again at no
 * higher cost. */
bool lp_log_later_same(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
		       enum lp_reduction mode)
{
	if (k + 1 >= n || lp_log_is_yield(&d[k]))
		return false;
	if (!invisible(lp_log_step(d, n, k), mode) ||
	    !lp_sched_is_candidate(d[k + 1].candidates, d[k + 1].n_candidates, c) ||
	    d[k + 1].point == LP_PT_THREAD_EXIT || d[k + 1].point == LP_PT_BLOCK)
		return false;
	return lp_explore_is_preemption(&d[k + 1], c) <= lp_explore_is_preemption(&d[k], c);
}

/* Whether thread t's step fp acts on nothing another thread's step may act on from here:
 * it is invisible but for t's start, which only t's creation, already run, names too
 * (unless t's name is shared: the deepest threads share it with their children), and runs
 * no target code (which race-free takes as invisible, but which may write a lock). */
static bool private_step(const struct lp_footprint *fp, lp_tid_t t, enum lp_reduction mode)
{
	if (!fp || (fp->flags & LP_FP_TARGET) || lp_tid_depth(t) >= LP_TID_MAX_DEPTH - 1)
		return false;
	for (uint32_t i = 0; i < fp->n; i++)
		if (i >= LP_FP_MAX || !lp_footprint_same(fp->obj[i], lp_tid_obj(t, 0)))
			return false;
	struct lp_footprint rest = *fp;
	rest.n = 0;
	return invisible(&rest, mode);
}

bool lp_log_free_before(const struct lp_explore_decision *d, size_t n, size_t j, lp_tid_t c,
			enum lp_reduction mode)
{
	lp_tid_t h = d[j].running;
	if (lp_log_is_yield(&d[j]) || lp_tid_is_buffer(c) || !lp_explore_is_preemption(&d[j], c))
		return false;
	for (size_t i = j; i-- > 0;) {
		if (d[i].chosen != h || lp_log_is_yield(&d[i]) ||
		    !private_step(lp_log_step(d, n, i), h, mode) ||
		    !lp_sched_is_candidate(d[i].candidates, d[i].n_candidates, c))
			return false;
		if (!lp_explore_is_preemption(&d[i], c))
			return true;
	}
	return false;
}

/* Whether a thread other than c holds the mutex at addr at decision e. */
static bool held_by_other(const struct lp_explore_decision *e, uint64_t addr, lp_tid_t c)
{
	for (uint32_t i = 0; i < e->n_held; i++)
		if (e->held[i].addr == addr && e->held[i].holder != c)
			return true;
	return false;
}

bool lp_log_held_run(const struct lp_explore_decision *d, size_t n, size_t j, lp_tid_t c,
		     enum lp_reduction mode)
{
	if (lp_log_is_yield(&d[j]) || lp_tid_is_buffer(c))
		return false;
	for (size_t i = j, steps = 0; steps < LP_TABLE_RUN_MAX; steps++) {
		size_t k2 = lp_log_next_choice(d, n, i, c);
		const struct lp_footprint *f = k2 < n ? lp_log_step(d, n, k2) : NULL;
		if (!f || !private_step(f, c, mode) || !unaffected(d, n, j, k2, c, f, mode))
			return false;
		const struct lp_explore_decision *p = &d[k2 + 1]; /* where the step ends */
		if (p->flags & LP_DEC_LOCK_WAIT)
			return held_by_other(&d[j], p->addr, c);
		if (lp_log_is_yield(p) || p->point == LP_PT_THREAD_EXIT || p->point == LP_PT_BLOCK)
			return false;
		i = k2;
	}
	return false;
}

bool lp_log_costs_most(const struct lp_explore_decision *e, lp_tid_t c)
{
	if (lp_explore_is_preemption(e, c))
		return true;
	for (uint32_t j = 0; j < e->n_candidates; j++)
		if (lp_explore_is_preemption(e, e->candidates[j]))
			return false;
	return true;
}

size_t lp_log_siblings(const struct lp_explore_decision *d, size_t n, size_t k,
		       const struct lp_forced *run, enum lp_reduction mode, struct lp_sleeper *z,
		       unsigned *cost, unsigned *sw)
{
	z[0] = (struct lp_sleeper){.tid = d[k].chosen};
	cost[0] = lp_explore_is_preemption(&d[k], d[k].chosen) ? 1u : 0u;
	sw[0] = lp_log_forced_run(d, n, k, run, &z[0].fp);
	size_t m = 1;
	for (uint32_t j = 0; j < d[k].n_candidates; j++) {
		lp_tid_t c = d[k].candidates[j];
		if (c == d[k].chosen)
			continue;
		z[m] = (struct lp_sleeper){.tid = c};
		cost[m] = lp_explore_is_preemption(&d[k], c) ? 1u : 0u;
		sw[m] = lp_log_lookahead(d, n, k, c, run, mode, &z[m].fp);
		m++;
	}
	return m;
}

/* Whether a thread named o (a thread's end) reached its exit point at or before decision k:
 * 1 that one did, 0 none did, -1 one did that shares its name (the name drops a tid's last
 * digit: a thread of depth 7 shares it with its children). */
static int end_reached(const struct lp_explore_decision *d, size_t k, uint64_t o)
{
	for (size_t j = 0; j <= k; j++)
		if (d[j].point == LP_PT_THREAD_EXIT &&
		    lp_footprint_same(lp_tid_obj(d[j].running, 1), o))
			return lp_tid_depth(d[j].running) < LP_TID_MAX_DEPTH - 1 ? 1 : -1;
	return 0;
}

/* What a step fp on the thread table does for a thread that did not run at decision k:
 * -1 it is no such step (something else known of it, no table, an end that may not have
 * been reached written, or an end read whose thread is not known), 0 it only reads ends of
 * threads that reached their exit point by k (its thread goes on), 1 it reads the end of
 * one that did not (held back after it). */
static int table_step(const struct lp_explore_decision *d, size_t k, const struct lp_footprint *fp)
{
	bool table = false, held = false;
	if (fp->flags)
		return -1;
	for (uint32_t i = 0; i < fp->n && i < LP_FP_MAX; i++) {
		uint64_t o = fp->obj[i];
		int reached = LP_FP_IS_THREAD_END(o) ? end_reached(d, k, o) : -1;
		if (lp_footprint_same(o, LP_FP_THREAD_TABLE))
			table = true;
		else if (!LP_FP_IS_THREAD_END(o) || reached < 0 ||
			 (!(o & LP_FP_OBJ_READ) && reached != 1))
			return -1;
		else if (o & LP_FP_OBJ_READ)
			held |= reached == 0;
	}
	return table ? held : -1;
}

bool lp_log_table_run(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
		      enum lp_reduction mode)
{
	size_t k2 = k;
	for (unsigned r = 0; r < LP_TABLE_RUN_MAX; r++) {
		k2 = r == 0 && d[k].chosen == c ? k : lp_log_next_choice(d, n, k2, c);
		const struct lp_footprint *f = k2 < n ? lp_log_step(d, n, k2) : NULL;
		if (!f)
			return false;
		struct lp_footprint acts = *f;
		acts.n = 0;
		for (uint32_t i = 0; i < f->n && i < LP_FP_MAX; i++)
			if (!LP_FP_IS_THREAD_END(f->obj[i]) || !(f->obj[i] & LP_FP_OBJ_READ))
				acts.obj[acts.n++] = f->obj[i];
		if (!unaffected(d, n, k, k2, c, &acts, mode))
			return false;
		int kind = table_step(d, k, f);
		if (kind != 0)
			return kind == 1;
	}
	return false;
}

bool lp_log_table_owner(const struct lp_explore_decision *d, size_t n, lp_tid_t *owner)
{
	for (size_t j = 0; j < n; j++) {
		const struct lp_footprint *fp = &d[j].done;
		for (uint32_t i = 0; i < fp->n && i < LP_FP_MAX; i++) {
			if (!lp_footprint_same(fp->obj[i], LP_FP_THREAD_TABLE))
				continue;
			if (*owner == LP_TID_NONE)
				*owner = d[j].running;
			if (d[j].running != *owner || (d[j].flags & LP_DEC_FLUSHED))
				return false;
		}
	}
	/* The step chosen last is in no log: taken as one on the table */
	lp_tid_t last = n ? d[n - 1].chosen : LP_TID_NONE;
	if (last == LP_TID_NONE || lp_tid_is_buffer(last))
		return true;
	if (*owner == LP_TID_NONE)
		*owner = last;
	return last == *owner;
}

bool lp_log_has_yield(const struct lp_explore_decision *d, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (lp_log_is_yield(&d[k]))
			return true;
	return false;
}

/* Whether the run ended early: with a candidate other than the thread chosen last, or
 * with a thread whose last point is neither its end nor a block (the process exited, the
 * run was cut or crashed). A thread left before its invisible step is then not the same as
 * one left after it (a call recorded or not). */
bool lp_log_ended_early(const struct lp_explore_decision *d, size_t n)
{
	if (!n)
		return false;
	const struct lp_explore_decision *e = &d[n - 1];
	for (uint32_t i = 0; i < e->n_candidates; i++)
		if (e->candidates[i] != e->chosen)
			return true;
	/* each thread's last point, latest first (a thread is seen once: at most 64 kept) */
	lp_tid_t seen[64];
	size_t n_seen = 0;
	for (size_t k = n; k-- > 0;) {
		size_t i = 0;
		while (i < n_seen && seen[i] != d[k].running)
			i++;
		if (i < n_seen)
			continue;
		if (n_seen == 64)
			return true; /* too many threads to tell: taken as early */
		seen[n_seen++] = d[k].running;
		if (d[k].running == e->running || d[k].running == e->chosen ||
		    d[k].point == LP_PT_THREAD_EXIT || d[k].point == LP_PT_BLOCK)
			continue; /* the thread chosen last ran on after the log's end */
		return true;
	}
	return false;
}

/* Held-back ends (explore.h). */
bool lp_log_may_hold(const struct lp_explore_decision *e)
{
	return !lp_log_is_yield(e) &&
	       (e->point == LP_PT_SYNC || e->point == LP_PT_ATOMIC || e->point == LP_PT_MEMORY);
}

bool lp_log_ends_held(const struct lp_explore_decision *d, size_t n, size_t k)
{
	if (!lp_log_step(d, n, k) || lp_tid_is_buffer(d[k].chosen))
		return false;
	const struct lp_explore_decision *e = &d[k + 1];
	return lp_log_may_hold(e) &&
	       !lp_sched_is_candidate(e->candidates, e->n_candidates, e->running);
}

const struct lp_footprint *lp_log_held_on(const struct lp_explore_decision *d, size_t n, size_t j)
{
	if (j >= n || d[j].point != LP_PT_SYNC)
		return NULL;
	const struct lp_footprint *g = lp_log_step(d, n, lp_log_next_choice(d, n, j, d[j].running));
	return g && !(g->flags & LP_FP_UNKNOWN) && g->n ? g : NULL;
}

/* Whether step fp may free a thread held back on what the log does not tell: it writes an
 * object, runs untracked code or is unknown. */
static bool may_free_any(const struct lp_footprint *fp)
{
	bool frees = (fp->flags & (LP_FP_UNKNOWN | LP_FP_TARGET | LP_FP_MEMORY)) != 0;
	for (uint32_t j = 0; j < fp->n && j < LP_FP_MAX; j++)
		frees |= !(fp->obj[j] & LP_FP_OBJ_READ);
	return frees;
}

size_t lp_sleep_wake_releasers(struct lp_sleeper *z, size_t nz, const struct lp_footprint *on)
{
	struct lp_footprint read = on ? waits_on(on) : (struct lp_footprint){.n = 0};
	size_t m = 0;
	for (size_t i = 0; i < nz; i++) {
		bool frees =
		    on ? lp_footprint_overlap(&z[i].fp, &read, false) : may_free_any(&z[i].fp);
		if (frees && z[i].slack == 0)
			continue;
		z[m] = z[i];
		z[m++].slack -= frees;
	}
	return m;
}

size_t lp_sleep_after(struct lp_sleeper *z, size_t nz, const struct lp_explore_decision *d,
		      size_t n, size_t k, enum lp_reduction mode)
{
	nz = lp_sleep_filter(z, nz, d[k].chosen, lp_log_step(d, n, k), mode);
	if (lp_log_ends_held(d, n, k))
		nz = lp_sleep_wake_releasers(z, nz, lp_log_held_on(d, n, k + 1));
	return nz;
}

bool lp_sleep_has(const struct lp_sleeper *z, size_t nz, lp_tid_t t)
{
	for (size_t i = 0; i < nz; i++)
		if (z[i].tid == t)
			return true;
	return false;
}

/* Keeps the sleepers independent of the step fp that thread t ran (all of them go when fp
 * is unknown; t's own entry goes: it ran, where sleeping threads may run, at a yield). */
size_t lp_sleep_filter(struct lp_sleeper *z, size_t nz, lp_tid_t t, const struct lp_footprint *fp,
		       enum lp_reduction mode)
{
	size_t m = 0;
	for (size_t i = 0; i < nz; i++)
		if (z[i].tid != t && lp_footprint_independent(&z[i].fp, fp, mode))
			z[m++] = z[i];
	return m;
}
