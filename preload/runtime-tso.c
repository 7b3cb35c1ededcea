/* preload/runtime-tso.c — x86-TSO store buffers in the runtime (runtime-tso.h). Hook path
 * and signal path (the trap handler's point): no allocation, no libc beyond the runtime's. */
#include "runtime-tso.h"

#include <string.h>

#include "preload.h"
#include "runtime.h"
#include "tso-buffer.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

int lp_tso_trap_kind = -1;
unsigned lp_tso_trap_size;

static int on;
static unsigned n_notes; /* stale loads recorded in this execution (LP_TSO_NOTES at most) */
static struct lp_tso_pass_keys pass_keys;      /* passing loads recorded in this execution */
static struct lp_rec_tso_pass *last_pass;      /* the latest of them: counts those not kept */
static struct lp_tso_buf bufs[LP_MAX_THREADS]; /* by slot in lp_rt.th */
static unsigned n_fences;		       /* stores fenced by the cli (protocol.h) */
static uintptr_t fences[LP_MAX_FENCES];

static struct lp_tso_buf *buf_of(const struct lp_thread *t) { return &bufs[t - lp_rt.th]; }

/* Footprints (scheduler/explore.h, "Store buffers"). A thread's buffer is an object that
 * only its own steps and its flushes act on, named off every line and thread. */
static uint64_t buffer_obj(const struct lp_thread *t)
{
	return lp_rt_thread_obj(t, 0) | LP_FP_OBJ_BUFFER;
}

static void fp_add(struct lp_footprint *fp, uint64_t obj)
{
	if (!lp_footprint_add(fp, obj))
		fp->flags |= LP_FP_UNKNOWN;
}

/* The lines a store's bytes lie on (two when it crosses one's end), written. */
static void fp_entry(struct lp_footprint *fp, const struct lp_tso_entry *e)
{
	uint64_t a = (uint64_t)e->addr & ~(uint64_t)63,
		 z = (uint64_t)(e->addr + e->size - 1) & ~(uint64_t)63;
	fp_add(fp, a);
	if (z != a)
		fp_add(fp, z);
}

/* self's step commits its buffer: it writes every line the buffer held stores to, as a
 * flush does (LP_FP_MEMORY: the step may run no target code, an operation's return). */
static void drain(struct lp_thread *self, struct lp_tso_buf *b)
{
	if (!b->n)
		return;
	self->fp.flags |= LP_FP_MEMORY;
	for (unsigned i = 0; i < b->n; i++)
		fp_entry(&self->fp, &b->e[i]);
	fp_add(&self->fp, buffer_obj(self));
	lp_tso_commit_all(b);
}

/* The last flush lp_tso_take ran: its line(s) written, its buffer, no code run. */
static struct lp_footprint flush_fp;

void lp_tso_flush_footprint(struct lp_footprint *fp) { *fp = flush_fp; }

void lp_tso_start(uint32_t phase, const struct lp_shm *shm)
{
	/* Only a run with buffers on in this process can have filled them. Not touched
	 * otherwise: the 64 buffers span ~40 pages the fork point never mapped, a fault each
	 * at first touch (~10 us; 7% of a 3x3 mutex queue's time under sc). */
	if (on)
		for (unsigned i = 0; i < LP_MAX_THREADS; i++)
			bufs[i].n = 0;
	on = phase == LP_PHASE_CONCURRENT && (shm->run_flags & LP_RUN_TSO);
	n_notes = 0;
	if (on) { /* only read then: no page of them touched under sc */
		pass_keys.n = 0;
		last_pass = NULL;
	}
	n_fences = shm->n_fences < LP_MAX_FENCES ? shm->n_fences : LP_MAX_FENCES;
	for (unsigned i = 0; i < n_fences; i++)
		fences[i] = (uintptr_t)shm->fences[i];
}

bool lp_tso_on(void) { return on; }

bool lp_tso_pending(void)
{
	if (!on)
		return false;
	for (unsigned i = 0; i < lp_rt.n; i++)
		if (bufs[i].n)
			return true;
	return false;
}

void lp_tso_arrive(struct lp_thread *self, uint32_t point)
{
	if (!on)
		return;
	struct lp_tso_buf *b = buf_of(self);
	lp_tso_capture(b);
	/* Code the tool does not trap wrote bytes the buffer covers: commit it all (a drain
	 * here is a TSO behaviour; nobody else ran since). */
	if (b->n && !lp_tso_view_intact(b))
		drain(self, b); /* part of the step that ends here, as the drain at its end */
	if (point == LP_PT_THREAD_EXIT || point == LP_PT_EXIT)
		drain(self, b);
}

/* The candidates are sorted and a buffer sorts right after its thread: insert in place. */
unsigned lp_tso_candidates(lp_tid_t *cand, unsigned n)
{
	if (!on)
		return n;
	for (unsigned i = 0; i < lp_rt.n; i++) {
		const struct lp_thread *t = &lp_rt.th[i];
		if (!bufs[i].n || t->state == LP_T_FREE)
			continue;
		lp_tid_t b = lp_tid_buffer(t->tid);
		unsigned k = n;
		while (k > 0 && cand[k - 1] > b) {
			cand[k] = cand[k - 1];
			k--;
		}
		cand[k] = b;
		n++;
	}
	return n;
}

static struct lp_thread *owner_of(lp_tid_t b)
{
	lp_tid_t tid = lp_tid_buffer_owner(b);
	for (unsigned i = 0; i < lp_rt.n; i++)
		if (lp_rt.th[i].state != LP_T_FREE && lp_rt.th[i].tid == tid)
			return &lp_rt.th[i];
	return NULL;
}

/* A flush of owner's store e is a write other threads may be spinning on (its lines). */
static void tell_spinners(const struct lp_thread *owner, const struct lp_tso_entry *e)
{
	struct lp_footprint fp = {.flags = LP_FP_TARGET};
	fp_entry(&fp, e);
	lp_spin_heard(owner, &fp);
}

bool lp_tso_take(struct lp_thread *self, lp_tid_t chosen)
{
	if (!on || !lp_tid_is_buffer(chosen))
		return false;
	struct lp_thread *o = owner_of(chosen);
	if (!o || !buf_of(o)->n)
		return true; /* a candidate a moment ago: cannot happen */
	struct lp_tso_entry e0 = buf_of(o)->e[0];
	flush_fp = (struct lp_footprint){.flags = LP_FP_MEMORY};
	fp_entry(&flush_fp, &e0);
	fp_add(&flush_fp, buffer_obj(o));
	lp_tso_flush_oldest(buf_of(o), buf_of(self));
	tell_spinners(o, &e0);
	return true;
}

/* The store of another thread still buffered over byte addr (*owner its thread), or NULL. */
static const struct lp_tso_entry *buffered_elsewhere(const struct lp_thread *self, uintptr_t addr,
						     const struct lp_thread **owner)
{
	for (unsigned i = 0; i < lp_rt.n; i++) {
		const struct lp_thread *t = &lp_rt.th[i];
		if (t == self || t->state == LP_T_FREE || !bufs[i].n)
			continue;
		const struct lp_tso_entry *e = lp_tso_find(&bufs[i], addr, 1);
		if (e) {
			*owner = t;
			return e;
		}
	}
	return NULL;
}

/* A load of another thread's stale bytes is worth a line in the report: which store was
 * still buffered when which load ran, and which of its own stores the load passed (the
 * places an mfence would order before it). */
static void note_stale_load(const struct lp_thread *self, const struct lp_thread *owner,
			    const struct lp_tso_entry *e, uintptr_t addr, uintptr_t site)
{
	struct lp_rec_tso *r = lp_log_append(LP_REC_TSO, sizeof *r);
	r->step = lp_rt.step;
	r->loader = self->tid;
	r->owner = owner->tid;
	r->load_site = site;
	r->load_addr = addr;
	r->store_site = e->site;
	r->store_addr = e->addr;
	r->size = e->size;
	memset(r->val, 0, sizeof r->val);
	memcpy(r->val, e->val, e->size);
	r->n_passed = lp_tso_passed(buf_of(self), r->passed_site, r->passed_addr, LP_TSO_PASSED);
	n_notes++;
}

/* A load that went ahead of its own buffered stores, no other thread's store to its bytes
 * buffered: the fences after those stores are candidates too (a reordering the other
 * threads may see without reading around any store, as Peterson's turn store). Repeats and
 * those past the cap are only counted. */
static void note_passing_load(const struct lp_thread *self, const struct lp_tso_buf *b,
			      uintptr_t addr, uintptr_t site)
{
	if (!lp_tso_pass_keep(&pass_keys, self->tid, site, b->e[b->n - 1].site)) {
		if (last_pass)
			last_pass->n_more++;
		return;
	}
	struct lp_rec_tso_pass *r = lp_log_append(LP_REC_TSO_PASS, sizeof *r);
	r->step = lp_rt.step;
	r->loader = self->tid;
	r->load_site = site;
	r->load_addr = addr;
	r->n_more = 0;
	r->n_passed = lp_tso_passed(b, r->passed_site, r->passed_addr, LP_TSO_PASSED);
	last_pass = r;
}

/* A trapped load of self at addr: a stale load, a passing one, or neither (it reads its own
 * store, or its buffer is empty and none is stale or the stale ones are all said). */
static void note_load(const struct lp_thread *self, uintptr_t addr, uintptr_t site)
{
	const struct lp_tso_buf *b = buf_of(self);
	if ((!b->n && n_notes >= LP_TSO_NOTES) || lp_tso_find(b, addr, 1))
		return;
	const struct lp_thread *owner = NULL;
	const struct lp_tso_entry *e = buffered_elsewhere(self, addr, &owner);
	if (e && n_notes < LP_TSO_NOTES)
		note_stale_load(self, owner, e, addr, site);
	else if (!e && b->n)
		note_passing_load(self, b, addr, site);
}

/* Whether an mfence follows the store at site (the cli checks what one would change). */
static bool fenced(uintptr_t site)
{
	for (unsigned i = 0; i < n_fences; i++)
		if (fences[i] == site)
			return true;
	return false;
}

void lp_tso_resume(struct lp_thread *self, uint32_t point, uintptr_t addr, uintptr_t site)
{
	if (!on)
		return;
	struct lp_tso_buf *b = buf_of(self);
	int kind = lp_tso_trap_kind;
	if (point == LP_PT_MEMORY && kind == LP_SITE_LOAD) {
		if (b->n) /* it may forward from its own stores: what its flushes change */
			fp_add(&self->fp, buffer_obj(self) | LP_FP_OBJ_READ);
		if (addr)
			note_load(self, addr, site);
		return;
	}
	if (point == LP_PT_YIELD && kind == LP_SITE_PAUSE)
		return; /* PAUSE orders nothing */
	unsigned size = lp_tso_trap_size;
	/* A fenced store runs unbuffered after a drain: as buffered, then an mfence, since no
	 * other thread runs before the thread's next point. */
	if (point != LP_PT_MEMORY || kind != LP_SITE_STORE || !addr || !size ||
	    size > LP_TSO_BYTES || fenced(site)) {
		drain(self, b); /* a drain, or a store that runs unbuffered */
		return;
	}
	/* the store acts on its buffer, not on the line start_step named */
	struct lp_footprint *fp = &self->fp;
	for (uint32_t i = 0; i < fp->n && i < LP_FP_MAX; i++)
		if (fp->obj[i] == ((uint64_t)addr & ~(uint64_t)63)) {
			fp->obj[i] = fp->obj[--fp->n];
			break;
		}
	fp_add(fp, buffer_obj(self));
	if (b->n == LP_TSO_MAX) {
		fp->flags |= LP_FP_MEMORY;
		fp_entry(fp, &b->e[0]);
		struct lp_tso_entry e0 = b->e[0];
		lp_tso_flush_oldest(b, b);
		tell_spinners(self, &e0);
	}
	lp_tso_append(b, addr, size, site);
}

/* From a drain stub (callout.c): the running thread calls out of the targets, into code
 * whose stores the tool does not buffer; committing its buffer first keeps them after the
 * older ones. Part of its current step (a drain is always a TSO behaviour). */
void lp_tso_call_out(void)
{
	struct lp_thread *self = lp_self;
	if (!on || !lp_rt_controlled())
		return;
	drain(self, buf_of(self));
}

void lp_tso_leave_view(struct lp_thread *self)
{
	if (on && self)
		lp_tso_leave(buf_of(self));
}

void lp_tso_enter_view(struct lp_thread *self)
{
	if (on && self)
		lp_tso_enter(buf_of(self));
}
