/* tests/tools/por-why.c — why the reduction ran executions of a trace it had run before
 * (issue 34; a debugging aid, not a test). Reads what LINEUP_DEBUG_POR_LOG wrote
 * (cli/run/por-dump.h) and, for each execution whose trace (explore-stats.h) an earlier one
 * ran, finds the first decision where the two differ and the parent both came from, and
 * tells why the later sibling's branch (explore.h, "earlier sibling first") did not have
 * the earlier one's thread asleep: the node is a yield point, that thread's step was not
 * known there (and why), (*) failed on cost, or it joined the sleep set and a step woke it
 * (and through what: a shared object, LP_FP_TARGET, LP_FP_MEMORY, LP_FP_UNKNOWN, calls and
 * returns, only the forced steps joined to it, a step that ended held back).
 * Usage: por-why DUMP [MODE] (MODE: enum lp_reduction with LP_REDUCE_CALLS_COMMUTE or-ed,
 * default 17: sleep sets, calls commute); -l lists each execution's cause. It also counts
 * the walks that ended asleep or at an explored point after the thread the last override
 * chose ran a few steps and was then held back (a lock another thread holds): children
 * that add nothing but the order of its calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../scheduler/explore-log.h"
#include "../../scheduler/explore-stats.h"
#include "../../scheduler/state-cache.h"

struct ex {
	unsigned cost;
	int end;
	char *sched;
	struct lp_schedule s;
	size_t n;
	struct lp_explore_decision *d;
	struct lp_state_key trace;
};

static struct ex *xs;
static size_t nx;
static enum lp_reduction mode = LP_REDUCE_SLEEP | LP_REDUCE_CALLS_COMMUTE;

static void *xalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);
	if (!p)
		abort();
	return p;
}

static void read_dump(FILE *f)
{
	size_t cap = 0;
	char sched[65536];
	struct ex e;
	while (fscanf(f, " E %u %d %65535s %zu", &e.cost, &e.end, sched, &e.n) == 4) {
		char err[128];
		e.sched = strdup(sched);
		if (lp_schedule_parse(sched, &e.s, err, sizeof err))
			abort();
		e.d = xalloc(e.n * sizeof *e.d);
		for (size_t k = 0; k < e.n; k++) {
			struct lp_explore_decision *d = &e.d[k];
			unsigned long long v[11];
			for (int i = 0; i < 11; i++)
				if (fscanf(f, "%llu", &v[i]) != 1)
					abort();
			d->step = v[0], d->running = v[1], d->chosen = v[2];
			d->point = (uint32_t)v[3], d->flags = (uint32_t)v[4];
			d->done.flags = (uint32_t)v[5], d->done.n = (uint32_t)v[6];
			for (int i = 0; i < LP_FP_MAX; i++)
				d->done.obj[i] = v[7 + i];
			unsigned nc;
			if (fscanf(f, "%u", &nc) != 1)
				abort();
			lp_tid_t *c = xalloc(nc * sizeof *c);
			for (unsigned i = 0; i < nc; i++) {
				unsigned long long t;
				if (fscanf(f, "%llu", &t) != 1)
					abort();
				c[i] = t;
			}
			d->n_candidates = nc, d->candidates = c;
			unsigned long long addr;
			unsigned nh;
			if (fscanf(f, "%llu %u", &addr, &nh) != 2)
				abort();
			struct lp_held *h = xalloc(nh * sizeof *h);
			for (unsigned i = 0; i < nh; i++) {
				unsigned long long a, t;
				if (fscanf(f, "%llu %llu", &a, &t) != 2)
					abort();
				h[i] = (struct lp_held){.addr = a, .holder = t};
			}
			d->addr = addr, d->n_held = nh, d->held = h;
		}
		struct lp_state_key *keys = xalloc(e.n * sizeof *keys);
		if (e.n) {
			lp_state_keys(e.d, e.n, mode, keys, NULL, 0);
			e.trace = lp_state_point(&keys[e.n - 1], e.d[e.n - 1].chosen);
		}
		free(keys);
		if (nx == cap)
			xs = realloc(xs, (cap = cap ? 2 * cap : 256) * sizeof *xs);
		xs[nx++] = e;
	}
}

static const struct ex *find(const char *sched)
{
	for (size_t i = 0; i < nx; i++)
		if (!strcmp(xs[i].sched, sched))
			return &xs[i];
	return NULL;
}

/* Why steps a and b are dependent (a: the sleeper). */
static const char *dep_reason(const struct lp_footprint *a, const struct lp_footprint *b)
{
	static char buf[96];
	if (!b)
		return "a step the log does not give (its end)";
	if ((a->flags | b->flags) & LP_FP_UNKNOWN)
		return a->flags & LP_FP_UNKNOWN ? "LP_FP_UNKNOWN (sleeper's)"
						: "LP_FP_UNKNOWN (waker's)";
	if ((a->flags & LP_FP_TARGET) && (b->flags & LP_FP_TARGET))
		return "LP_FP_TARGET on both";
	if ((a->flags & (LP_FP_TARGET | LP_FP_MEMORY)) &&
	    (b->flags & (LP_FP_TARGET | LP_FP_MEMORY)))
		return "LP_FP_TARGET against LP_FP_MEMORY";
	if (!(mode & LP_REDUCE_CALLS_COMMUTE) && ((a->flags | b->flags) & (LP_FP_CALL | LP_FP_RET)))
		return "a call against a return";
	snprintf(buf, sizeof buf, "a shared object (%s)",
		 (a->flags | b->flags) & LP_FP_TARGET ? "one in target code" : "no target code");
	return buf;
}

/* Why the sleeper t with step fp (lp_log_lookahead failed) is not known at k of log d. */
static const char *unknown_reason(const struct lp_explore_decision *d, size_t n, size_t k,
				  lp_tid_t t, const struct lp_forced *run)
{
	static char buf[160];
	size_t k2 = lp_log_next_choice(d, n, k, t);
	if (k2 >= n)
		return "step unknown: never chosen again in the parent's log";
	struct lp_footprint fp;
	if (lp_log_forced_run(d, n, k2, run, &fp) == 2)
		return "step unknown: its forced run's switch is unknown (log end / sole with "
		       "buffer)";
	for (size_t i = k; i < k2; i++) {
		const struct lp_footprint *s = lp_log_step(d, n, i);
		if (!lp_footprint_independent(&fp, s, mode)) {
			struct lp_footprint one;
			bool single = lp_log_next_step(d, n, k, t, mode, &one);
			snprintf(buf, sizeof buf,
				 "step unknown: a step before its next run depends%s: %s",
				 single ? " (only on the forced steps joined)" : "",
				 dep_reason(&fp, s));
			return buf;
		}
	}
	return "step unknown: ?";
}

static int rank(const struct lp_explore_decision *e, lp_tid_t t)
{
	if (t == e->chosen)
		return 0;
	for (uint32_t i = 0; i < e->n_candidates; i++)
		if (e->candidates[i] == t)
			return 1 + (int)i;
	return 1000;
}

/* Whether the thread e's last override chose ran some steps and was then held back (no
 * candidate at the point it reached: a lock another thread holds): the child is wasted
 * when every other thread sleeps there. Sets the steps it ran and the point it reached. */
static bool held_back_after_override(const struct ex *e, unsigned *steps, uint32_t *point)
{
	if (!e->s.n)
		return false;
	const struct lp_override *o = &e->s.ov[e->s.n - 1];
	size_t k = 0;
	while (k < e->n && e->d[k].step != o->step)
		k++;
	if (k == e->n)
		return false;
	lp_tid_t c = e->d[k].chosen;
	*steps = 0;
	for (k++; k < e->n && e->d[k].running == c; k++) {
		++*steps;
		if (e->d[k].chosen != c)
			break;
	}
	if (k == e->n)
		return false;
	*point = e->d[k].point;
	return rank(&e->d[k], c) == 1000;
}

/* Why execution e (trace first run by f) was not pruned. */
static const char *why(const struct ex *e, const struct ex *f)
{
	static char buf[256];
	size_t a = 0, m = e->n < f->n ? e->n : f->n;
	while (a < m && e->d[a].chosen == f->d[a].chosen)
		a++;
	if (a == m)
		return "no divergence";
	struct lp_schedule ps = e->s;
	while (ps.n && ps.ov[ps.n - 1].step >= e->d[a].step)
		ps.n--;
	char *pt = lp_schedule_format(&ps);
	const struct ex *p = find(pt);
	free(pt);
	if (!p || p->n <= a)
		return "the parent was not run";
	const struct lp_explore_decision *pd = &p->d[a];
	lp_tid_t x = e->d[a].chosen, y = f->d[a].chosen;
	bool e_later = rank(pd, x) > rank(pd, y);
	lp_tid_t lt = e_later ? x : y, et = e_later ? y : x;
	const struct ex *later = e_later ? e : f;
	if (lp_log_is_yield_point(pd))
		return "divergence at a yield point";
	struct lp_forced *run = xalloc(p->n * sizeof *run);
	lp_log_forced_runs(p->d, p->n, 0, run);
	struct lp_footprint fp;
	unsigned sw = et == pd->chosen ? lp_log_forced_run(p->d, p->n, a, run, &fp)
				       : lp_log_lookahead(p->d, p->n, a, et, run, mode, &fp);
	if (sw == 2) {
		const char *r = et == pd->chosen
				    ? "step unknown: the chosen one's forced run's switch"
				    : unknown_reason(p->d, p->n, a, et, run);
		snprintf(buf, sizeof buf, "%s (at point %u%s)", r, pd->point,
			 et == 0 ? ", earlier is main" : "");
		free(run);
		return buf;
	}
	unsigned ce = lp_explore_is_preemption(pd, et), cl = lp_explore_is_preemption(pd, lt);
	if (ce + sw > cl) {
		struct lp_footprint lfp;
		unsigned lsw =
		    lt == pd->chosen ? 9 : lp_log_lookahead(p->d, p->n, a, lt, run, mode, &lfp);
		snprintf(buf, sizeof buf,
			 "(*) failed: cost %u + switch %u > %u (earlier %s; at point %u; later's "
			 "switch %u%s)",
			 ce, sw, cl, et == pd->chosen ? "chosen" : "not chosen", pd->point, lsw,
			 lt == 0 ? ", later is main" : "");
		free(run);
		return buf;
	}
	free(run);
	struct lp_footprint one;
	bool have_one = et == pd->chosen ? lp_log_step(p->d, p->n, a) != NULL
					 : lp_log_next_step(p->d, p->n, a, et, mode, &one);
	if (et == pd->chosen && have_one)
		one = *lp_log_step(p->d, p->n, a);
	struct lp_sleeper z = {.tid = et, .fp = fp, .slack = cl - ce - sw};
	for (size_t k = a; k < later->n; k++) {
		const struct lp_explore_decision *ld = &later->d[k];
		if (k > a && ld->chosen == et) {
			if (lp_log_is_yield_point(ld))
				return "joined; ran at a yield point (left the set)";
			return "joined; asleep where chosen (should have ended the walk)";
		}
		const struct lp_footprint *s = lp_log_step(later->d, later->n, k);
		if (!lp_footprint_independent(&fp, s, mode)) {
			bool forced_only = have_one && lp_footprint_independent(&one, s, mode);
			snprintf(buf, sizeof buf, "joined; woken%s at +%zu by %s",
				 forced_only ? " only through its forced steps" : "", k - a,
				 dep_reason(&fp, s));
			return buf;
		}
		if (lp_log_ends_held(later->d, later->n, k) &&
		    !lp_sleep_wake_releasers(&z, 1, lp_log_held_on(later->d, later->n, k + 1))) {
			snprintf(buf, sizeof buf,
				 "joined; woken at +%zu: a step ended held back, which it may free "
				 "(at point %u)",
				 k - a, later->d[k + 1].point);
			return buf;
		}
	}
	return "joined; never chosen again";
}

struct tally {
	char *what;
	unsigned n;
};

int main(int argc, char **argv)
{
	bool list = argc > 1 && !strcmp(argv[1], "-l");
	if (list)
		argc--, argv++;
	if (argc < 2)
		return fprintf(stderr, "usage: por-why [-l] DUMP [MODE]\n"), 2;
	if (argc > 2)
		mode = (enum lp_reduction)atoi(argv[2]);
	FILE *in = fopen(argv[1], "r");
	if (!in)
		return perror(argv[1]), 2;
	read_dump(in);
	struct tally t[64];
	size_t nt = 0;
	unsigned ends[3][2] = {{0}}, yields = 0, early = 0, main_last[3] = {0};
	unsigned lock_waits = 0, held_listed = 0; /* decisions: at a lock, listing a lock held */
	/* walks ended asleep or at an explored point after held_back_after_override, by point
	 * and steps (1, 2, 3, more) */
	unsigned held[LP_PT_EXIT + 1][4] = {{0}};
	for (size_t i = 0; i < nx; i++) {
		size_t j = 0;
		while (j < i && memcmp(&xs[j].trace, &xs[i].trace, sizeof xs[i].trace))
			j++;
		yields += lp_log_has_yield(xs[i].d, xs[i].n);
		for (size_t k = 0; k < xs[i].n; k++) {
			lock_waits += (xs[i].d[k].flags & LP_DEC_LOCK_WAIT) != 0;
			held_listed += xs[i].d[k].n_held != 0;
		}
		early += lp_log_ended_early(xs[i].d, xs[i].n);
		int end = xs[i].end < 0 || xs[i].end > 2 ? 0 : xs[i].end;
		ends[end][j < i]++;
		/* the main thread (tid 0, pthread_join's usual caller) chosen at the override */
		main_last[end] += xs[i].s.n && xs[i].s.ov[xs[i].s.n - 1].tid == 0;
		unsigned steps;
		uint32_t pt;
		if (end != LP_WALK_FULL && held_back_after_override(&xs[i], &steps, &pt) &&
		    pt <= LP_PT_EXIT && steps)
			held[pt][steps < 4 ? steps - 1 : 3]++;
		if (j == i || end != LP_WALK_FULL)
			continue;
		const char *w = why(&xs[i], &xs[j]);
		if (list)
			printf("%s (as %s): %s\n", xs[i].sched, xs[j].sched, w);
		size_t q = 0;
		while (q < nt && strcmp(t[q].what, w))
			q++;
		if (q == nt && nt < 64)
			t[nt++] = (struct tally){strdup(w), 0};
		if (q < nt)
			t[q].n++;
	}
	printf("%zu executions; walk ended full/asleep/covered: new trace %u/%u/%u, seen trace "
	       "%u/%u/%u\n",
	       nx, ends[0][0], ends[1][0], ends[2][0], ends[0][1], ends[1][1], ends[2][1]);
	printf("executions whose last override chose the main thread: full/asleep/covered "
	       "%u/%u/%u\n",
	       main_last[0], main_last[1], main_last[2]);
	printf("logs with a yield point: %u, ended early: %u (either ends the invisible-step "
	       "rule)\n",
	       yields, early);
	printf("decisions at a blocking lock: %u, listing a lock held: %u\n", lock_waits,
	       held_listed);
	static const char *const pt_name[] = {"?",
					      "an operation start",
					      "an operation end",
					      "a thread start",
					      "a thread exit",
					      "a sync",
					      "a block",
					      "a yield",
					      "an atomic",
					      "a memory",
					      "an exit"};
	for (uint32_t pt = 0; pt <= LP_PT_EXIT; pt++)
		for (int k = 0; k < 4; k++)
			if (held[pt][k])
				printf(
				    "asleep or covered after the last override's thread ran %d%s "
				    "step%s, then was held back at %s point: %u\n",
				    k + 1, k == 3 ? " or more" : "", k ? "s" : "", pt_name[pt],
				    held[pt][k]);
	for (size_t q = 0; q < nt; q++)
		printf("%5u  %s\n", t[q].n, t[q].what);
	return 0;
}
