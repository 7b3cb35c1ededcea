/* cli/analyze/atomics-elf.h — what the atomic-instruction scan (atomics-scan.c) reads from
 * an ELF object before it decodes anything: the executable sections, the function symbols
 * and the function starts of .eh_frame_hdr. Internal to libatomics-scan.a. */
#ifndef LINEUP_CLI_ATOMICS_ELF_H
#define LINEUP_CLI_ATOMICS_ELF_H

#include <libelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A function symbol's code. */
struct scan_range {
	uint64_t start, size;
	const char *name; /* in the ELF string table until copied */
	int rank;	  /* lower wins among aliases: global, weak, local */
	size_t shndx;
};

/* A section; only executable ones have their bytes (exec true). */
struct scan_section {
	uint64_t addr, size;
	const uint8_t *data;
	bool exec;
};

/* Addresses no code of the process writes once it runs: sections mapped without write
 * permission, the PT_GNU_RELRO span, and .got.plt (only the dynamic linker writes its
 * slots, each with the one address it resolves to). */
struct scan_ro {
	uint64_t lo, hi;
};

struct scan_elf {
	struct scan_section *secs; /* by section index */
	size_t nsec;
	struct scan_range *ranges; /* sorted by start, size, then best name first */
	size_t nranges;
	uint64_t *fde_starts; /* sorted; the only known boundaries of a stripped object's code */
	size_t n_fde_starts;
	bool symtab; /* the symbols came from .symtab, not .dynsym */
	struct scan_ro *ro;
	size_t n_ro;
};

/* Whether [addr, addr + len) lies in one of e's read-only spans. */
bool lp_scan_elf_read_only(const struct scan_ro *ro, size_t n, uint64_t addr, uint64_t len);

/* Fills e from elf (path names it in errors); -1 with err filled when the object is no
 * x86-64 ELF or cannot be read. lp_scan_elf_free(e) either way. */
int lp_scan_elf_read(Elf *elf, const char *path, struct scan_elf *e, char *err, size_t errlen);
void lp_scan_elf_free(struct scan_elf *e);

/* qsort/bsearch order of uint64_t. */
int lp_cmp_u64(const void *a, const void *b);

/* A little-endian 32-bit signed field at p (displacements, .eh_frame_hdr entries). */
static inline int32_t lp_le32(const uint8_t *p)
{
	return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
			 (uint32_t)p[3] << 24);
}

#endif
