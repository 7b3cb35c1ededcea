/* preload/runtime-strategy.c — the choice at a scheduling point without an override:
 * the default, or the seeded random / PCT choice (scheduler/strategy.h). Hook path. */
#include "preload.h"
#include "runtime.h"
#include "scheduler/sched-pick.h"
#include "scheduler/strategy.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

static struct lp_thread *thread_of(lp_tid_t tid)
{
	for (unsigned i = 0; i < lp_rt.n; i++)
		if (lp_rt.th[i].state != LP_T_FREE && lp_rt.th[i].tid == tid)
			return &lp_rt.th[i];
	return 0;
}

lp_tid_t lp_rt_choose(struct lp_thread *self, uint64_t step, uint32_t point, const lp_tid_t *cand,
		      unsigned nc)
{
	const struct lp_shm *shm = lp_rt.shm;
	/* Serial executions stay exhaustive: a strategy is for phase 2 only. */
	if (lp_rt.phase != LP_PHASE_CONCURRENT || shm->strategy == LP_STRAT_DEFAULT)
		return lp_sched_default_in(lp_rt.phase, cand, nc, self->tid, point);
	if (shm->strategy == LP_STRAT_RANDOM)
		return lp_strategy_random_pick(shm->seed, step, cand, nc);
	/* PCT: a change point lowers the thread that reached it, before the choice. */
	while (lp_rt.pct_next < shm->pct_n_changes && shm->pct_changes[lp_rt.pct_next] <= step) {
		if (shm->pct_changes[lp_rt.pct_next] == step)
			self->pct_low = lp_rt.pct_next + 1;
		lp_rt.pct_next++;
	}
	uint64_t prio[LP_MAX_THREADS];
	for (unsigned i = 0; i < nc; i++) {
		const struct lp_thread *t = thread_of(cand[i]);
		prio[i] =
		    t && t->pct_low ? t->pct_low : lp_strategy_pct_priority(shm->seed, cand[i]);
	}
	return lp_strategy_pct_pick(cand, prio, nc);
}

lp_tid_t lp_rt_directed(const lp_tid_t *cand, unsigned nc)
{
	struct lp_shm *shm = lp_rt.shm;
	if (lp_rt.order_next >= shm->order.n)
		return LP_TID_NONE;
	lp_tid_t want = shm->order.tids[lp_rt.order_next], other = LP_TID_NONE;
	for (unsigned i = 0; i < nc; i++) {
		const struct lp_thread *t = thread_of(cand[i]);
		if (t && t->at_op_start && cand[i] == want) {
			shm->order.done = ++lp_rt.order_next;
			return want;
		}
		if (t && !t->at_op_start && other == LP_TID_NONE)
			other = cand[i];
	}
	/* Client code or a pending operation may still make the wanted thread ready; other
	 * threads' operations may not start first. */
	if (other != LP_TID_NONE)
		return other;
	shm->order.done = lp_rt.order_next;
	if (lp_rt.order_next >= shm->order.firm) { /* a hint: the defaults from here */
		lp_rt.order_next = shm->order.n;
		return LP_TID_NONE;
	}
	lp_end(LP_OUT_DIVERGED); /* no warning: the cli answers "none" (or reports a client
				    that could follow the order before and cannot now) */
}
