/* scheduler/history-orders.c — the maximal real-time orders of a trace's histories, and a
 * schedule showing one of them (see history-orders.h for why these suffice). */
#include "history-orders.h"

#include <stdlib.h>
#include <string.h>

#include "sched-pick.h"
#include "state-cache.h"

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		abort(); /* as explore.c: no I/O here, so no message (lp_xmalloc has one) */
	return p;
}

/* The steps of one log grouped into units, with happens-before between units. */
struct trace {
	const struct lp_explore_decision *d;
	size_t n, nu, nt;
	size_t *unit_of;	  /* [n] */
	size_t *first, *last;	  /* [nu]: each unit is the steps first..last of one thread */
	uint32_t *clk;		  /* [n][nt] (state-cache.h, lp_trace_clocks) */
	size_t *col;		  /* [n] */
	size_t *n_ev;		  /* [nu] events the unit recorded */
	bool *has_call, *has_ret; /* [nu] */
	/* Happens-before between units, closed: a unit's steps run back to back, so A before
	 * X (A's step before X's last) and X before B (X's first step before B's) put A
	 * before B even when no step of A happens before one of B. */
	size_t *ucol, *uidx; /* [nu] its thread's column; its rank among that thread's units */
	uint32_t *uclk;	     /* [nu][nt]: of each thread, how many units come before it */
};

static void trace_free(struct trace *t)
{
	free(t->unit_of);
	free(t->first);
	free(t->last);
	free(t->clk);
	free(t->col);
	free(t->n_ev);
	free(t->has_call);
	free(t->has_ret);
	free(t->ucol);
	free(t->uidx);
	free(t->uclk);
}

/* Whether unit u comes before unit v in every schedule of the trace (u before v in the
 * log): through a chain of units, each with a step happening before a step of the next. */
static bool unit_hb(const struct trace *t, size_t u, size_t v)
{
	return u < v && t->uidx[u] <= t->uclk[v * t->nt + t->ucol[u]];
}

/* The unit clocks (struct trace), in log order: a unit v comes after the units of thread c
 * whose first step happens before v's last one (clocks only grow along a thread: a prefix of
 * them), and after everything the last of those comes after. */
static void unit_clocks(struct trace *t)
{
	size_t nt = t->nt, nu = t->nu;
	t->ucol = xcalloc(nu, sizeof *t->ucol);
	t->uidx = xcalloc(nu, sizeof *t->uidx);
	t->uclk = xcalloc(nu * nt, sizeof *t->uclk);
	size_t *count = xcalloc(nt, sizeof *count), *at = xcalloc(nt + 1, sizeof *at);
	for (size_t u = 0; u < nu; u++) {
		t->ucol[u] = t->col[t->first[u]];
		t->uidx[u] = ++count[t->ucol[u]];
	}
	/* each thread's units in order: at[c] .. at[c + 1] of by_thread */
	for (size_t c = 0; c < nt; c++)
		at[c + 1] = at[c] + count[c];
	size_t *by_thread = xcalloc(nu, sizeof *by_thread);
	for (size_t u = 0; u < nu; u++)
		by_thread[at[t->ucol[u]] + t->uidx[u] - 1] = u;
	size_t *before = xcalloc(nt, sizeof *before);
	for (size_t v = 0; v < nu; v++) {
		uint32_t *uc = t->uclk + v * nt;
		const uint32_t *cv = t->clk + t->last[v] * nt;
		for (size_t c = 0; c < nt; c++) {
			size_t lo = 0, hi = count[c]; /* units of c whose first step precedes */
			if (c == t->ucol[v]) {
				lo = t->uidx[v] - 1;
			} else {
				while (lo < hi) {
					size_t mid = lo + (hi - lo) / 2, w = by_thread[at[c] + mid];
					if (t->clk[t->first[w] * nt + c] <= cv[c])
						lo = mid + 1;
					else
						hi = mid;
				}
			}
			before[c] = lo;
		}
		for (size_t c = 0; c < nt; c++) {
			if (before[c] > uc[c])
				uc[c] = (uint32_t)before[c];
			if (!before[c])
				continue;
			const uint32_t *up = t->uclk + by_thread[at[c] + before[c] - 1] * nt;
			for (size_t e = 0; e < nt; e++)
				if (up[e] > uc[e])
					uc[e] = up[e];
		}
	}
	free(count);
	free(at);
	free(by_thread);
	free(before);
}

/* Step k+1 is forced to follow step k: its thread reached a point that is no switch point
 * as the sole candidate, and the step starts no operation (history-orders.h). */
static bool forced(const struct lp_explore_decision *d, size_t n, size_t k, const bool *call_at)
{
	return k + 1 < n && d[k + 1].running == d[k].chosen && d[k + 1].chosen == d[k].chosen &&
	       d[k + 1].n_candidates == 1 && !lp_sched_switch_point(d[k + 1].point) &&
	       !call_at[k + 1];
}

static int trace_build(struct trace *t, const struct lp_explore_decision *d, size_t n,
		       enum lp_reduction mode, const struct lp_trace_event *ev, size_t nev)
{
	memset(t, 0, sizeof *t);
	t->d = d;
	t->n = n;
	bool *call_at = xcalloc(n, sizeof *call_at);
	for (size_t i = 0; i < nev; i++) {
		if (ev[i].step == LP_HIST_BEFORE)
			continue;
		if (ev[i].step >= n) {
			free(call_at);
			return -1;
		}
		if (ev[i].call)
			call_at[ev[i].step] = true;
	}
	t->unit_of = xcalloc(n, sizeof *t->unit_of);
	t->first = xcalloc(n, sizeof *t->first);
	t->last = xcalloc(n, sizeof *t->last);
	for (size_t k = 0; k < n; k++) {
		if (k && forced(d, n, k - 1, call_at)) {
			t->unit_of[k] = t->nu - 1;
			t->last[t->nu - 1] = k;
			continue;
		}
		t->unit_of[k] = t->nu;
		t->first[t->nu] = t->last[t->nu] = k;
		t->nu++;
	}
	free(call_at);
	t->col = xcalloc(n, sizeof *t->col);
	t->clk = lp_trace_clocks(d, n, mode, &t->nt, t->col);
	unit_clocks(t);
	t->n_ev = xcalloc(t->nu, sizeof *t->n_ev);
	t->has_call = xcalloc(t->nu, sizeof *t->has_call);
	t->has_ret = xcalloc(t->nu, sizeof *t->has_ret);
	for (size_t i = 0; i < nev; i++) {
		if (ev[i].step == LP_HIST_BEFORE)
			continue;
		size_t u = t->unit_of[ev[i].step];
		t->n_ev[u]++;
		if (ev[i].call)
			t->has_call[u] = true;
		else
			t->has_ret[u] = true;
	}
	return 0;
}

/* ---- enumeration ---- */

struct order_walk {
	const struct trace *t;
	size_t ns;     /* units with events, in log order */
	size_t *su;    /* [ns] their unit indexes */
	uint8_t *hb;   /* [ns][ns]: su[i] happens before su[j] */
	size_t nk;     /* skeleton units (with a return) */
	size_t *sk;    /* [nk] indexes into su */
	size_t *npred; /* [nk] skeleton predecessors not placed yet */
	bool *placed;  /* [nk] */
	size_t *cur;   /* [nk] the skeleton order being built (indexes into sk) */
	size_t leaves, max_leaves;
	bool overflow;
	/* results */
	const struct lp_trace_event *ev;
	size_t nev, nops, words;
	uint32_t *op_of;     /* [nev] operation of each event (its call's rank) */
	size_t **ev_of_unit; /* [ns] event indexes per unit, log order */
	size_t *n_ev_of_unit;
	size_t n_out, max_out;
	uint32_t *perm;	    /* [max_out][nev] */
	uint64_t *rt;	    /* [max_out][nops][words] */
	uint32_t *scratch;  /* [nev] */
	uint64_t *rt_new;   /* [nops][words] */
	size_t *order;	    /* [ns] units of the order being emitted, as indexes into su */
	size_t *first_succ; /* [ns] */
};

/* The real-time order of perm: row y holds the operations that returned before y's call. */
static void rt_of(const struct order_walk *s, const uint32_t *perm, uint64_t *rt)
{
	memset(rt, 0, s->nops * s->words * sizeof *rt);
	uint64_t *done = xcalloc(s->words, sizeof *done);
	for (size_t i = 0; i < s->nev; i++) {
		uint32_t e = perm[i], op = s->op_of[e];
		if (s->ev[e].call)
			memcpy(rt + op * s->words, done, s->words * sizeof *done);
		else
			done[op / 64] |= 1ull << (op % 64);
	}
	free(done);
}

static bool rt_contains(const struct order_walk *s, const uint64_t *big, const uint64_t *small)
{
	for (size_t i = 0; i < s->nops * s->words; i++)
		if (small[i] & ~big[i])
			return false;
	return true;
}

/* Keeps the order in s->scratch unless a kept one has all its pairs; drops kept ones it
 * has all the pairs of. */
static void keep(struct order_walk *s)
{
	size_t row = s->nops * s->words;
	rt_of(s, s->scratch, s->rt_new);
	for (size_t i = 0; i < s->n_out; i++)
		if (rt_contains(s, s->rt + i * row, s->rt_new))
			return;
	size_t m = 0;
	for (size_t i = 0; i < s->n_out; i++) {
		if (rt_contains(s, s->rt_new, s->rt + i * row))
			continue;
		if (m != i) {
			memcpy(s->rt + m * row, s->rt + i * row, row * sizeof *s->rt);
			memcpy(s->perm + m * s->nev, s->perm + i * s->nev,
			       s->nev * sizeof *s->perm);
		}
		m++;
	}
	s->n_out = m;
	if (s->n_out == s->max_out) {
		s->overflow = true;
		return;
	}
	memcpy(s->rt + s->n_out * row, s->rt_new, row * sizeof *s->rt);
	memcpy(s->perm + s->n_out * s->nev, s->scratch, s->nev * sizeof *s->perm);
	s->n_out++;
}

/* A complete skeleton order: the call-only units go right before the first skeleton unit
 * they happen before (or last), then the events unit by unit. */
static void emit(struct order_walk *s)
{
	size_t *pos = s->first_succ; /* skeleton position of each su index, for a moment */
	for (size_t j = 0; j < s->nk; j++)
		pos[s->sk[s->cur[j]]] = j;
	size_t *gap = xcalloc(s->ns, sizeof *gap);
	for (size_t i = 0; i < s->ns; i++) {
		if (s->t->has_ret[s->su[i]])
			continue;
		size_t best = s->nk;
		for (size_t j = 0; j < s->ns; j++)
			if (s->hb[i * s->ns + j] && s->t->has_ret[s->su[j]] && pos[j] < best)
				best = pos[j];
		gap[i] = best;
	}
	size_t no = 0;
	for (size_t j = 0; j <= s->nk; j++) {
		for (size_t i = 0; i < s->ns; i++)
			if (!s->t->has_ret[s->su[i]] && gap[i] == j)
				s->order[no++] = i;
		if (j < s->nk)
			s->order[no++] = s->sk[s->cur[j]];
	}
	free(gap);
	size_t k = 0;
	for (size_t i = 0; i < s->nev; i++)
		if (s->ev[i].step == LP_HIST_BEFORE)
			s->scratch[k++] = (uint32_t)i;
	for (size_t o = 0; o < no; o++)
		for (size_t j = 0; j < s->n_ev_of_unit[s->order[o]]; j++)
			s->scratch[k++] = (uint32_t)s->ev_of_unit[s->order[o]][j];
	keep(s);
}

static void place(struct order_walk *s, size_t i, bool on)
{
	s->placed[i] = on;
	for (size_t j = 0; j < s->nk; j++)
		if (s->hb[s->sk[i] * s->ns + s->sk[j]]) {
			if (on)
				s->npred[j]--;
			else
				s->npred[j]++;
		}
}

/* Whether placing skeleton unit i now would place a call-only unit before it that no
 * skeleton unit placed so far needs: that call would come earlier than it must. */
static bool drags_call(const struct order_walk *s, size_t i)
{
	for (size_t p = 0; p < s->ns; p++) {
		if (s->t->has_ret[s->su[p]] || !s->hb[p * s->ns + s->sk[i]])
			continue;
		bool needed = false;
		for (size_t j = 0; j < s->nk && !needed; j++)
			needed = s->placed[j] && s->hb[p * s->ns + s->sk[j]];
		if (!needed)
			return true;
	}
	return false;
}

static void dfs(struct order_walk *s, size_t depth)
{
	if (s->overflow)
		return;
	if (depth == s->nk) {
		if (++s->leaves > s->max_leaves)
			s->overflow = true;
		else
			emit(s);
		return;
	}
	/* A unit with returns only goes as soon as it can, unless it would bring a call with it
	 * (one placed late only because nothing placed so far needs it): an earlier return
	 * then only adds pairs. */
	for (size_t i = 0; i < s->nk; i++)
		if (!s->placed[i] && !s->npred[i] && !s->t->has_call[s->su[s->sk[i]]] &&
		    !drags_call(s, i)) {
			s->cur[depth] = i;
			place(s, i, true);
			dfs(s, depth + 1);
			place(s, i, false);
			return;
		}
	for (size_t i = 0; i < s->nk && !s->overflow; i++)
		if (!s->placed[i] && !s->npred[i]) {
			s->cur[depth] = i;
			place(s, i, true);
			dfs(s, depth + 1);
			place(s, i, false);
		}
}

int lp_hist_orders(const struct lp_explore_decision *d, size_t n, enum lp_reduction mode,
		   const struct lp_trace_event *ev, size_t nev, size_t max,
		   struct lp_hist_orders *out)
{
	memset(out, 0, sizeof *out);
	struct trace t;
	if (!max || trace_build(&t, d, n, mode, ev, nev))
		return -1;
	struct order_walk s = {.t = &t, .ev = ev, .nev = nev, .max_out = max};
	s.su = xcalloc(t.nu, sizeof *s.su);
	size_t *su_of_unit = xcalloc(t.nu, sizeof *su_of_unit);
	for (size_t u = 0; u < t.nu; u++)
		if (t.n_ev[u]) {
			su_of_unit[u] = s.ns;
			s.su[s.ns++] = u;
		}
	s.hb = xcalloc(s.ns * s.ns, 1);
	for (size_t i = 0; i < s.ns; i++)
		for (size_t j = i + 1; j < s.ns; j++)
			s.hb[i * s.ns + j] = unit_hb(&t, s.su[i], s.su[j]);
	s.sk = xcalloc(s.ns, sizeof *s.sk);
	for (size_t i = 0; i < s.ns; i++)
		if (t.has_ret[s.su[i]])
			s.sk[s.nk++] = i;
	s.npred = xcalloc(s.nk, sizeof *s.npred);
	for (size_t j = 0; j < s.nk; j++)
		for (size_t i = 0; i < s.nk; i++)
			s.npred[j] += s.hb[s.sk[i] * s.ns + s.sk[j]];
	s.placed = xcalloc(s.nk, sizeof *s.placed);
	s.cur = xcalloc(s.nk, sizeof *s.cur);
	s.max_leaves = 64 * max;
	/* events per unit, operations by call rank */
	s.op_of = xcalloc(nev, sizeof *s.op_of);
	s.n_ev_of_unit = xcalloc(s.ns, sizeof *s.n_ev_of_unit);
	s.ev_of_unit = xcalloc(s.ns, sizeof *s.ev_of_unit);
	for (size_t i = 0; i < s.ns; i++)
		s.ev_of_unit[i] = xcalloc(t.n_ev[s.su[i]], sizeof **s.ev_of_unit);
	for (size_t i = 0; i < nev; i++) {
		if (ev[i].call)
			s.op_of[i] = (uint32_t)s.nops++;
		else {
			s.op_of[i] = UINT32_MAX;
			for (size_t j = i; j-- > 0;) /* the tid's latest call still open */
				if (ev[j].tid == ev[i].tid) {
					if (ev[j].call)
						s.op_of[i] = s.op_of[j];
					break;
				}
			if (s.op_of[i] == UINT32_MAX) { /* a return without its call */
				s.overflow = true;
				s.op_of[i] = 0;
			}
		}
		if (ev[i].step != LP_HIST_BEFORE) {
			size_t k = su_of_unit[t.unit_of[ev[i].step]];
			s.ev_of_unit[k][s.n_ev_of_unit[k]++] = i;
		}
	}
	s.words = (s.nops + 63) / 64;
	s.perm = xcalloc(max * (nev ? nev : 1), sizeof *s.perm);
	s.rt = xcalloc(max * (s.nops ? s.nops : 1) * (s.words ? s.words : 1), sizeof *s.rt);
	s.rt_new = xcalloc((s.nops ? s.nops : 1) * (s.words ? s.words : 1), sizeof *s.rt_new);
	s.scratch = xcalloc(nev, sizeof *s.scratch);
	s.order = xcalloc(s.ns, sizeof *s.order);
	s.first_succ = xcalloc(s.ns, sizeof *s.first_succ);
	if (!s.overflow)
		dfs(&s, 0);
	int rc = s.overflow ? -1 : 0;
	if (!rc) {
		out->n = s.n_out;
		out->n_events = nev;
		out->perm = s.perm;
		s.perm = NULL;
	}
	for (size_t i = 0; i < s.ns; i++)
		free(s.ev_of_unit[i]);
	free(s.ev_of_unit);
	free(s.n_ev_of_unit);
	free(s.op_of);
	free(s.perm);
	free(s.rt);
	free(s.rt_new);
	free(s.scratch);
	free(s.order);
	free(s.first_succ);
	free(s.su);
	free(su_of_unit);
	free(s.hb);
	free(s.sk);
	free(s.npred);
	free(s.placed);
	free(s.cur);
	trace_free(&t);
	return rc;
}

void lp_hist_orders_clear(struct lp_hist_orders *o)
{
	free(o->perm);
	memset(o, 0, sizeof *o);
}

/* ---- the schedule of an order ---- */

int lp_hist_order_schedule(const struct lp_explore_decision *d, size_t n, enum lp_reduction mode,
			   const struct lp_trace_event *ev, size_t nev, const uint32_t *perm,
			   struct lp_schedule *out)
{
	memset(out, 0, sizeof *out);
	out->phase = LP_PHASE_CONCURRENT;
	if (!n)
		return nev ? -1 : 0;
	for (size_t k = 0; k < n; k++)
		if (d[k].step != d[0].step + k)
			return -1;
	struct trace t;
	if (trace_build(&t, d, n, mode, ev, nev))
		return -1;
	int rc = 0;
	bool *placed = xcalloc(t.nu, sizeof *placed);
	size_t *units = xcalloc(t.nu, sizeof *units), nunits = 0;
	/* The log's first point left one candidate at no switch point (a harness creating its
	 * threads): its unit goes first, as forced steps join their units later on. */
	if (d[0].n_candidates == 1 && !lp_sched_switch_point(d[0].point)) {
		placed[0] = true;
		units[nunits++] = 0;
		/* its events first, then: an order with another's before them is no schedule */
		for (size_t i = 0, seen = 0; i < nev && seen < t.n_ev[0] && !rc; i++) {
			if (ev[perm[i]].step == LP_HIST_BEFORE)
				continue;
			if (t.unit_of[ev[perm[i]].step] == 0)
				seen++;
			else
				rc = -1;
		}
	}
	/* The units with events in the order's order; before each, what must precede it. */
	for (size_t i = 0; i < nev && !rc; i++) {
		if (ev[perm[i]].step == LP_HIST_BEFORE)
			continue;
		size_t u = t.unit_of[ev[perm[i]].step];
		if (placed[u])
			continue;
		for (size_t w = 0; w < u; w++)
			if (!placed[w] && unit_hb(&t, w, u)) {
				if (t.n_ev[w]) { /* perm does not keep happens-before */
					rc = -1;
					break;
				}
				placed[w] = true;
				units[nunits++] = w;
			}
		placed[u] = true;
		units[nunits++] = u;
	}
	for (size_t u = 0; u < t.nu; u++)
		if (!placed[u])
			units[nunits++] = u;
	/* Steps in that order; an override wherever the thread changes or a yield is left. */
	size_t pos = 0;
	lp_tid_t running = d[0].running;
	uint32_t point = d[0].point;
	for (size_t i = 0; i < nunits && !rc; i++)
		for (size_t k = t.first[units[i]]; k <= t.last[units[i]]; k++, pos++) {
			lp_tid_t chosen = d[k].chosen;
			if (chosen != running || point == LP_PT_YIELD) {
				if (out->n == LP_MAX_OVERRIDES) {
					rc = -1;
					break;
				}
				out->ov = realloc(out->ov, (out->n + 1) * sizeof *out->ov);
				if (!out->ov)
					abort();
				out->ov[out->n++] =
				    (struct lp_override){.step = d[0].step + pos, .tid = chosen};
			}
			/* the point this step ends at, and who reaches it (history-orders.h); a
			 * store buffer's flush asks the same point again, whoever's it is here */
			if (lp_tid_is_buffer(chosen))
				continue;
			running = k + 1 < n ? d[k + 1].running : chosen;
			point = k + 1 < n ? d[k + 1].point : LP_PT_EXIT;
		}
	free(placed);
	free(units);
	trace_free(&t);
	if (rc) {
		free(out->ov);
		out->ov = NULL;
		out->n = 0;
	}
	return rc;
}
