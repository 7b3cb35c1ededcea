/* cli/analyze/pure-spans.c — spans of an operation: steps that run through the functions it
 * calls directly inside its object, from one place to another, touching only this thread's
 * stack (see pure-regions.h, "Spans", for what qualifies and why it is sound). */
#include "pure-spans.h"

#include <stdlib.h>
#include <string.h>

#include "atomics-scan.h"
#include "lineup/die.h"

#define MAX_STATES 8192 /* a longer exploration gives up on its place */
#define MAX_PLACES 64	/* start places explored per function */
#define MAX_REACH 1024

struct frame {
	uint64_t ret;
	int32_t slot, rbp_depth;
	uint8_t rbp_stack, pad[7];
};

/* One path's position. Compared with memcmp: always zeroed before it is filled. */
struct state {
	uint64_t addr;
	int32_t depth;	   /* %rsp: bytes below the operation's return slot */
	int32_t rbp_depth; /* %rbp's, when rbp_stack */
	uint8_t rbp_stack; /* %rbp points into this thread's stack (a `mov %rsp,%rbp`) */
	uint8_t tainted;   /* the path ran something not local */
	uint8_t n_frames;
	uint8_t floor; /* the fewest frames the path has had: calls from there on are its own */
	uint8_t pad[4];
	struct frame fr[LP_SPAN_FRAMES];
};

struct reach {
	struct lp_span_place at;
	bool tainted;
};

struct walk {
	struct elf_view *v;
	const struct lp_span_site *sites;
	size_t n_sites;
	struct state *work, *seen;
	size_t n_work, n_seen;
	uint32_t *used; /* the slots of seen in use, cleared after each walk */
	struct reach *reach;
	size_t n_reach;
	struct frame *poison; /* calls taken as not followed after all: places inside lost */
	uint8_t *poison_at;   /* their frame index */
	size_t n_poison;
	bool failed;
};

static const struct lp_span_site *site_at(const struct walk *w, uint64_t addr)
{
	size_t lo = 0, hi = w->n_sites;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (w->sites[mid].offset < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < w->n_sites && w->sites[lo].offset == addr ? &w->sites[lo] : NULL;
}

static bool writes_any(const cs_insn *in, x86_reg a, x86_reg b, x86_reg c, x86_reg d)
{
	return lp_pv_writes_reg(in, a) || lp_pv_writes_reg(in, b) || lp_pv_writes_reg(in, c) ||
	       lp_pv_writes_reg(in, d);
}

static bool is_reg(const cs_x86_op *op, x86_reg r)
{
	return op->type == X86_OP_REG && op->reg == r;
}

/* What the instruction does to %rsp and %rbp (calls, returns and jumps aside); false when
 * %rsp is no longer known. */
static bool stack_effect(const cs_insn *in, struct state *s)
{
	const cs_x86 *x = &in->detail->x86;
	bool w_rsp = writes_any(in, X86_REG_RSP, X86_REG_ESP, X86_REG_SP, X86_REG_SPL);
	bool w_rbp = writes_any(in, X86_REG_RBP, X86_REG_EBP, X86_REG_BP, X86_REG_BPL);
	const cs_x86_op *o0 = x->op_count > 0 ? &x->operands[0] : NULL;
	const cs_x86_op *o1 = x->op_count > 1 ? &x->operands[1] : NULL;
	if (in->id == X86_INS_PUSH && o0 && o0->size == 8) {
		s->depth += 8;
	} else if (in->id == X86_INS_POP && o0 && o0->size == 8 && !is_reg(o0, X86_REG_RSP)) {
		s->depth -= 8;
	} else if (in->id == X86_INS_LEAVE) {
		if (!s->rbp_stack)
			return false;
		s->depth = s->rbp_depth - 8;
	} else if ((in->id == X86_INS_SUB || in->id == X86_INS_ADD) && o0 && o1 &&
		   is_reg(o0, X86_REG_RSP) && o1->type == X86_OP_IMM) {
		s->depth += (int32_t)(in->id == X86_INS_SUB ? o1->imm : -o1->imm);
	} else if (in->id == X86_INS_LEA && o0 && o1 && o0->type == X86_OP_REG &&
		   (o0->reg == X86_REG_RSP || o0->reg == X86_REG_RBP) &&
		   o1->mem.base == X86_REG_RSP && o1->mem.index == X86_REG_INVALID &&
		   o1->mem.segment == X86_REG_INVALID) {
		if (o0->reg == X86_REG_RSP) {
			s->depth -= (int32_t)o1->mem.disp;
		} else {
			s->rbp_stack = 1;
			s->rbp_depth = s->depth - (int32_t)o1->mem.disp;
			return true;
		}
	} else if (in->id == X86_INS_MOV && o0 && o1 && is_reg(o0, X86_REG_RBP) &&
		   is_reg(o1, X86_REG_RSP)) {
		s->rbp_stack = 1;
		s->rbp_depth = s->depth;
		return true;
	} else if (in->id == X86_INS_MOV && o0 && o1 && is_reg(o0, X86_REG_RSP) &&
		   is_reg(o1, X86_REG_RBP)) {
		if (!s->rbp_stack)
			return false;
		s->depth = s->rbp_depth;
	} else if (w_rsp) {
		return false; /* and $-16,%rsp, enter, pushf...: not followed */
	}
	if (w_rbp || in->id == X86_INS_LEAVE)
		s->rbp_stack = 0, s->rbp_depth = 0;
	return s->depth >= 0 && s->depth < (1 << 20);
}

static void push(struct walk *w, const struct state *s)
{
	if (w->n_work == MAX_STATES) {
		w->failed = true;
		return;
	}
	w->work[w->n_work++] = *s;
}

/* A path that cannot be followed. When it is tainted and inside a call this walk made,
 * that call is taken as one not followed: what it reaches from there is unknown, so every
 * place inside it is given up (poisoned by its return address and slot) and the path
 * goes on, tainted, at its return. Otherwise the start place gets no span. */
static void path_fail(struct walk *w, const struct state *s)
{
	if (!s->tainted || s->n_frames <= s->floor || w->n_poison == MAX_REACH) {
		w->failed = true;
		return;
	}
	const struct frame *f = &s->fr[s->floor];
	w->poison_at[w->n_poison] = s->floor;
	w->poison[w->n_poison++] = *f;
	struct state r = *s;
	r.addr = f->ret;
	r.depth = f->slot - 8;
	r.rbp_stack = f->rbp_stack;
	r.rbp_depth = f->rbp_depth;
	r.n_frames = s->floor;
	memset(&r.fr[s->floor], 0, (LP_SPAN_FRAMES - s->floor) * sizeof r.fr[0]);
	push(w, &r);
}

static bool poisoned(const struct walk *w, const struct lp_span_place *at)
{
	for (size_t i = 0; i < w->n_poison; i++) {
		unsigned k = w->poison_at[i];
		if (at->n_frames > k && at->ret[k] == w->poison[i].ret &&
		    at->slot[k] == (uint32_t)w->poison[i].slot)
			return true;
	}
	return false;
}

static void reached(struct walk *w, const struct state *s, uint8_t kind)
{
	if (w->n_reach == MAX_REACH) {
		w->failed = true;
		return;
	}
	struct reach *r = &w->reach[w->n_reach++];
	memset(r, 0, sizeof *r);
	bool site = kind == LP_SPAN_SITE || kind == LP_SPAN_FUTEX;
	r->at.kind = kind;
	r->at.off = site ? s->addr : 0;
	r->at.depth = site ? (uint32_t)s->depth : 0;
	r->at.n_frames = site ? s->n_frames : 0;
	for (unsigned i = 0; i < r->at.n_frames; i++) {
		r->at.ret[i] = s->fr[i].ret;
		r->at.slot[i] = (uint32_t)s->fr[i].slot;
	}
	r->tainted = s->tainted;
}

/* A return from the state's innermost frame: into its caller, or the operation's end. */
static void do_ret(struct walk *w, struct state *s)
{
	if (!s->n_frames) {
		if (s->depth != 0)
			path_fail(w, s); /* not the operation's return slot */
		else
			reached(w, s, LP_SPAN_END);
		return;
	}
	struct frame *f = &s->fr[--s->n_frames];
	if (s->n_frames < s->floor)
		s->floor = s->n_frames;
	if (s->depth != f->slot) {
		path_fail(w, s);
		return;
	}
	s->addr = f->ret;
	s->depth = f->slot - 8;
	s->rbp_stack = f->rbp_stack; /* callee-saved */
	s->rbp_depth = f->rbp_depth;
	memset(f, 0, sizeof *f);
	push(w, s);
}

/* A call of syscall() (call) or a jump to it (the caller's frame returns from it): a place
 * named by the return address it will see and that address's slot; the step ends there
 * (the preload's futex model makes a point first; any other outcome voids the step). */
static void futex_call(struct walk *w, struct state *s, uint64_t next, bool call)
{
	struct state at = *s;
	if (call) {
		at.addr = next;
		at.depth = s->depth + 8;
	} else if (s->n_frames && s->fr[s->n_frames - 1].slot == s->depth) {
		at.addr = s->fr[--at.n_frames].ret;
		memset(&at.fr[at.n_frames], 0, sizeof at.fr[0]);
	} else if (!s->n_frames && s->depth == 0) {
		at.addr = 0; /* it returns to the operation's end */
	} else {
		path_fail(w, s);
		return;
	}
	reached(w, &at, LP_SPAN_FUTEX);
}

/* A direct call or jump to target from state s, whose next instruction is at next. */
static void transfer(struct walk *w, struct state *s, uint64_t target, uint64_t next, bool call)
{
	const char *name = NULL;
	int what = lp_pv_callee(w->v, target, &name);
	if (what == 0 && name && strcmp(name, "syscall") == 0) {
		futex_call(w, s, next, call); /* a point, or the step's spans are void */
		return;
	}
	if (what == 1 || what == 2)
		return; /* a scheduling point (or the process's end): the step ends there */
	const struct code *c = lp_pv_code_at(w->v, target);
	if (what == 0 || (c && c->plt && call) ||
	    (call && s->n_frames == LP_SPAN_FRAMES && c && !c->plt)) {
		/* code not followed: it runs below this frame and comes back (or not) */
		s->tainted = 1;
		if (call) {
			s->addr = next;
			push(w, s);
		} else {
			do_ret(w, s);
		}
		return;
	}
	if (!c || c->plt) {
		path_fail(w, s); /* a jump through our own PLT: it may enter anything */
		return;
	}
	if (call) {
		struct frame *f = &s->fr[s->n_frames++];
		f->ret = next;
		f->slot = s->depth + 8;
		f->rbp_stack = s->rbp_stack;
		f->rbp_depth = s->rbp_depth;
		s->depth += 8;
	}
	s->addr = target;
	push(w, s);
}

/* One instruction of a path. */
static void step(struct walk *w, struct state s)
{
	const struct lp_span_site *site = site_at(w, s.addr);
	if (site) { /* a scheduling point: the step ends before the instruction */
		if (site->place)
			reached(w, &s, LP_SPAN_SITE);
		return;
	}
	if (!lp_pv_decode(w->v, s.addr)) {
		path_fail(w, &s);
		return;
	}
	const cs_insn *in = w->v->insn;
	uint64_t next = in->address + in->size;
	const cs_x86_op *t = lp_pv_only_imm(in);
	if (in->id == X86_INS_RET) {
		if (in->detail->x86.op_count)
			path_fail(w, &s);
		else
			do_ret(w, &s);
		return;
	}
	if (lp_pv_has_group(in, X86_GRP_CALL)) {
		if (!t) { /* indirect: its memory operand read, the callee not followed */
			s.tainted = 1;
			s.addr = next;
			push(w, &s);
			return;
		}
		transfer(w, &s, (uint64_t)t->imm, next, true);
		return;
	}
	if (lp_pv_has_group(in, X86_GRP_JUMP)) {
		if (!t) {
			path_fail(w, &s); /* a jump table or a pointer: anywhere */
			return;
		}
		if (in->id != X86_INS_JMP) {
			const struct code *c = lp_pv_code_at(w->v, (uint64_t)t->imm);
			if (!c || c->plt) {
				path_fail(w, &s);
				return;
			}
			struct state taken = s;
			taken.addr = (uint64_t)t->imm;
			push(w, &taken);
			s.addr = next;
			push(w, &s);
			return;
		}
		transfer(w, &s, (uint64_t)t->imm, next, false);
		return;
	}
	if (lp_pv_shared_access(w->v, in, s.rbp_stack))
		s.tainted = 1;
	if (!stack_effect(in, &s)) {
		path_fail(w, &s);
		return;
	}
	s.addr = next;
	push(w, &s);
}

/* Whether s is new to this walk (then remembered: an open-addressing set twice the
 * budget; past the budget the walk fails). */
static bool first_visit(struct walk *w, const struct state *s)
{
	uint64_t h = 1469598103934665603u;
	const unsigned char *b = (const unsigned char *)s;
	for (size_t i = 0; i < sizeof *s; i++)
		h = (h ^ b[i]) * 1099511628211u;
	size_t cap = 2 * MAX_STATES, i = (size_t)(h % cap);
	for (; w->seen[i].addr; i = (i + 1) % cap)
		if (memcmp(&w->seen[i], s, sizeof *s) == 0)
			return false;
	if (w->n_seen == MAX_STATES) {
		w->failed = true;
		return true;
	}
	w->used[w->n_seen++] = (uint32_t)i;
	w->seen[i] = *s;
	return true;
}

/* Every path from place `from` of the function at entry; false when one cannot be
 * followed. */
static bool walk_from(struct walk *w, const struct lp_span_place *from, uint64_t entry)
{
	struct state s;
	memset(&s, 0, sizeof s);
	if (from->kind == LP_SPAN_ENTRY) {
		s.addr = entry;
	} else if (from->kind == LP_SPAN_FUTEX) {
		s.addr = from->off; /* the return from syscall() */
		s.depth = (int32_t)from->depth - 8;
		s.n_frames = from->n_frames;
		for (unsigned i = 0; i < from->n_frames; i++) {
			s.fr[i].ret = from->ret[i];
			s.fr[i].slot = (int32_t)from->slot[i];
		}
	} else {
		if (!lp_pv_decode(w->v, from->off))
			return false;
		s.addr = from->off + w->v->insn->size; /* the trapped instruction runs first */
		s.depth = (int32_t)from->depth;
		s.n_frames = from->n_frames;
		for (unsigned i = 0; i < from->n_frames; i++) {
			s.fr[i].ret = from->ret[i];
			s.fr[i].slot = (int32_t)from->slot[i];
		}
	}
	s.floor = s.n_frames;
	for (size_t i = 0; i < w->n_seen; i++) /* the last walk's */
		memset(&w->seen[w->used[i]], 0, sizeof *w->seen);
	w->n_work = w->n_seen = w->n_reach = w->n_poison = 0;
	w->failed = false;
	if (from->kind == LP_SPAN_FUTEX && !from->off) { /* straight to the operation's end */
		reached(w, &s, LP_SPAN_END);
		return true;
	}
	push(w, &s);
	/* a path that cannot be followed fails the place's spans, but the others go on: the
	 * places they reach are starts to explore (whatever the path to them) */
	while (w->n_work) {
		struct state cur = w->work[--w->n_work];
		if (!first_visit(w, &cur))
			continue;
		if (w->failed && w->n_seen == MAX_STATES)
			break;
		step(w, cur);
	}
	return !w->failed;
}

static bool same_place(const struct lp_span_place *a, const struct lp_span_place *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

size_t lp_pure_spans(struct elf_view *v, uint64_t entry, const struct lp_span_site *sites,
		     size_t n_sites, struct lp_span **out)
{
	struct walk w = {.v = v, .sites = sites, .n_sites = n_sites};
	w.work = lp_xcalloc(MAX_STATES, sizeof *w.work);
	w.seen = lp_xcalloc(2 * MAX_STATES, sizeof *w.seen);
	w.used = lp_xcalloc(MAX_STATES, sizeof *w.used);
	w.poison = lp_xcalloc(MAX_REACH, sizeof *w.poison);
	w.poison_at = lp_xcalloc(MAX_REACH, sizeof *w.poison_at);
	w.reach = lp_xcalloc(MAX_REACH, sizeof *w.reach);
	struct lp_span_place *places = lp_xcalloc(MAX_PLACES, sizeof *places);
	size_t n_places = 1, n_spans = 0;
	places[0].kind = LP_SPAN_ENTRY;
	*out = NULL;
	for (size_t p = 0; p < n_places; p++) {
		bool ok = walk_from(&w, &places[p], entry);
		for (size_t i = 0; i < w.n_reach; i++) {
			const struct lp_span_place *at = &w.reach[i].at;
			bool pure = true, first = true, known = false;
			for (size_t j = 0; j < w.n_reach; j++)
				if (same_place(at, &w.reach[j].at)) {
					pure = pure && !w.reach[j].tainted;
					first = first && j >= i;
				}
			for (size_t k = 0; k < n_places && !known; k++)
				known = same_place(at, &places[k]);
			if (at->kind != LP_SPAN_END && !known && n_places < MAX_PLACES)
				places[n_places++] =
				    *at; /* the step from there, explored in turn */
			if (!ok || !pure || !first || poisoned(&w, at))
				continue;
			*out = lp_xrealloc(*out, (n_spans + 1) * sizeof **out);
			memset(&(*out)[n_spans], 0, sizeof **out);
			(*out)[n_spans].from = places[p];
			(*out)[n_spans++].to = *at;
		}
	}
	free(places);
	free(w.work);
	free(w.seen);
	free(w.used);
	free(w.poison);
	free(w.poison_at);
	free(w.reach);
	return n_spans;
}
