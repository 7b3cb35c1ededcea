/* preload/runtime-span.c — plan `span` lines (cli/analyze/pure-regions.h, "Spans"): a step
 * of an operation that starts at one place and ends at another named together ran only
 * code that touches the thread's own stack, so it keeps no LP_FP_TARGET. The start is
 * checked when the step starts (the stack then is the start's), the end when the thread
 * reaches its next point; the flag is dropped only then, so a step that never gets there
 * (a crash, an exit) keeps it. */
#include <string.h>

#include "plan.h"
#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

/* Whether the return addresses pl names are in their slots below the operation's return
 * slot top (each slot within the place's depth, so inside the thread's live stack). */
static bool frames_match(const struct lp_span_place *pl, uintptr_t top, uintptr_t base)
{
	for (unsigned i = 0; i < pl->n_frames; i++)
		if (pl->slot[i] > pl->depth ||
		    *(const uintptr_t *)(top - pl->slot[i]) != base + pl->ret[i])
			return false;
	return true;
}

/* Whether the thread stands at place pl now: a trapped instruction with the stack pointer
 * rsp (the stack between rsp and the operation's return slot is this thread's, readable). */
static bool at_place(const struct lp_thread *t, const struct lp_span_place *pl, uintptr_t off,
		     uintptr_t rsp, uintptr_t base)
{
	uintptr_t top = t->op_retslot;
	if (pl->kind != LP_SPAN_SITE || pl->off != off || !top || top - rsp != pl->depth ||
	    rsp > top)
		return false;
	return frames_match(pl, top, base);
}

/* Whether the thread is in syscall()'s futex call at place pl: the call's return address
 * site and its slot (hooks-futex.c) are the place's. */
static bool at_futex(const struct lp_thread *t, const struct lp_span_place *pl, uintptr_t site,
		     uintptr_t base)
{
	uintptr_t top = t->op_retslot, slot = t->span_slot;
	if (pl->kind != LP_SPAN_FUTEX || !slot || !top || slot > top)
		return false;
	if (!pl->off) /* it returns to the operation's end */
		return slot == top;
	if (site < base || site - base != pl->off || top - slot != pl->depth)
		return false;
	return frames_match(pl, top, base);
}

/* The target base of the thread's operation, or 0. */
static uintptr_t op_base(const struct lp_thread *t)
{
	const struct lp_loaded_plan *plan = lp_g.plan;
	if (t->library || !plan || t->op_func >= plan->n_funcs || !plan->funcs[t->op_func].span_n)
		return 0;
	return lp_g.target_base[plan->funcs[t->op_func].target];
}

void lp_span_start(struct lp_thread *self, uint32_t point)
{
	self->span_on = 0;
	self->span_void = 0;
	self->span_hook = 0;
	uintptr_t base = op_base(self);
	if (!base)
		return;
	const struct lp_loaded_func *f = &lp_g.plan->funcs[self->op_func];
	const struct lp_span *sp = lp_g.plan->spans + f->span_first;
	if (point == LP_PT_OP_START) {
		memset(&self->span_from, 0, sizeof self->span_from);
		self->span_from.kind = LP_SPAN_ENTRY;
		self->span_on = 1;
		return;
	}
	if (!self->in_op)
		return;
	bool futex = (point == LP_PT_SYNC || point == LP_PT_BLOCK) && self->span_slot;
	if (futex && point == LP_PT_SYNC) {
		/* up to the model's block in the same call, the step runs no target code */
		self->span_hook = 1;
		self->span_call = self->futex_calls;
	}
	bool atomic = point == LP_PT_ATOMIC && lp_rt_access_regs && self->at_site >= base;
	for (uint32_t i = 0; i < f->span_n && (futex || atomic); i++)
		if ((atomic && at_place(self, &sp[i].from, self->at_site - base,
					lp_rt_access_regs[4], base)) ||
		    (futex && at_futex(self, &sp[i].from, self->at_site, base))) {
			self->span_from = sp[i].from;
			self->span_on = 1;
			return;
		}
}

void lp_span_arrive(struct lp_thread *self, uint32_t point, uintptr_t site)
{
	if (self->span_hook && point == LP_PT_BLOCK && self->span_slot &&
	    self->span_call == self->futex_calls)
		self->fp.flags &= ~(uint32_t)LP_FP_TARGET;
	self->span_hook = 0;
	if (!self->span_on)
		return;
	self->span_on = 0;
	uintptr_t base = op_base(self);
	if (!base || self->span_void)
		return;
	const struct lp_loaded_func *f = &lp_g.plan->funcs[self->op_func];
	const struct lp_span *sp = lp_g.plan->spans + f->span_first;
	bool end = point == LP_PT_OP_END;
	bool atomic = point == LP_PT_ATOMIC && lp_rt_access_regs && self->in_op && site >= base;
	/* a futex call's point: the step's target code ended at the call */
	bool futex = point == LP_PT_SYNC && self->in_op && self->span_slot;
	for (uint32_t i = 0; i < f->span_n; i++) {
		if (memcmp(&sp[i].from, &self->span_from, sizeof self->span_from) != 0)
			continue;
		if ((end && sp[i].to.kind == LP_SPAN_END) ||
		    (atomic &&
		     at_place(self, &sp[i].to, site - base, lp_rt_access_regs[4], base)) ||
		    (futex && at_futex(self, &sp[i].to, site, base))) {
			/* A step that starts at an atomic wrote its line, which other threads'
			 * untracked code may read plainly (a lock-free queue's tail): it stays
			 * dependent on their target code (LP_FP_MEMORY), only not as code. */
			self->fp.flags &= ~(uint32_t)LP_FP_TARGET;
			if (self->span_from.kind == LP_SPAN_SITE)
				self->fp.flags |= LP_FP_MEMORY;
			return;
		}
	}
}
