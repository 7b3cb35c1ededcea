/* cli/analyze/pure-regions.c — pure region starts of a target's functions (see
 * pure-regions.h for what qualifies and why). libelf for sections, symbols and PLT
 * relocations, capstone for the code. */
#include "pure-regions.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <capstone/capstone.h>

#include "atomics-scan.h"
#include "pure-view.h"
#include "lineup/die.h"

#define MAX_REGION_INSNS 4096 /* a longer region is taken as impure */

int lp_pure_sync_name(const char *name)
{
	static const char *const sync[] = {
	    "pthread_mutex_lock",
	    "pthread_mutex_trylock",
	    "pthread_mutex_timedlock",
	    "pthread_mutex_clocklock",
	    "pthread_mutex_unlock",
	    "pthread_cond_wait",
	    "pthread_cond_timedwait",
	    "pthread_cond_clockwait",
	    "pthread_cond_signal",
	    "pthread_cond_broadcast",
	    "pthread_rwlock_rdlock",
	    "pthread_rwlock_tryrdlock",
	    "pthread_rwlock_timedrdlock",
	    "pthread_rwlock_clockrdlock",
	    "pthread_rwlock_wrlock",
	    "pthread_rwlock_trywrlock",
	    "pthread_rwlock_timedwrlock",
	    "pthread_rwlock_clockwrlock",
	    "pthread_rwlock_unlock",
	    "sem_wait",
	    "sem_trywait",
	    "sem_timedwait",
	    "sem_clockwait",
	    "sem_post",
	    "pthread_spin_lock",
	    "pthread_spin_trylock",
	    "pthread_spin_unlock",
	};
	for (size_t i = 0; i < sizeof sync / sizeof *sync; i++)
		if (strcmp(name, sync[i]) == 0)
			return 1;
	return 0;
}

const struct code *lp_pv_code_at(const struct elf_view *v, uint64_t addr)
{
	for (size_t i = 0; i < v->n_code; i++)
		if (addr >= v->code[i].addr && addr - v->code[i].addr < v->code[i].size)
			return &v->code[i];
	return NULL;
}

/* Decodes the instruction at addr into v->insn; false when it cannot. */
bool lp_pv_decode(struct elf_view *v, uint64_t addr)
{
	const struct code *c = lp_pv_code_at(v, addr);
	if (!c)
		return false;
	const uint8_t *p = c->data + (addr - c->addr);
	size_t n = c->size - (addr - c->addr);
	uint64_t a = addr;
	return cs_disasm_iter(v->cs, &p, &n, &a, v->insn);
}

const cs_x86_op *lp_pv_only_imm(const cs_insn *in)
{
	const cs_x86 *x = &in->detail->x86;
	return x->op_count == 1 && x->operands[0].type == X86_OP_IMM ? &x->operands[0] : NULL;
}

/* Functions that never return (the stack protector's and assert's failure paths): a path
 * that calls one ends the process, so it ends the region. */
static bool noreturn_name(const char *name)
{
	return strcmp(name, "__stack_chk_fail") == 0 || strcmp(name, "abort") == 0 ||
	       strcmp(name, "__assert_fail") == 0;
}

/* What a call to target calls: 1 a synchronisation function, 2 a function that never
 * returns, 0 another function this object does not define, -1 anything else (a local
 * function, a PLT entry of one of ours, or code we cannot read). */
int lp_pv_callee(struct elf_view *v, uint64_t target, const char **name)
{
	const struct code *c = lp_pv_code_at(v, target);
	if (!c || !c->plt)
		return -1;
	uint64_t a = target;
	for (int i = 0; i < 4 && lp_pv_decode(v, a); i++) { /* endbr64, bnd jmp *GOT(%rip) */
		const cs_insn *in = v->insn;
		const cs_x86 *x = &in->detail->x86;
		if (in->id == X86_INS_JMP) {
			if (x->op_count != 1 || x->operands[0].type != X86_OP_MEM ||
			    x->operands[0].mem.base != X86_REG_RIP || x->operands[0].mem.index)
				return -1;
			uint64_t got = in->address + in->size + (uint64_t)x->operands[0].mem.disp;
			for (size_t r = 0; r < v->n_rel; r++) {
				GElf_Sym sym;
				if (v->rel[r].got != got || !v->dynsym ||
				    !gelf_getsym(v->dynsym, (int)v->rel[r].sym, &sym))
					continue;
				if (sym.st_shndx != SHN_UNDEF)
					return -1; /* ours: it may call back into the function */
				const char *s = elf_strptr(v->elf, v->dynstr, sym.st_name);
				if (name)
					*name = s;
				if (!s)
					return 0;
				return lp_pure_sync_name(s) ? 1 : noreturn_name(s) ? 2 : 0;
			}
			return -1;
		}
		a = in->address + in->size;
	}
	return -1;
}

bool lp_pv_writes_reg(const cs_insn *in, x86_reg r)
{
	const cs_detail *d = in->detail;
	for (unsigned i = 0; i < d->regs_write_count; i++)
		if (d->regs_write[i] == r)
			return true;
	const cs_x86 *x = &d->x86;
	for (unsigned i = 0; i < x->op_count; i++)
		if (x->operands[i].type == X86_OP_REG && x->operands[i].reg == r &&
		    (x->operands[i].access & CS_AC_WRITE))
			return true;
	return false;
}

bool lp_pv_has_group(const cs_insn *in, uint8_t grp)
{
	for (unsigned i = 0; i < in->detail->groups_count; i++)
		if (in->detail->groups[i] == grp)
			return true;
	return false;
}

/* A read of this address sees a constant: outside every writable segment (code,
 * .rodata), or in the part made read-only after relocation (the GOT with -z relro). */
static bool constant(const struct elf_view *v, uint64_t addr)
{
	if (addr >= v->relro.start && addr < v->relro.end)
		return true;
	for (size_t i = 0; i < v->n_writable; i++)
		if (addr >= v->writable[i].start && addr < v->writable[i].end)
			return false;
	return true;
}

/* Whether the instruction can touch memory other threads see (control flow aside). */
bool lp_pv_shared_access(const struct elf_view *v, const cs_insn *in, bool fp)
{
	if (lp_insn_no_data_access(in->id))
		return false;
	switch (in->id) {
	case X86_INS_XCHG:
	case X86_INS_CMPXCHG:
	case X86_INS_CMPXCHG8B:
	case X86_INS_CMPXCHG16B:
	case X86_INS_XADD:
	case X86_INS_MFENCE:
	case X86_INS_PAUSE:
	case X86_INS_XLATB:
	case X86_INS_SYSCALL:
	case X86_INS_SYSENTER:
	case X86_INS_INT:
	case X86_INS_INT3:
	case X86_INS_INTO:
	case X86_INS_UD2:
	case X86_INS_HLT:
		return true;
	default:
		break;
	}
	if (lp_insn_has_lock(in->bytes, in->size) ||
	    (in->size == 2 && in->bytes[0] == 0xf3 && in->bytes[1] == 0x90))
		return true;
	const cs_x86 *x = &in->detail->x86;
	for (unsigned i = 0; i < x->op_count; i++) {
		const cs_x86_op *op = &x->operands[i];
		if (op->type != X86_OP_MEM)
			continue;
		if (op->mem.segment == X86_REG_FS || op->mem.segment == X86_REG_GS)
			continue; /* thread-local */
		if (op->mem.base == X86_REG_RSP || (fp && op->mem.base == X86_REG_RBP))
			continue; /* this thread's frame */
		if (op->mem.base == X86_REG_RIP && op->mem.index == X86_REG_INVALID &&
		    op->access == CS_AC_READ &&
		    constant(v, in->address + in->size + (uint64_t)op->mem.disp))
			continue; /* a constant or a relocated address */
		return true;
	}
	return false;
}

struct func_scan {
	uint64_t start, end;
	bool fp;	 /* %rbp is the frame pointer (until a path's `pop %rbp` or `leave`) */
	uint64_t *after; /* return addresses of the synchronisation calls */
	size_t n_after;
};

/* The function as a whole: false when something it calls could enter it again. */
static bool scan_body(struct elf_view *v, struct func_scan *f)
{
	uint64_t a = f->start;
	size_t k = 0;
	bool pushed_rbp = false;
	f->fp = false;
	while (a < f->end) {
		if (!lp_pv_decode(v, a))
			return false;
		const cs_insn *in = v->insn;
		uint64_t next = in->address + in->size;
		if (k < 3) { /* [endbr64] push %rbp; mov %rsp,%rbp */
			const cs_x86 *x = &in->detail->x86;
			if (in->id == X86_INS_PUSH && x->op_count == 1 &&
			    x->operands[0].type == X86_OP_REG && x->operands[0].reg == X86_REG_RBP)
				pushed_rbp = true;
			else if (pushed_rbp && in->id == X86_INS_MOV && x->op_count == 2 &&
				 x->operands[0].type == X86_OP_REG &&
				 x->operands[0].reg == X86_REG_RBP &&
				 x->operands[1].type == X86_OP_REG &&
				 x->operands[1].reg == X86_REG_RSP)
				f->fp = true, k = 3;
		} else if (in->id != X86_INS_POP && in->id != X86_INS_LEAVE &&
			   lp_pv_writes_reg(in, X86_REG_RBP)) {
			f->fp = false; /* %rbp is a general register somewhere: never a frame */
			pushed_rbp = false;
		}
		if (k < 3)
			k++;
		if (lp_pv_has_group(in, X86_GRP_CALL)) {
			const cs_x86_op *t = lp_pv_only_imm(in);
			int what = t ? lp_pv_callee(v, (uint64_t)t->imm, NULL) : -1;
			if (what < 0)
				return false;
			if (what == 1) {
				f->after =
				    lp_xrealloc(f->after, (f->n_after + 1) * sizeof *f->after);
				f->after[f->n_after++] = next;
			}
		} else if (lp_pv_has_group(in, X86_GRP_JUMP)) {
			const cs_x86_op *t = lp_pv_only_imm(in);
			if (!t)
				return false; /* a jump table or a pointer: anywhere */
			if ((uint64_t)t->imm < f->start || (uint64_t)t->imm >= f->end)
				return false; /* a tail call */
		}
		a = next;
	}
	return true;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Whether everything reachable from start up to a ret or a synchronisation call is local. */
static bool region_pure(struct elf_view *v, const struct func_scan *f, uint64_t start)
{
	/* work items and visits: address << 1 | whether %rbp is still this frame's on the
	 * path (a `pop %rbp` or `leave` hands it back to the caller) */
	uint64_t *work = lp_xcalloc(MAX_REGION_INSNS, sizeof *work);
	uint64_t *seen = lp_xcalloc(MAX_REGION_INSNS, sizeof *seen);
	size_t n_work = 0, n_seen = 0;
	bool pure = true;
	work[n_work++] = start << 1 | f->fp;
	while (pure && n_work) {
		uint64_t item = work[--n_work], a = item >> 1;
		bool fp = item & 1, dup = false;
		for (size_t i = 0; i < n_seen && !dup; i++)
			dup = seen[i] == item;
		if (dup)
			continue;
		if (n_seen == MAX_REGION_INSNS || a < f->start || a >= f->end ||
		    !lp_pv_decode(v, a)) {
			pure = false;
			break;
		}
		seen[n_seen++] = item;
		const cs_insn *in = v->insn;
		uint64_t next = in->address + in->size;
		if (in->id == X86_INS_RET)
			continue;
		if (lp_pv_shared_access(v, in, fp)) {
			pure = false;
			break;
		}
		if (in->id == X86_INS_LEAVE ||
		    (in->id == X86_INS_POP && lp_pv_writes_reg(in, X86_REG_RBP)))
			fp = false;
		const cs_x86_op *t = lp_pv_only_imm(in);
		if (lp_pv_has_group(in, X86_GRP_CALL)) {
			int what = t ? lp_pv_callee(v, (uint64_t)t->imm, NULL) : -1;
			pure = what == 1 || what == 2; /* the step (or the process) ends there */
			continue;
		}
		if (lp_pv_has_group(in, X86_GRP_JUMP)) {
			if (!t || n_work + 2 > MAX_REGION_INSNS) {
				pure = false;
				break;
			}
			work[n_work++] = (uint64_t)t->imm << 1 | fp;
			if (in->id != X86_INS_JMP)
				work[n_work++] = next << 1 | fp; /* conditional: both ways */
			continue;
		}
		if (lp_pv_has_group(in, X86_GRP_INT) || lp_pv_has_group(in, X86_GRP_IRET) ||
		    lp_pv_has_group(in, X86_GRP_PRIVILEGE)) {
			pure = false;
			break;
		}
		if (n_work == MAX_REGION_INSNS) {
			pure = false;
			break;
		}
		work[n_work++] = next << 1 | fp;
	}
	free(work);
	free(seen);
	return pure;
}

/* The largest function symbol at offset: its end. 0 when none. */
static uint64_t func_end(struct elf_view *v, Elf_Scn *scn, uint64_t offset)
{
	GElf_Shdr sh;
	Elf_Data *d = scn ? elf_getdata(scn, NULL) : NULL;
	uint64_t end = 0;
	if (!d || !gelf_getshdr(scn, &sh) || !sh.sh_entsize)
		return 0;
	for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Sym sym;
		if (!gelf_getsym(d, (int)i, &sym) || GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
		    sym.st_value != offset || sym.st_shndx == SHN_UNDEF)
			continue;
		if (offset + sym.st_size > end)
			end = offset + sym.st_size;
	}
	(void)v;
	return end;
}

bool lp_pv_read_view(struct elf_view *v)
{
	size_t shstrndx, nph;
	if (elf_kind(v->elf) != ELF_K_ELF || elf_getshdrstrndx(v->elf, &shstrndx) != 0 ||
	    elf_getphdrnum(v->elf, &nph) != 0)
		return false;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(v->elf, (int)i, &ph))
			return false;
		if (ph.p_type == PT_GNU_RELRO)
			v->relro = (struct span){ph.p_vaddr, ph.p_vaddr + ph.p_memsz};
		if (ph.p_type == PT_LOAD && (ph.p_flags & PF_W)) {
			v->writable =
			    lp_xrealloc(v->writable, (v->n_writable + 1) * sizeof *v->writable);
			v->writable[v->n_writable++] =
			    (struct span){ph.p_vaddr, ph.p_vaddr + ph.p_memsz};
		}
	}
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(v->elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		const char *name = elf_strptr(v->elf, shstrndx, sh.sh_name);
		if (sh.sh_type == SHT_SYMTAB)
			v->symtab = scn;
		if (sh.sh_type == SHT_DYNSYM) {
			v->dynsym_scn = scn;
			v->dynsym = elf_getdata(scn, NULL);
			v->dynstr = sh.sh_link;
		}
		if (sh.sh_type == SHT_PROGBITS && (sh.sh_flags & SHF_EXECINSTR)) {
			Elf_Data *d = elf_rawdata(scn, NULL);
			if (!d || d->d_size < sh.sh_size)
				continue;
			v->code = lp_xrealloc(v->code, (v->n_code + 1) * sizeof *v->code);
			v->code[v->n_code++] = (struct code){
			    .addr = sh.sh_addr,
			    .size = sh.sh_size,
			    .data = d->d_buf,
			    .plt = name && strncmp(name, ".plt", 4) == 0,
			};
		}
		if (sh.sh_type == SHT_RELA) {
			Elf_Data *d = elf_getdata(scn, NULL);
			for (size_t i = 0; d && sh.sh_entsize && i < sh.sh_size / sh.sh_entsize;
			     i++) {
				GElf_Rela r;
				if (!gelf_getrela(d, (int)i, &r))
					continue;
				unsigned type = (unsigned)GELF_R_TYPE(r.r_info);
				if (type != R_X86_64_JUMP_SLOT && type != R_X86_64_GLOB_DAT)
					continue;
				v->rel = lp_xrealloc(v->rel, (v->n_rel + 1) * sizeof *v->rel);
				v->rel[v->n_rel++] = (struct reloc){
				    .got = r.r_offset, .sym = (uint32_t)GELF_R_SYM(r.r_info)};
			}
		}
	}
	return true;
}

int lp_pure_regions(const char *path, struct lp_pure_func *funcs, size_t n,
		    const struct lp_span_site *sites, size_t n_sites, char *err, size_t errsize)
{
	struct elf_view v = {0};
	elf_version(EV_CURRENT);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return lp_errf(err, errsize, "cannot open '%s'", path), -1;
	v.elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	int rc = -1;
	if (!v.elf || !lp_pv_read_view(&v)) {
		lp_errf(err, errsize, "cannot read '%s' as ELF", path);
		goto out;
	}
	if (cs_open(CS_ARCH_X86, CS_MODE_64, &v.cs) != CS_ERR_OK) {
		lp_errf(err, errsize, "capstone cannot open x86-64");
		goto out;
	}
	cs_option(v.cs, CS_OPT_DETAIL, CS_OPT_ON);
	v.insn = cs_malloc(v.cs);
	for (size_t i = 0; i < n; i++) {
		funcs[i].n = 0;
		funcs[i].starts = NULL;
		funcs[i].n_spans = 0;
		funcs[i].spans = NULL;
		if (funcs[i].spans_wanted)
			funcs[i].n_spans =
			    lp_pure_spans(&v, funcs[i].offset, sites, n_sites, &funcs[i].spans);
		uint64_t end = func_end(&v, v.symtab, funcs[i].offset);
		if (!end)
			end = func_end(&v, v.dynsym_scn, funcs[i].offset);
		struct func_scan f = {.start = funcs[i].offset, .end = end};
		if (end > f.start && scan_body(&v, &f)) {
			funcs[i].starts = lp_xcalloc(f.n_after + 1, sizeof *funcs[i].starts);
			if (region_pure(&v, &f, f.start))
				funcs[i].starts[funcs[i].n++] = f.start;
			for (size_t j = 0; j < f.n_after; j++)
				if (region_pure(&v, &f, f.after[j]))
					funcs[i].starts[funcs[i].n++] = f.after[j];
			qsort(funcs[i].starts, funcs[i].n, sizeof *funcs[i].starts, cmp_u64);
		}
		free(f.after);
	}
	rc = 0;
	cs_free(v.insn, 1);
	cs_close(&v.cs);
out:
	if (v.elf)
		elf_end(v.elf);
	close(fd);
	free(v.code);
	free(v.rel);
	free(v.writable);
	return rc;
}
