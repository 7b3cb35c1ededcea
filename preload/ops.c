/* preload/ops.c — recording operations: lp_op_enter runs when a trampoline is called,
 * lp_op_exit when the target function returns to the return trampoline. Hook path.
 * Only a thread's outermost call is an operation; calls made while one is pending (the
 * target calling back into the client, which calls the target) pass straight through. */
#include <errno.h>
#include <string.h>

#include "preload.h"
#include "lineup/stringify.h"
#include "text.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

struct lp_op_regs {
	uint64_t gp[6]; /* rdi rsi rdx rcx r8 r9 */
	uint64_t rax;
	uint64_t xmm[8][2];
};

struct lp_ret_regs {
	uint64_t rax, rdx;
	uint64_t xmm0[2], xmm1[2];
};

extern void lp_ret_tramp(void) LP_HIDDEN;
void lp_op_unhook(struct lp_thread *t)
{
	if (!t || !t->in_op || !t->op_retslot)
		return;
	uintptr_t *slot = (uintptr_t *)t->op_retslot;
	if (*slot == (uintptr_t)lp_ret_tramp)
		*slot = t->op_ret;
	lp_op_left(t);
	t->in_op = 0; /* also when inert (lp_op_left records nothing then) */
}

uintptr_t lp_op_enter(uint32_t idx, struct lp_op_regs *r, uintptr_t *retslot) LP_HIDDEN;
uintptr_t lp_op_exit(struct lp_ret_regs *r) LP_HIDDEN;

static int is_float(uint8_t k) { return k == LP_K_F4 || k == LP_K_F8; }

/* Appends a string payload at p; returns the bytes used. */
static size_t put_string(char *p, const char *s)
{
	struct lp_str *h = (struct lp_str *)p;
	if (!s) {
		h->len = LP_STR_NULL;
		h->truncated = 0;
		return sizeof *h;
	}
	size_t n = strnlen(s, LP_MAX_STRING + 1);
	h->truncated = n > LP_MAX_STRING;
	if (h->truncated)
		n = LP_MAX_STRING;
	h->len = (uint32_t)n;
	memcpy(h + 1, s, n);
	return LP_REC_ALIGN(sizeof *h + n);
}

static size_t string_size(const char *s)
{
	if (!s)
		return sizeof(struct lp_str);
	size_t n = strnlen(s, LP_MAX_STRING + 1);
	return LP_REC_ALIGN(sizeof(struct lp_str) + (n > LP_MAX_STRING ? LP_MAX_STRING : n));
}

/* The out-parameters' pointees after the call (protocol.h, LP_REC_RET). */
static size_t outs_size(const struct lp_loaded_func *f, const struct lp_thread *self)
{
	size_t n = 0;
	for (unsigned i = 0; i < f->nargs; i++)
		if (f->out_len[i])
			n += LP_REC_ALIGN(sizeof(struct lp_str) +
					  (self->op_out[i] ? f->out_len[i] : 0));
	return n;
}

static void put_outs(char *p, const struct lp_loaded_func *f, const struct lp_thread *self)
{
	for (unsigned i = 0; i < f->nargs; i++) {
		if (!f->out_len[i])
			continue;
		struct lp_str *h = (struct lp_str *)p;
		const void *src = (const void *)(uintptr_t)self->op_out[i];
		h->truncated = 0;
		h->len = src ? f->out_len[i] : LP_STR_NULL;
		if (src)
			memcpy(h + 1, src, f->out_len[i]);
		p += LP_REC_ALIGN(sizeof *h + (src ? f->out_len[i] : 0));
	}
}

static __attribute__((noreturn)) void untyped(const struct lp_loaded_func *f, uintptr_t site)
{
	struct lp_text t;
	char buf[400];
	const char *name = lp_plan_name(lp_g.plan, f->name);
	lp_text_init(&t, buf, sizeof buf);
	lp_text_str(&t, "function '");
	lp_text_str(&t, name);
	if (f->nargs == LP_MAX_ARGS && f->untyped)
		lp_text_str(&t, "' was called but has more than " LP_STR(
				    LP_MAX_ARGS) " arguments or an unknown type: ");
	else
		lp_text_str(&t, "' was called but its types are unknown: ");
	lp_text_str(&t, "give them with --signature '");
	lp_text_str(&t, name);
	lp_text_str(&t, "(...)->...'");
	lp_fatal(LP_OUT_FATAL, site, buf);
}

/* Where a struct argument's bytes are (System V, as lineup/layout.h classifies): its
 * eightbytes' registers in the trampoline's frame, or its stack slots. Advances the
 * register and stack counters as the call did. */
static void struct_source(const struct lp_loaded_func *f, unsigned i, const struct lp_op_regs *r,
			  const uintptr_t *retslot, unsigned *gp, unsigned *fp, unsigned *st,
			  const void *src[2])
{
	unsigned len = f->struct_len[i], cls = f->struct_cls[i], n8 = (len + 7) / 8;
	unsigned ni = 0, ns = 0;
	for (unsigned e = 0; !(cls & LP_SCLS_MEMORY) && e < n8; e++)
		(cls >> e & 1) ? ns++ : ni++;
	if (!(cls & LP_SCLS_MEMORY) && *gp + ni <= 6 && *fp + ns <= 8) {
		for (unsigned e = 0; e < n8; e++)
			src[e] = (cls >> e & 1) ? (const void *)r->xmm[(*fp)++]
						: (const void *)&r->gp[(*gp)++];
		return;
	}
	src[0] = &retslot[1 + *st];
	src[1] = NULL;
	*st += n8;
}

/* A struct argument's payload: its bytes, from one stack copy or from two eightbytes. */
static size_t put_struct(char *p, unsigned len, const void *const src[2])
{
	struct lp_str *h = (struct lp_str *)p;
	h->len = len;
	h->truncated = 0;
	if (!src[1] || len <= 8) {
		memcpy(h + 1, src[0], len);
	} else {
		memcpy(h + 1, src[0], 8);
		memcpy((char *)(h + 1) + 8, src[1], len - 8);
	}
	return LP_REC_ALIGN(sizeof *h + len);
}

static void record_call(struct lp_thread *self, uint32_t idx, const struct lp_loaded_func *f,
			const struct lp_op_regs *r, const uintptr_t *retslot)
{
	uint64_t args[LP_MAX_ARGS];
	const void *src[LP_MAX_ARGS][2];
	unsigned gp = 0, fp = 0, st = 0;
	size_t strings = 0;
	for (unsigned i = 0; i < f->nargs; i++) {
		if (f->struct_len[i]) {
			struct_source(f, i, r, retslot, &gp, &fp, &st, src[i]);
			args[i] = 0;
			strings += LP_REC_ALIGN(sizeof(struct lp_str) + f->struct_len[i]);
			continue;
		}
		if (is_float(f->args[i]))
			args[i] = fp < 8 ? r->xmm[fp++][0] : retslot[1 + st++];
		else
			args[i] = gp < 6 ? r->gp[gp++] : retslot[1 + st++];
		if (f->args[i] == LP_K_STR)
			strings += string_size((const char *)args[i]);
	}
	struct lp_rec_call *c = lp_log_append(LP_REC_CALL, sizeof *c + 8 * f->nargs + strings);
	c->tid = self->tid;
	c->func = idx;
	c->nargs = f->nargs;
	c->site = *retslot;
	memcpy(c + 1, args, 8 * f->nargs);
	for (unsigned i = 0; i < f->nargs; i++)
		self->op_out[i] = f->out_len[i] ? args[i] : 0;
	char *p = (char *)(c + 1) + 8 * f->nargs;
	for (unsigned i = 0; i < f->nargs; i++)
		if (f->args[i] == LP_K_STR)
			p += put_string(p, (const char *)args[i]);
	for (unsigned i = 0; i < f->nargs; i++)
		if (f->struct_len[i])
			p += put_struct(p, f->struct_len[i], src[i]);
}

void lp_op_left(struct lp_thread *t)
{
	if (!t->in_op || !lp_g.active)
		return;
	struct lp_rec_ret *rec = lp_log_append(LP_REC_RET, sizeof *rec);
	rec->tid = t->tid;
	rec->func = t->op_func;
	rec->pad = LP_RET_UNWOUND;
	rec->value = 0;
	t->in_op = 0;
}

/* While the operation runs, its return slot holds the trampoline: the slot is in the
 * caller's live frame. Once the frame is left by longjmp the next call overwrites it.
 * While an exception unwinds, the slot holds the real address on purpose (hooks-unwind.c
 * decides at the catch). */
void lp_op_check_left(struct lp_thread *t)
{
	if (t->in_op && t->op_retslot && !t->op_unwinding &&
	    *(volatile uintptr_t *)t->op_retslot != (uintptr_t)lp_ret_tramp)
		lp_op_left(t);
}

uintptr_t lp_op_enter(uint32_t idx, struct lp_op_regs *r, uintptr_t *retslot)
{
	int saved = errno;
	struct lp_thread *self = lp_self;
	uintptr_t real = lp_g.entry[idx];
	const struct lp_loaded_func *f = &lp_g.plan->funcs[idx];

	if (self && self->in_op && lp_g.active && lp_g.shm->outcome == LP_OUT_RUNNING)
		lp_op_check_left(self);
	if (self && self->in_op) /* an operation entered again: no span's path (runtime-span.c) */
		self->span_void = 1;

	/* A thread the library created (a pool's worker, a call_rcu thread) runs the library's
	 * own work: its calls into a target are not operations of the test, so no history
	 * depends on which operation happened to create it. */
	if (!self || self->in_op || self->library || !lp_g.active || self->state == LP_T_FINISHED ||
	    lp_g.shm->outcome != LP_OUT_RUNNING)
		goto out;
	if (f->untyped)
		untyped(f, *retslot);
	if (lp_rt.on) {
		self->op_func = idx; /* the step from the point runs its entry (pure regions) */
		self->at_op_start = 1;
		lp_rt_point(LP_PT_OP_START, *retslot);
		self->at_op_start = 0;
	} else {
		lp_rt.ops_before_start++; /* no choice: a directed order skips it */
	}
	record_call(self, idx, f, r, retslot);
	self->in_op = 1;
	self->op_steps = 0;
	self->spurious_used = 0;
	self->op_unwinding = 0;
	self->op_func = idx;
	self->op_ret = *retslot;
	self->op_retslot = (uintptr_t)retslot;
	*retslot = (uintptr_t)lp_ret_tramp;
out:
	errno = saved;
	return real;
}

uintptr_t lp_op_exit(struct lp_ret_regs *r)
{
	int saved = errno;
	struct lp_thread *self = lp_self;
	uintptr_t ret = self->op_ret;
	if (!lp_g.active) { /* a child forked inside the operation: not this run's history */
		self->in_op = 0;
		errno = saved;
		return ret;
	}
	const struct lp_loaded_func *f = &lp_g.plan->funcs[self->op_func];
	uint64_t value = is_float(f->ret) ? r->xmm0[0] : r->rax;
	size_t extra = f->ret == LP_K_STR ? string_size((const char *)value) : 0;
	size_t outs = outs_size(f, self);
	struct lp_rec_ret *rec = lp_log_append(LP_REC_RET, sizeof *rec + extra + outs);
	lp_rt_touch_flags(LP_FP_RET);
	rec->tid = self->tid;
	rec->func = self->op_func;
	rec->pad = 0;
	rec->value = value;
	if (extra)
		put_string((char *)(rec + 1), (const char *)value);
	if (outs)
		put_outs((char *)(rec + 1) + extra, f, self);
	self->in_op = 0;
	if (lp_rt.on)
		lp_rt_point(LP_PT_OP_END, ret);
	errno = saved;
	return ret;
}
