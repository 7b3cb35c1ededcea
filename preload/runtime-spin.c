/* preload/runtime-spin.c — spin loops folded (runtime-spin.h). Hook path: no libc beyond
 * what the runtime uses. */
#include "runtime-spin.h"

#include <string.h>

#include "lineup/hash.h"
#include "lineup/stringify.h"
#include "preload.h"
#include "runtime.h"
#include "runtime-tso.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

void lp_spin_step_start(struct lp_thread *t, uint32_t point, bool reads_only)
{
	t->spin.step_plain = point == LP_PT_YIELD ||
			     ((point == LP_PT_ATOMIC || point == LP_PT_MEMORY) && reads_only);
	t->spin.step_sync = point == LP_PT_SYNC && t->library && t->sync_obj;
	t->spin.step_load = point == LP_PT_MEMORY && reads_only;
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

/* What the read chain of m from entry `from` on reads: its lines, in target code (a PAUSE
 * entry reads none). */
static struct lp_footprint chain_fp(const struct lp_spin *m, unsigned from)
{
	struct lp_footprint f = {.flags = LP_FP_TARGET};
	for (unsigned i = from; i < m->n_ring; i++)
		if (m->ring_line[i] != LP_SPIN_NO_LINE && !lp_footprint_add(&f, m->ring_line[i]))
			f.flags |= LP_FP_UNKNOWN; /* too many lines: any step is news */
	return f;
}

/* Every other thread that spins hears of self's step (NULL: nobody's): a dependent one is
 * news, and breaks a read chain it may have written under. A step from a plain load writes
 * nothing (runtime-spin.h). */
static void tell_others(const struct lp_thread *self, const struct lp_footprint *fp)
{
	if (self && self->spin.step_load)
		return;
	for (unsigned i = 0; i < lp_rt.n; i++) {
		struct lp_thread *t = &lp_rt.th[i];
		struct lp_spin *s = &t->spin;
		if (t == self)
			continue;
		if (s->n_ring) {
			struct lp_footprint c = chain_fp(s, 0);
			if (lp_footprint_overlap(fp, &c, false))
				s->n_ring = 0;
		}
		if (!s->watched) /* parked, waiting or in a block imply watched */
			continue;
		if (lp_footprint_overlap(fp, &s->fp, false)) {
			s->news = 1;
			s->parked = s->waiting = s->read_wait = 0;
		}
	}
}

/* Whether m's read chain or read cycle (read_wait: m->fp) read one of fp's lines. */
static bool reads_line(const struct lp_spin *m, const struct lp_footprint *fp, bool cycle)
{
	for (uint32_t k = 0; k < fp->n && k < LP_FP_MAX; k++) {
		for (unsigned i = 0; !cycle && i < m->n_ring; i++)
			if (m->ring_line[i] == fp->obj[k])
				return true;
		for (uint32_t i = 0; cycle && i < m->fp.n && i < LP_FP_MAX; i++)
			if (lp_footprint_conflict(m->fp.obj[i], fp->obj[k]))
				return true;
	}
	return cycle && (m->fp.flags & LP_FP_UNKNOWN);
}

/* A flush wrote its lines and ran no code: a read chain or read cycle hears of it only when
 * it read one of them (its reads are all trapped, with their lines); a yield loop's
 * iteration, which ran target code, as of any write. */
void lp_spin_heard(const struct lp_thread *owner, const struct lp_footprint *fp)
{
	for (unsigned i = 0; i < lp_rt.n; i++) {
		struct lp_thread *t = &lp_rt.th[i];
		struct lp_spin *s = &t->spin;
		if (t == owner) /* its view had the bytes already: no change it can see */
			continue;
		if (reads_line(s, fp, false))
			s->n_ring = 0; /* its chain's reads no longer saw one memory */
		if (!s->watched)
			continue;
		if (s->read_wait ? reads_line(s, fp, true)
				 : lp_footprint_overlap(fp, &s->fp, false)) {
			s->news = 1;
			s->parked = s->waiting = s->read_wait = 0;
		}
	}
}

/* Folds a word into h (splitmix64's finaliser over a combine). */
static uint64_t mix(uint64_t h, uint64_t w)
{
	return lp_hash_mix64(h ^ (w + LP_HASH_GOLDEN + (h << 6) + (h >> 2)));
}

uint64_t lp_spin_state(const uint64_t regs[16])
{
	uint64_t h = 0;
	for (unsigned i = 0; i < 16; i++)
		h = mix(h, regs[i]);
	/* the red zone (a leaf function's locals) and the frames just above: a loop counter
	 * the compiler keeps on the stack is part of the state. Mapped: the interrupted code's
	 * callers' frames lie above, the signal frame or stub below the red zone. */
	const uint64_t *sp = (const uint64_t *)(uintptr_t)regs[4];
	for (const uint64_t *w = sp - 16; w < sp + LP_SPIN_STACK_WINDOW / 8; w++)
		h = mix(h, *(const volatile uint64_t *)w);
	return h;
}

/* The read cycle that ends where the chain's entry `from` began (runtime-spin.h): self
 * waits for a write to one of the lines the cycle reads. */
static void read_cycle(struct lp_thread *self, unsigned from)
{
	struct lp_spin *m = &self->spin;
	m->fp = chain_fp(m, from);
	m->cycle_now = 1;
	m->watched = 1;
	m->news = 0;
	m->parked = 0;
	m->waiting = m->read_wait = 1;
	m->n_ring = 0;
}

void lp_spin_read_arrive(struct lp_thread *self, uint32_t point, uintptr_t site, uintptr_t addr,
			 const uint64_t *regs, const struct lp_footprint *fp)
{
	struct lp_spin *m = &self->spin;
	/* a trapped PAUSE (a yield with registers) reads and writes nothing: under tso (at -g
	 * memory, where the code between two points touches only the stack and thread-local
	 * storage) a link of the chain that reads no line */
	bool pause = point == LP_PT_YIELD && regs && !addr && lp_tso_on();
	/* a chain breaks at anything but a read, and at a step of unknown reach */
	if ((!addr && !pause) || !regs || (fp->flags & LP_FP_UNKNOWN) || m->in_block)
		m->n_ring = 0;
	if ((!addr && !pause) || !regs || m->in_block || lp_rt.phase != LP_PHASE_CONCURRENT ||
	    !self->in_op || self->library)
		return;
	uint64_t state = lp_spin_state(regs);
	for (unsigned i = 0; i < m->n_ring; i++)
		if (m->ring_site[i] == site && m->ring_state[i] == state) {
			read_cycle(self, i);
			return;
		}
	if (m->n_ring == LP_SPIN_RING) { /* the oldest read leaves the chain */
		memmove(m->ring_site, m->ring_site + 1,
			(LP_SPIN_RING - 1) * sizeof m->ring_site[0]);
		memmove(m->ring_state, m->ring_state + 1,
			(LP_SPIN_RING - 1) * sizeof m->ring_state[0]);
		memmove(m->ring_line, m->ring_line + 1,
			(LP_SPIN_RING - 1) * sizeof m->ring_line[0]);
		m->n_ring--;
	}
	m->ring_site[m->n_ring] = site;
	m->ring_state[m->n_ring] = state;
	m->ring_line[m->n_ring++] = pause ? LP_SPIN_NO_LINE : (uint64_t)addr & ~(uint64_t)63;
}

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
	if (m->cycle_now)	       /* it waits for a write (read_cycle) */
		quiet = false;
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
	if (!m->cycle_now) /* else it waits on what the read cycle read */
		m->fp = m->cur_fp;
	m->watched = m->cycle_now || !m->cur_bad;
	m->cycle_now = 0;
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

/* Parked at a PAUSE whose read chain (unbroken) has it only as its last link, with room for
 * one more round: running that round instead of a block lets a PAUSE spin with nothing
 * changing close a read cycle at the PAUSE and wait at once (a block runs up to
 * LP_SPIN_FOLD_MAX rounds first). Once: a round that changes the state (a counter) ends
 * in a block as before. */
static bool cycle_in_reach(const struct lp_spin *m)
{
	if (!m->n_ring || m->ring_line[m->n_ring - 1] != LP_SPIN_NO_LINE ||
	    m->ring_site[m->n_ring - 1] != m->yield_site || 2 * m->n_ring > LP_SPIN_RING)
		return false;
	for (unsigned i = 0; i + 1 < m->n_ring; i++)
		if (m->ring_site[i] == m->yield_site)
			return false;
	return true;
}

void lp_spin_chosen(struct lp_thread *t)
{
	struct lp_spin *s = &t->spin;
	/* Its read chain stays: another thread's step that may have written what it read broke
	 * it (tell_others), and so did a flush of such a line (lp_spin_heard). */
	if (s->read_wait) { /* nothing else can run: it reads again, as it is */
		s->waiting = s->read_wait = 0;
		return;
	}
	if (!s->parked && !s->waiting)
		return;
	bool round = s->parked && !s->waiting && cycle_in_reach(s);
	s->parked = s->waiting = 0;
	if (round)
		return;
	s->in_block = 1;
	s->block_left = LP_SPIN_FOLD_MAX;
}
