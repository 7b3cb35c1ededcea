/* scheduler/sched-pick.c — candidate sets and the default choice (see sched-pick.h).
 * Runs on the hook path: no allocation, no libc calls. */
#include "sched-pick.h"

bool lp_sched_switch_point(uint32_t point)
{
	return point == LP_PT_OP_START || point == LP_PT_BLOCK || point == LP_PT_YIELD ||
	       point == LP_PT_THREAD_EXIT || point == LP_PT_EXIT;
}

static void insert_sorted(lp_tid_t *out, unsigned k, lp_tid_t v)
{
	unsigned i = k;
	while (i > 0 && out[i - 1] > v) {
		out[i] = out[i - 1];
		i--;
	}
	out[i] = v;
}

/* Serial phase, no operation can run: client code runs first, one thread at a time and
 * deterministically, so that the only branches are the threads standing at an operation
 * start (one execution per serial order of the operations; sched-pick.h). */
static unsigned serial_between_ops(uint32_t point, const struct lp_pick_thread *t, unsigned n,
				   unsigned running, bool pending, lp_tid_t *out)
{
	bool run_ok = running < n && t[running].enabled && !t[running].at_op_start;
	bool yielded = run_ok && point == LP_PT_YIELD; /* it gives way to the others */
	if (run_ok && !yielded) {
		out[0] = t[running].tid;
		return 1;
	}
	unsigned best = n;
	for (unsigned i = 0; i < n; i++)
		if (t[i].enabled && !t[i].at_op_start && i != running &&
		    (best == n || t[i].tid < t[best].tid))
			best = i;
	if (best < n) {
		out[0] = t[best].tid;
		return 1;
	}
	unsigned k = 0;
	for (unsigned i = 0; i < n; i++)
		if (t[i].enabled && t[i].at_op_start && !pending)
			insert_sorted(out, k++, t[i].tid);
	/* A thread yielding in client code may start its next operation before the others'
	 * (a single yield is no wait); once it yielded again with nobody else run in between
	 * it is spinning on them and only they can go, else the search never ends. */
	if (yielded && (!t[running].spun || k == 0))
		insert_sorted(out, k++, t[running].tid);
	return k;
}

unsigned lp_sched_candidates(uint32_t phase, uint32_t point, const struct lp_pick_thread *t,
			     unsigned n, unsigned running, lp_tid_t *out)
{
	unsigned k = 0;
	if (phase == LP_PHASE_SERIAL) {
		bool pending = false;
		for (unsigned i = 0; i < n; i++) {
			if (t[i].in_op)
				pending = true;
			if (t[i].in_op && t[i].enabled)
				insert_sorted(out, k++, t[i].tid);
		}
		if (k)
			return k;
		return serial_between_ops(point, t, n, running, pending, out);
	}
	if (point == LP_PT_YIELD) {
		for (unsigned i = 0; i < n; i++)
			if (t[i].enabled && i != running)
				insert_sorted(out, k++, t[i].tid);
		if (k)
			return k;
	}
	if (!lp_sched_switch_point(point) && running < n && t[running].enabled &&
	    !t[running].in_op && !t[running].library) {
		out[0] = t[running].tid;
		return 1;
	}
	for (unsigned i = 0; i < n; i++)
		if (t[i].enabled)
			insert_sorted(out, k++, t[i].tid);
	return k;
}

unsigned lp_sched_candidates_switches(uint32_t point, const struct lp_pick_thread *t, unsigned n,
				      unsigned running, lp_tid_t *out)
{
	unsigned k = 0;
	bool pending = false;
	for (unsigned i = 0; i < n; i++) {
		if (t[i].in_op)
			pending = true;
		if (t[i].in_op && t[i].enabled)
			insert_sorted(out, k++, t[i].tid);
	}
	if (k)
		return k;
	if (!lp_sched_switch_point(point) && running < n && t[running].enabled) {
		out[0] = t[running].tid;
		return 1;
	}
	for (unsigned i = 0; i < n; i++)
		if (t[i].enabled && !(pending && t[i].at_op_start))
			insert_sorted(out, k++, t[i].tid);
	return k;
}

bool lp_sched_is_candidate(const lp_tid_t *cand, unsigned n, lp_tid_t tid)
{
	for (unsigned i = 0; i < n; i++)
		if (cand[i] == tid)
			return true;
	return false;
}

lp_tid_t lp_sched_default(const lp_tid_t *cand, unsigned n, lp_tid_t running, uint32_t point)
{
	if (point != LP_PT_YIELD && lp_sched_is_candidate(cand, n, running))
		return running;
	for (unsigned i = 0; i < n; i++)
		if (cand[i] > running && cand[i] != LP_TID_MAIN)
			return cand[i];
	for (unsigned i = 0; i < n; i++)
		if (cand[i] != running && cand[i] != LP_TID_MAIN)
			return cand[i];
	for (unsigned i = 0; i < n; i++)
		if (cand[i] != running)
			return cand[i];
	return cand[0]; /* the running thread is the sole candidate */
}

lp_tid_t lp_sched_default_in(uint32_t phase, const lp_tid_t *cand, unsigned n, lp_tid_t running,
			     uint32_t point)
{
	if (phase == LP_PHASE_SERIAL && point == LP_PT_OP_START)
		return cand[0];
	return lp_sched_default(cand, n, running, point);
}

bool lp_sched_is_preemption(const lp_tid_t *cand, unsigned n, lp_tid_t running, uint32_t point,
			    lp_tid_t chosen)
{
	return point != LP_PT_YIELD && chosen != running && lp_sched_is_candidate(cand, n, running);
}
