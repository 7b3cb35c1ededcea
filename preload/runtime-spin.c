/* preload/runtime-spin.c — spin loops folded (runtime-spin.h). Hook path: no libc beyond
 * what the runtime uses. */
#include "runtime-spin.h"

#include <string.h>

#include "lineup/stringify.h"
#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

void lp_spin_step_start(struct lp_thread *t, uint32_t point, bool reads_only)
{
	t->spin.step_plain = point == LP_PT_YIELD ||
			     ((point == LP_PT_ATOMIC || point == LP_PT_MEMORY) && reads_only);
	t->spin.step_sync = point == LP_PT_SYNC && t->library && t->sync_obj;
}

/* At a library thread's blocking lock: where a lock/unlock spin is anchored. */
static bool sync_anchor(const struct lp_thread *t, uint32_t point)
{
	return point == LP_PT_SYNC && t->library && t->lock_wait;
}

/* Whether the iteration that ends at this lock repeats the last one, which ended at the
 * same lock from the same frame: the same points, each a pthread call on that mutex (a
 * semaphore or condition variable on its memory line is a write others see), and nothing
 * touched but that mutex (and target code, whose untracked memory the spin-loop assumption
 * covers as for a yield). */
static bool sync_repeat(const struct lp_thread *self, uintptr_t site)
{
	const struct lp_spin *m = &self->spin;
	const struct lp_footprint *f = &m->cur_fp;
	for (unsigned i = 0; i < m->n_cur; i++)
		if (m->cur_obj[i] != m->anchor_obj)
			return false;
	return m->sync_loop && site == m->yield_site && self->lock_wait == m->anchor_obj &&
	       self->lock_frame == m->anchor_frame && m->n_cur == m->n_prev &&
	       memcmp(m->cur, m->prev, m->n_cur * sizeof m->cur[0]) == 0 &&
	       memcmp(m->cur_obj, m->prev_obj, m->n_cur * sizeof m->cur_obj[0]) == 0 &&
	       (f->flags & ~LP_FP_TARGET) == 0 && f->n == 1 &&
	       f->obj[0] == ((uint64_t)(uintptr_t)m->anchor_obj & ~(uint64_t)63);
}

/* Adds fp to the iteration's footprint; false when it no longer fits. */
static bool merge(struct lp_footprint *into, const struct lp_footprint *fp)
{
	into->flags |= fp->flags;
	for (uint32_t i = 0; i < fp->n && i < LP_FP_MAX; i++)
		if (!lp_footprint_add(into, fp->obj[i]))
			return false;
	return true;
}

/* Every other thread that spins hears of self's step: a dependent one is news. */
static void tell_others(const struct lp_thread *self, const struct lp_footprint *fp)
{
	for (unsigned i = 0; i < lp_rt.n; i++) {
		struct lp_thread *t = &lp_rt.th[i];
		struct lp_spin *s = &t->spin;
		if (t == self || !s->watched) /* parked, waiting or in a block imply watched */
			continue;
		if (lp_footprint_overlap(fp, &s->fp, false)) {
			s->news = 1;
			s->parked = s->waiting = 0;
		}
	}
}

void lp_spin_news(const struct lp_footprint *fp) { tell_others(NULL, fp); }

/* What the folding gives up (runtime-spin.h) is said once per execution, when it happens. */
static void cut_short(const struct lp_thread *self, uintptr_t site)
{
	static int said;
	if (said)
		return;
	said = 1;
	lp_log_text(LP_REC_WARN, self->tid, site,
		    "a spin-wait repeated " LP_STR(
			LP_SPIN_FOLD_MAX) " rounds with nothing changing and was then taken to "
					  "wait for another thread: a bounded spin of more rounds "
					  "that runs out while other threads keep running is not "
					  "explored (lineup-preload(1), spin-waits)");
}

bool lp_spin_arrive(struct lp_thread *self, uint32_t point, uintptr_t site,
		    const struct lp_footprint *fp)
{
	struct lp_spin *m = &self->spin;
	if (lp_rt.phase != LP_PHASE_CONCURRENT) {
		tell_others(self, fp);
		return false;
	}
	if (m->step_sync)
		m->cur_sync = 1;
	if (!(m->step_plain || m->step_sync) || !merge(&m->cur_fp, fp))
		m->cur_bad = 1;
	if (m->n_cur < LP_SPIN_SITES) {
		/* a lock wrapper (liburcu's) calls from one site for every mutex */
		m->cur_obj[m->n_cur] = point == LP_PT_SYNC ? self->sync_obj : NULL;
		m->cur[m->n_cur++] = site;
	} else {
		m->cur_bad = 1;
	}
	/* A loop iteration: plain steps from its last yield back to that yield (lock/unlock
	 * steps from its last anchoring lock back to it), or so far on the path the last such
	 * iteration took. It writes nothing others see (the spin-loop assumption), even when
	 * what it read changed: no news for anyone. */
	bool sync = sync_anchor(self, point);
	bool anchor = point == LP_PT_YIELD || sync;
	bool loop = !m->cur_bad && m->have_yield &&
		    (point == LP_PT_YIELD ? !m->sync_loop && !m->cur_sync && site == m->yield_site
		     : sync		  ? sync_repeat(self, site)
					  : m->prev_loop && m->n_cur < m->n_prev &&
				  m->cur[m->n_cur - 1] == m->prev[m->n_cur - 1] &&
				  m->cur_obj[m->n_cur - 1] == m->prev_obj[m->n_cur - 1]);
	if (!loop)
		tell_others(self, fp);
	if (!anchor) {
		if (!loop)
			m->in_block = 0;
		return m->in_block;
	}
	bool quiet = loop && !m->news; /* it saw what the last iteration saw */
	bool go_on = false;
	if (m->in_block) {
		m->in_block = 0;
		if (quiet && --m->block_left > 0) {
			m->in_block = 1;
			go_on = true;
		} else if (quiet && sync) {
			m->parked = 1; /* never waits: what it reads is untracked */
		} else if (quiet) {
			m->waiting = 1;
			cut_short(self, site);
		}
	} else {
		m->parked = quiet;
	}
	memcpy(m->prev, m->cur, sizeof m->prev);
	memcpy(m->prev_obj, m->cur_obj, sizeof m->prev_obj);
	m->n_prev = m->n_cur;
	m->prev_loop = loop;
	m->fp = m->cur_fp;
	m->watched = !m->cur_bad;
	m->n_cur = 0;
	m->cur_bad = 0;
	memset(&m->cur_fp, 0, sizeof m->cur_fp);
	m->news = 0;
	m->yield_site = site;
	m->have_yield = 1;
	m->sync_loop = sync;
	m->cur_sync = 0;
	m->anchor_obj = sync ? self->lock_wait : NULL;
	m->anchor_frame = sync ? self->lock_frame : 0;
	return go_on;
}

void lp_spin_chosen(struct lp_thread *t)
{
	struct lp_spin *s = &t->spin;
	if (!s->parked && !s->waiting)
		return;
	s->parked = s->waiting = 0;
	s->in_block = 1;
	s->block_left = LP_SPIN_FOLD_MAX;
}
