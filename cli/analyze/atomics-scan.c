/* cli/analyze/atomics-scan.c — disassembles a target's functions (capstone; the sections and
 * symbols from atomics-elf.c) and lists the atomic (and optionally plain memory)
 * instructions the preload will trap. */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <capstone/capstone.h>

#include "atomics-elf.h"
#include "atomics-scan.h"
#include "lineup/die.h"
#include "stub-pads.h"

/* Growable arrays of the scan, kept together so helpers take one pointer. */
struct ctx {
	csh cs;
	cs_insn *insn;
	bool memory;
	bool targets_only; /* code outside the filter: only its branch targets matter */
	bool suspect;	   /* undecodable bytes seen since the last known boundary */
	struct lp_scan *out;
	size_t cap_sites, cap_skipped, cap_bad, cap_targets;
	uint64_t *targets; /* direct branch and call targets */
	size_t n_targets;
	uint64_t *fde_starts; /* sorted */
	size_t n_fde_starts;
	const struct scan_ro *ro; /* read-only at run time (atomics-elf.h) */
	size_t n_ro;
	uint64_t *stop_ends; /* where an unconditional control transfer ends */
	size_t n_stop_ends, cap_stop_ends;
	struct lp_pad_run *nops; /* runs of nop and int3, in decoding order */
	size_t n_nops, cap_nops;
};

#define GROW(arr, n, cap)                                                                          \
	do {                                                                                       \
		if ((n) == (cap)) {                                                                \
			(cap) = (cap) ? 2 * (cap) : 64;                                            \
			(arr) = lp_xrealloc((arr), (cap) * sizeof(*(arr)));                        \
		}                                                                                  \
	} while (0)

static const char *const kind_names[] = LP_SITE_TOKENS;

const char *lp_site_kind_name(enum lp_site_kind kind)
{
	return (unsigned)kind < sizeof(kind_names) / sizeof(kind_names[0]) ? kind_names[kind] : "?";
}

const char *lp_skip_reason_text(enum lp_skip_reason why)
{
	switch (why) {
	case LP_SKIP_BRANCH_INTO:
		return "branch target inside the instruction";
	case LP_SKIP_RIP_UNVERIFIED:
		return "RIP-relative displacement not found in the instruction bytes";
	case LP_SKIP_CONTROL:
		return "indirect call or jump through memory cannot run out of line";
	case LP_SKIP_LOCK_NO_MEM:
		return "lock prefix without a memory operand";
	case LP_SKIP_OVERLAP:
		return "overlaps another site: overlapping symbols decode the bytes differently";
	case LP_SKIP_AFTER_BAD:
		return "follows undecodable bytes: the instruction boundary is uncertain";
	case LP_SKIP_COUNT:
		break;
	}
	return "?";
}

int lp_site_format(const struct lp_site *site, int target, char *buf, size_t bufsize)
{
	char hex[2 * LP_SITE_MAX_LEN + 1];
	unsigned len = site->len <= LP_SITE_MAX_LEN ? site->len : LP_SITE_MAX_LEN;

	for (unsigned i = 0; i < len; i++)
		snprintf(hex + 2 * i, 3, "%02x", site->bytes[i]);
	hex[2 * len] = 0;
	char pad[24] = "";
	if (site->pad)
		snprintf(pad, sizeof pad, " %" PRIx64, site->pad);
	return snprintf(buf, bufsize, "site %d %" PRIx64 " %u %s %d %s%s", target, site->offset,
			len, lp_site_kind_name(site->kind), site->disp_off, hex, pad);
}

int lp_atomics_disp_off(const uint8_t *bytes, unsigned len, unsigned cs_disp_off,
			unsigned cs_modrm_off, int64_t disp)
{
	/* In 64-bit mode a RIP-relative displacement is always 4 bytes, whatever capstone
	 * says its size is (4.0.2 says 2 under a 66 prefix). */
	if (disp < INT32_MIN || disp > INT32_MAX)
		return -1;
	if (cs_disp_off > 0 && cs_disp_off + 4 <= len && lp_le32(bytes + cs_disp_off) == disp)
		return (int)cs_disp_off;
	if (cs_modrm_off > 0 && cs_modrm_off + 5 <= len && (bytes[cs_modrm_off] & 0xc7) == 0x05 &&
	    lp_le32(bytes + cs_modrm_off + 1) == disp)
		return (int)cs_modrm_off + 1;
	return -1;
}

static void add_bad(struct ctx *c, uint64_t addr, const char *func)
{
	struct lp_scan *o = c->out;
	o->bad_bytes++;
	if (o->n_bad > 0) {
		struct lp_undecodable *last = &o->bad[o->n_bad - 1];
		if (last->offset + last->len == addr && last->func == func) {
			last->len++;
			return;
		}
	}
	GROW(o->bad, o->n_bad, c->cap_bad);
	o->bad[o->n_bad++] = (struct lp_undecodable){.offset = addr, .len = 1, .func = func};
}

/* capstone 4.0.2 keeps one of lock/rep/repne in prefix[0] and loses the lock of
 * `f0 f2 ...` (lock xacquire): read the legacy prefixes from the bytes. */
bool lp_insn_has_lock(const uint8_t *b, unsigned len)
{
	for (unsigned i = 0; i < len; i++) {
		switch (b[i]) {
		case 0xf0:
			return true;
		case 0xf2:
		case 0xf3:
		case 0x2e:
		case 0x36:
		case 0x3e:
		case 0x26:
		case 0x64:
		case 0x65:
		case 0x66:
		case 0x67:
			continue;
		default:
			return false;
		}
	}
	return false;
}

static bool is_reg(const cs_x86_op *op, x86_reg r)
{
	return op->type == X86_OP_REG && op->reg == r;
}

static bool has_group(const cs_insn *in, uint8_t grp)
{
	for (unsigned i = 0; i < in->detail->groups_count; i++)
		if (in->detail->groups[i] == grp)
			return true;
	return false;
}

bool lp_insn_no_data_access(unsigned id)
{
	switch (id) {
	case X86_INS_LEA:
	case X86_INS_NOP:
	case X86_INS_PREFETCH:
	case X86_INS_PREFETCHNTA:
	case X86_INS_PREFETCHT0:
	case X86_INS_PREFETCHT1:
	case X86_INS_PREFETCHT2:
	case X86_INS_PREFETCHW:
		return true;
	default:
		return false;
	}
}

/* Records the current instruction as a site or a skipped site. */
static void emit(struct ctx *c, enum lp_site_kind kind, const cs_x86_op *rip_op, bool skip,
		 enum lp_skip_reason why, const char *func)
{
	const cs_insn *in = c->insn;
	const cs_x86 *x = &in->detail->x86;
	struct lp_site s = {.offset = in->address, .kind = kind, .func = func, .disp_off = -1};

	BUG_ON(in->size == 0 || in->size > LP_SITE_MAX_LEN);
	s.len = (uint8_t)in->size;
	memcpy(s.bytes, in->bytes, in->size);
	if (!skip && rip_op) {
		int d = lp_atomics_disp_off(s.bytes, s.len, x->encoding.disp_offset,
					    x->encoding.modrm_offset, rip_op->mem.disp);
		if (d < 0) {
			skip = true;
			why = LP_SKIP_RIP_UNVERIFIED;
		} else {
			s.disp_off = (int8_t)d;
		}
	}
	if (!skip && c->suspect) {
		skip = true;
		why = LP_SKIP_AFTER_BAD;
	}
	struct lp_scan *o = c->out;
	if (skip) {
		GROW(o->skipped, o->n_skipped, c->cap_skipped);
		o->skipped[o->n_skipped++] = (struct lp_skipped){.site = s, .why = why};
	} else {
		GROW(o->sites, o->n, c->cap_sites);
		o->sites[o->n++] = s;
	}
}

/* Classifies one decoded instruction. *fp: %rbp is the frame pointer here. */
static void classify(struct ctx *c, const char *func, bool *fp)
{
	const cs_insn *in = c->insn;
	const cs_x86 *x = &in->detail->x86;
	const cs_x86_op *rip = NULL;
	bool has_mem = false, shared = false, rsp_based = false, write = false;

	if (has_group(in, X86_GRP_JUMP) || has_group(in, X86_GRP_CALL) ||
	    has_group(in, X86_GRP_BRANCH_RELATIVE)) {
		if (x->op_count == 1 && x->operands[0].type == X86_OP_IMM) {
			GROW(c->targets, c->n_targets, c->cap_targets);
			c->targets[c->n_targets++] = (uint64_t)x->operands[0].imm;
		}
	}
	if (c->targets_only)
		return;
	if (in->id == X86_INS_RET)
		*fp = false; /* layout order: code after a ret may belong to another function */
	if (in->id == X86_INS_MOV && x->op_count == 2 && is_reg(&x->operands[0], X86_REG_RBP) &&
	    is_reg(&x->operands[1], X86_REG_RSP))
		*fp = true;

	for (unsigned i = 0; i < x->op_count; i++) {
		const cs_x86_op *op = &x->operands[i];
		if (op->type != X86_OP_MEM)
			continue;
		has_mem = true;
		if (op->mem.base == X86_REG_RIP)
			rip = op;
		bool stack = op->mem.base == X86_REG_RSP || (*fp && op->mem.base == X86_REG_RBP);
		if (op->mem.base == X86_REG_RSP)
			rsp_based = true;
		/* %fs/%gs hold the thread pointer: TLS and the stack canary are thread-local. */
		bool tls = op->mem.segment == X86_REG_FS || op->mem.segment == X86_REG_GS;
		/* A GOT slot, a constant: memory no thread writes, so no race to see (a PLT
		 * entry's jump through .got.plt, a global's address loaded from .got). */
		bool constant = op->mem.base == X86_REG_RIP && op->mem.segment == X86_REG_INVALID &&
				lp_scan_elf_read_only(
				    c->ro, c->n_ro, in->address + in->size + (uint64_t)op->mem.disp,
				    op->size ? op->size : 1);
		if (!stack && !tls && !constant)
			shared = true;
		/* capstone leaves access 0 for some instructions: assume a write. */
		if ((op->access & CS_AC_WRITE) || op->access == 0)
			write = true;
	}

	if (x->prefix[0] == X86_PREFIX_LOCK || lp_insn_has_lock(in->bytes, in->size)) {
		if (!has_mem)
			emit(c, LP_SITE_RMW, NULL, true, LP_SKIP_LOCK_NO_MEM, func);
		else if (rsp_based)
			emit(c, LP_SITE_FENCE, rip, false, 0, func);
		else
			emit(c, in->id == X86_INS_XCHG ? LP_SITE_XCHG : LP_SITE_RMW, rip, false, 0,
			     func);
		return;
	}
	if (in->id == X86_INS_MFENCE) {
		emit(c, LP_SITE_FENCE, NULL, false, 0, func);
		return;
	}
	/* A spin-wait hint: the scheduler treats it as a yield so spinning threads let the
	 * thread they wait for run (f3 90 whatever the disassembler calls it). */
	if (in->id == X86_INS_PAUSE ||
	    (in->size == 2 && in->bytes[0] == 0xf3 && in->bytes[1] == 0x90)) {
		emit(c, LP_SITE_PAUSE, NULL, false, 0, func);
		return;
	}
	if (!has_mem)
		return;
	switch (in->id) {
	case X86_INS_XCHG:
		emit(c, LP_SITE_XCHG, rip, false, 0, func);
		return;
	case X86_INS_CMPXCHG:
	case X86_INS_CMPXCHG8B:
	case X86_INS_CMPXCHG16B:
	case X86_INS_XADD:
		emit(c, LP_SITE_RMW, rip, false, 0, func);
		return;
	default:
		break;
	}
	if (!c->memory || !shared || lp_insn_no_data_access(in->id))
		return;
	enum lp_site_kind kind = write ? LP_SITE_STORE : LP_SITE_LOAD;
	if (has_group(in, X86_GRP_JUMP) || has_group(in, X86_GRP_CALL))
		emit(c, kind, rip, true, LP_SKIP_CONTROL, func);
	else
		emit(c, kind, rip, false, 0, func);
}

/* Notes what padding needs: where control never falls through, and runs of nops. */
static void note_padding(struct ctx *c)
{
	const cs_insn *in = c->insn;
	switch (in->id) {
	case X86_INS_RET:
	case X86_INS_RETF:
	case X86_INS_JMP:
	case X86_INS_LJMP:
	case X86_INS_UD2:
	case X86_INS_HLT:
		GROW(c->stop_ends, c->n_stop_ends, c->cap_stop_ends);
		c->stop_ends[c->n_stop_ends++] = in->address + in->size;
		return;
	case X86_INS_NOP:
	case X86_INS_INT3:
		break;
	default:
		return;
	}
	if (c->n_nops > 0) {
		struct lp_pad_run *last = &c->nops[c->n_nops - 1];
		if (last->start + last->len == in->address) {
			last->len += in->size;
			return;
		}
	}
	GROW(c->nops, c->n_nops, c->cap_nops);
	c->nops[c->n_nops++] = (struct lp_pad_run){in->address, in->size};
}

static void scan_range(struct ctx *c, const struct scan_section *sec, uint64_t start, uint64_t size,
		       const char *func)
{
	const uint8_t *p = sec->data + (start - sec->addr);
	size_t n = size;
	uint64_t addr = start;
	bool fp = false;

	c->suspect = false;
	while (n > 0) {
		if (!cs_disasm_iter(c->cs, &p, &n, &addr, c->insn)) {
			/* Keep going one byte further: report, never stop the scan. */
			if (!c->targets_only)
				add_bad(c, addr, func);
			c->suspect = true;
			p++, n--, addr++;
			continue;
		}
		if (!c->targets_only)
			c->out->n_insns++;
		note_padding(c);
		classify(c, func, &fp);
	}
}

static int cmp_site(const void *a, const void *b)
{
	const struct lp_site *x = a, *y = b;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int cmp_skipped(const void *a, const void *b)
{
	return cmp_site(&((const struct lp_skipped *)a)->site,
			&((const struct lp_skipped *)b)->site);
}

static int cmp_bad(const void *a, const void *b)
{
	const struct lp_undecodable *x = a, *y = b;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* A direct branch into the middle of a site means the int3 at its start would not be
 * seen on that path, and the bytes after it would be executed as patched: unsafe. */
static void check_branch_targets(struct ctx *c)
{
	struct lp_scan *o = c->out;
	size_t keep = 0;

	if (c->n_targets > 0)
		qsort(c->targets, c->n_targets, sizeof(*c->targets), lp_cmp_u64);
	for (size_t i = 0; i < o->n; i++) {
		struct lp_site *s = &o->sites[i];
		size_t lo = 0, hi = c->n_targets;
		while (lo < hi) { /* first target > offset */
			size_t mid = lo + (hi - lo) / 2;
			if (c->targets[mid] <= s->offset)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < c->n_targets && c->targets[lo] < s->offset + s->len) {
			GROW(o->skipped, o->n_skipped, c->cap_skipped);
			o->skipped[o->n_skipped++] =
			    (struct lp_skipped){.site = *s, .why = LP_SKIP_BRANCH_INTO};
		} else {
			o->sites[keep++] = *s;
		}
	}
	o->n = keep;
}

static void sort_results(struct ctx *c)
{
	struct lp_scan *o = c->out;
	size_t keep = 0;

	/* Overlapping function symbols can yield the same instruction twice. */
	if (o->n > 0)
		qsort(o->sites, o->n, sizeof(*o->sites), cmp_site);
	for (size_t i = 0; i < o->n; i++)
		if (keep == 0 || o->sites[keep - 1].offset != o->sites[i].offset)
			o->sites[keep++] = o->sites[i];
	o->n = keep;
	/* Overlapping symbols decoded at different alignments: one decoding is wrong and
	 * nothing says which, so neither site is kept. */
	keep = 0;
	uint64_t reach = 0; /* end of the furthest site so far */
	for (size_t i = 0; i < o->n; i++) {
		const struct lp_site *s = &o->sites[i];
		bool overlaps = i > 0 && reach > s->offset;
		bool overlapped = i + 1 < o->n && s->offset + s->len > s[1].offset;
		if (s->offset + s->len > reach)
			reach = s->offset + s->len;
		if (overlaps || overlapped) {
			GROW(o->skipped, o->n_skipped, c->cap_skipped);
			o->skipped[o->n_skipped++] =
			    (struct lp_skipped){.site = *s, .why = LP_SKIP_OVERLAP};
			continue;
		}
		o->sites[keep++] = *s;
	}
	o->n = keep;
	if (o->n_skipped > 0)
		qsort(o->skipped, o->n_skipped, sizeof(*o->skipped), cmp_skipped);
	keep = 0;
	for (size_t i = 0; i < o->n_skipped; i++)
		if (keep == 0 || o->skipped[keep - 1].site.offset != o->skipped[i].site.offset)
			o->skipped[keep++] = o->skipped[i];
	o->n_skipped = keep;
	if (o->n_bad > 0)
		qsort(o->bad, o->n_bad, sizeof(*o->bad), cmp_bad);
}

static int cmp_run(const void *a, const void *b)
{
	const struct lp_pad_run *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

static bool is_stop_end(const struct ctx *c, uint64_t a)
{
	return bsearch(&a, c->stop_ends, c->n_stop_ends, sizeof *c->stop_ends, lp_cmp_u64) != NULL;
}

/* Dead padding (stub-pads.h) for the sites a jump does not fit. Runs decoded twice (a gap
 * swept from two starts, overlapping symbols) or overlapping each other are dropped. */
static void pad_sites(struct ctx *c)
{
	struct lp_scan *o = c->out;
	if (c->n_stop_ends)
		qsort(c->stop_ends, c->n_stop_ends, sizeof *c->stop_ends, lp_cmp_u64);
	if (c->n_nops)
		qsort(c->nops, c->n_nops, sizeof *c->nops, cmp_run);
	size_t keep = 0, uniq = 0;
	uint64_t reach = 0;
	for (size_t i = 0; i < c->n_nops; i++) /* one run decoded twice is one run */
		if (uniq == 0 || c->nops[uniq - 1].start != c->nops[i].start ||
		    c->nops[uniq - 1].len != c->nops[i].len)
			c->nops[uniq++] = c->nops[i];
	for (size_t i = 0; i < uniq; i++) {
		const struct lp_pad_run *r = &c->nops[i];
		bool overlaps =
		    (i > 0 && reach > r->start) || (i + 1 < uniq && r->start + r->len > r[1].start);
		if (r->start + r->len > reach)
			reach = r->start + r->len;
		if (!overlaps && is_stop_end(c, r->start))
			c->nops[keep++] = *r;
	}
	/* c->targets is sorted by check_branch_targets */
	size_t n = lp_stub_pads_trim(c->nops, keep, c->targets, c->n_targets);
	for (size_t i = 0; i < o->n; i++)
		o->n_short += o->sites[i].len < LP_STUB_JMP;
	o->n_padded = lp_stub_pads_assign(o->sites, o->n, c->nops, n);
}

static const char *intern(struct lp_scan *o, const char *name)
{
	if (o->n_names_ > 0 && strcmp(o->names_[o->n_names_ - 1], name) == 0)
		return o->names_[o->n_names_ - 1];
	o->names_ = lp_xrealloc(o->names_, (o->n_names_ + 1) * sizeof(*o->names_));
	return o->names_[o->n_names_++] = lp_xstrdup(name);
}

/* Linear sweep of [start, start + size), restarted at every FDE start inside it. */
static void sweep(struct ctx *c, const struct scan_section *s, uint64_t start, uint64_t size)
{
	uint64_t end = start + size;
	size_t lo = 0, hi = c->n_fde_starts;

	if (!c->targets_only)
		c->out->gap_bytes += size;
	while (lo < hi) { /* first FDE start > start */
		size_t mid = lo + (hi - lo) / 2;
		if (c->fde_starts[mid] <= start)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < c->n_fde_starts && c->fde_starts[lo] < end; lo++) {
		if (c->fde_starts[lo] == start)
			continue;
		scan_range(c, s, start, c->fde_starts[lo] - start, NULL);
		start = c->fde_starts[lo];
	}
	scan_range(c, s, start, end - start, NULL);
}

/* Linear sweep of the executable bytes no function symbol covers. ranges: sorted. */
static void sweep_gaps(struct ctx *c, const struct scan_section *secs, size_t nsec,
		       const struct scan_range *r, size_t nr)
{
	for (size_t i = 0; i < nsec; i++) {
		const struct scan_section *s = &secs[i];
		if (!s->exec)
			continue;
		uint64_t pos = s->addr, end = s->addr + s->size;
		for (size_t k = 0; k < nr && pos < end; k++) {
			if (r[k].shndx != i || r[k].start + r[k].size <= pos)
				continue;
			if (r[k].start > pos)
				sweep(c, s, pos, r[k].start - pos);
			pos = r[k].start + r[k].size;
		}
		if (pos < end)
			sweep(c, s, pos, end - pos);
	}
}

/* Every function named with --function must have code in the object. */
static int check_funcs_named(const struct scan_range *ranges, size_t nranges,
			     const char *const *funcs, size_t nfuncs, const char *path, char *err,
			     size_t errlen)
{
	for (size_t k = 0; k < nfuncs; k++) {
		bool found = false;
		for (size_t i = 0; i < nranges && !found; i++)
			found = strcmp(ranges[i].name, funcs[k]) == 0;
		if (!found) {
			lp_errf(err, errlen, "no function '%s' with code in '%s'", funcs[k], path);
			return -1;
		}
	}
	return 0;
}

/* Scans each function range once (the wanted ones when funcs are named), then, when only
 * some were scanned, decodes the rest for direct branch targets. */
static void scan_functions(struct ctx *c, struct scan_section *secs,
			   const struct scan_range *ranges, size_t nranges,
			   const char *const *funcs, size_t nfuncs)
{
	for (size_t i = 0; i < nranges; i++) {
		const struct scan_range *r = &ranges[i];
		/* Aliases: the first of a (start, size) run is the best name. */
		if (i > 0 && r->start == r[-1].start && r->size == r[-1].size)
			continue;
		if (nfuncs > 0) {
			/* Any alias of the range may be the one asked for. */
			bool wanted = false;
			for (size_t j = i; j < nranges && ranges[j].start == r->start &&
					   ranges[j].size == r->size && !wanted;
			     j++)
				for (size_t k = 0; k < nfuncs && !wanted; k++)
					wanted = strcmp(ranges[j].name, funcs[k]) == 0;
			if (!wanted)
				continue;
		}
		c->out->n_funcs++;
		c->out->func_bytes += r->size;
		scan_range(c, &secs[r->shndx], r->start, r->size, intern(c->out, r->name));
	}
	if (nfuncs > 0) {
		/* A jump into a site may come from anywhere in the object: decode the rest
		 * for its direct branch targets only. */
		c->targets_only = true;
		for (size_t i = 0; i < nranges; i++)
			if (i == 0 || ranges[i].start != ranges[i - 1].start ||
			    ranges[i].size != ranges[i - 1].size)
				scan_range(c, &secs[ranges[i].shndx], ranges[i].start,
					   ranges[i].size, NULL);
	}
}

int lp_atomics_scan(const char *path, const char *const *funcs, size_t nfuncs, bool memory,
		    struct lp_scan *out, char *err, size_t errlen)
{
	struct ctx c = {.memory = memory, .out = out};
	struct scan_elf obj = {0};
	Elf *elf = NULL;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	if (elf_version(EV_CURRENT) == EV_NONE)
		return lp_errf(err, errlen, "libelf is unusable: %s", elf_errmsg(-1));
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return lp_errf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf) {
		lp_errf(err, errlen, "cannot read '%s' as ELF: %s", path, elf_errmsg(-1));
		goto out;
	}
	if (lp_scan_elf_read(elf, path, &obj, err, errlen))
		goto out;
	out->symtab = obj.symtab;
	out->n_fde_starts = obj.n_fde_starts;
	c.fde_starts = obj.fde_starts;
	c.n_fde_starts = obj.n_fde_starts;
	c.ro = obj.ro;
	c.n_ro = obj.n_ro;

	cs_err e = cs_open(CS_ARCH_X86, CS_MODE_64, &c.cs);
	if (e != CS_ERR_OK) {
		lp_errf(err, errlen, "cannot start capstone: %s", cs_strerror(e));
		goto out;
	}
	cs_option(c.cs, CS_OPT_DETAIL, CS_OPT_ON);
	c.insn = cs_malloc(c.cs);
	if (!c.insn) {
		lp_errf(err, errlen, "cannot start capstone: %s", cs_strerror(cs_errno(c.cs)));
		goto out_cs;
	}

	if (check_funcs_named(obj.ranges, obj.nranges, funcs, nfuncs, path, err, errlen) < 0)
		goto out_cs;
	scan_functions(&c, obj.secs, obj.ranges, obj.nranges, funcs, nfuncs);
	sweep_gaps(&c, obj.secs, obj.nsec, obj.ranges, obj.nranges);
	c.targets_only = false;
	check_branch_targets(&c);
	sort_results(&c);
	pad_sites(&c);
	ret = 0;
out_cs:
	if (c.insn)
		cs_free(c.insn, 1);
	cs_close(&c.cs);
out:
	free(c.targets);
	free(c.stop_ends);
	free(c.nops);
	lp_scan_elf_free(&obj);
	if (elf)
		elf_end(elf);
	close(fd);
	if (ret != 0)
		lp_atomics_scan_free(out);
	return ret;
}

void lp_atomics_scan_free(struct lp_scan *scan)
{
	for (size_t i = 0; i < scan->n_names_; i++)
		free(scan->names_[i]);
	free(scan->names_);
	free(scan->sites);
	free(scan->skipped);
	free(scan->bad);
	memset(scan, 0, sizeof(*scan));
}
