/* cli/analyze/pure-view.h — the object as the pure-region analyses read it (libelf for
 * sections, symbols and PLT relocations, capstone for the code): shared by pure-regions.c
 * (regions inside one function) and pure-spans.c (steps that run through its callees). */
#ifndef LINEUP_CLI_PURE_VIEW_H
#define LINEUP_CLI_PURE_VIEW_H

#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <capstone/capstone.h>

struct code {
	uint64_t addr, size;
	const uint8_t *data;
	bool plt; /* a .plt* section: stubs that jump through the GOT */
};

struct reloc {
	uint64_t got; /* r_offset: the GOT slot */
	uint32_t sym; /* .dynsym index */
};

struct span {
	uint64_t start, end;
};

struct elf_view {
	struct code *code;
	size_t n_code;
	struct span *writable; /* PT_LOAD segments with PF_W */
	size_t n_writable;
	struct span relro; /* PT_GNU_RELRO: read-only once relocated */
	struct reloc *rel;
	size_t n_rel;
	Elf *elf;
	Elf_Data *dynsym;
	size_t dynstr;	     /* section index of .dynstr */
	Elf_Scn *symtab;     /* .symtab when present */
	Elf_Scn *dynsym_scn; /* .dynsym */
	csh cs;
	cs_insn *insn;
};

bool lp_pv_read_view(struct elf_view *v);
const struct code *lp_pv_code_at(const struct elf_view *v, uint64_t addr);
/* Decodes the instruction at addr into v->insn; false when it cannot. */
bool lp_pv_decode(struct elf_view *v, uint64_t addr);
const cs_x86_op *lp_pv_only_imm(const cs_insn *in);
/* What a call to target calls: 1 a synchronisation function, 2 a function that never
 * returns, 0 another function this object does not define (its name in *name when name is
 * not NULL), -1 anything else (a local function, a PLT entry of one of ours, or code we
 * cannot read). */
int lp_pv_callee(struct elf_view *v, uint64_t target, const char **name);
bool lp_pv_writes_reg(const cs_insn *in, x86_reg r);
bool lp_pv_has_group(const cs_insn *in, uint8_t grp);
/* Whether the instruction can touch memory other threads see (control flow aside); fp:
 * %rbp points into this thread's stack. */
bool lp_pv_shared_access(const struct elf_view *v, const cs_insn *in, bool fp);

#endif
