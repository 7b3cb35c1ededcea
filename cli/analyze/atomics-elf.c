/* cli/analyze/atomics-elf.c — the sections, function symbols and .eh_frame_hdr function
 * starts of the object atomics-scan.c decodes (atomics-elf.h). */
#include "atomics-elf.h"

#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"

int lp_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static int cmp_range(const void *a, const void *b)
{
	const struct scan_range *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank - y->rank;
	return strcmp(x->name, y->name);
}

/* Function starts from the .eh_frame_hdr search table (the usual encoding only: udata4
 * count, datarel sdata4 entries). In a stripped object they are the only known
 * instruction boundaries outside the exported symbols. */
static void read_fde_starts(const uint8_t *h, size_t size, uint64_t addr, uint64_t **starts,
			    size_t *n)
{
	*starts = NULL;
	*n = 0;
	/* version 1; eh_frame_ptr 4 bytes (any 4-byte encoding); DW_EH_PE_udata4 count;
	 * DW_EH_PE_datarel | DW_EH_PE_sdata4 table */
	if (size < 12 || h[0] != 1 || ((h[1] & 0x0f) != 0x03 && (h[1] & 0x0f) != 0x0b) ||
	    h[2] != 0x03 || h[3] != 0x3b)
		return;
	uint32_t count = (uint32_t)lp_le32(h + 8);
	if (count == 0 || count > (size - 12) / 8)
		return;
	*starts = lp_xcalloc(count, sizeof(**starts));
	for (uint32_t i = 0; i < count; i++)
		(*starts)[i] = addr + (uint64_t)(int64_t)lp_le32(h + 12 + 8 * (size_t)i);
	*n = count;
	qsort(*starts, count, sizeof(**starts), lp_cmp_u64);
}

static void add_ro(struct scan_elf *e, uint64_t lo, uint64_t size)
{
	if (!size)
		return;
	e->ro = lp_xrealloc(e->ro, (e->n_ro + 1) * sizeof(*e->ro));
	e->ro[e->n_ro++] = (struct scan_ro){lo, lo + size};
}

/* PT_GNU_RELRO: read-only once relocated (.got, .data.rel.ro, the init arrays). */
static void read_relro(Elf *elf, struct scan_elf *e)
{
	size_t n = 0;
	if (elf_getphdrnum(elf, &n) != 0)
		return;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_GNU_RELRO)
			add_ro(e, ph.p_vaddr, ph.p_memsz);
	}
}

bool lp_scan_elf_read_only(const struct scan_ro *ro, size_t n, uint64_t addr, uint64_t len)
{
	for (size_t i = 0; i < n; i++)
		if (addr >= ro[i].lo && addr < ro[i].hi && len <= ro[i].hi - addr)
			return true;
	return false;
}

/* The executable sections' bytes and the FDE starts; the symbol table to read (.symtab,
 * else .dynsym) in *symscn. */
static int read_sections(Elf *elf, const char *path, struct scan_elf *e, Elf_Scn **symscn,
			 char *err, size_t errlen)
{
	size_t shstrndx = 0, n = 0;
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL, *dynscn = NULL;

	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh))
		return lp_errf(err, errlen, "not an ELF file '%s'", path);
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64 ||
	    (eh.e_type != ET_DYN && eh.e_type != ET_EXEC))
		return lp_errf(err, errlen, "not an x86-64 shared object or executable '%s'", path);
	if (elf_getshdrnum(elf, &n) != 0 || elf_getshdrstrndx(elf, &shstrndx) != 0)
		return lp_errf(err, errlen, "cannot read the sections of '%s': %s", path,
			       elf_errmsg(-1));
	e->secs = lp_xcalloc(n ? n : 1, sizeof(*e->secs));
	e->nsec = n;
	*symscn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		size_t i = elf_ndxscn(scn);
		if (!gelf_getshdr(scn, &sh) || i >= n)
			continue;
		if (sh.sh_type == SHT_SYMTAB)
			*symscn = scn;
		if (sh.sh_type == SHT_DYNSYM)
			dynscn = scn;
		const char *sname = elf_strptr(elf, shstrndx, sh.sh_name);
		if ((sh.sh_flags & SHF_ALLOC) && sh.sh_type != SHT_NOBITS &&
		    (!(sh.sh_flags & SHF_WRITE) || (sname && strcmp(sname, ".got.plt") == 0)))
			add_ro(e, sh.sh_addr, sh.sh_size);
		if (sh.sh_type == SHT_PROGBITS && sname && strcmp(sname, ".eh_frame_hdr") == 0 &&
		    !e->fde_starts) {
			Elf_Data *d = elf_rawdata(scn, NULL);
			if (d && d->d_buf)
				read_fde_starts(d->d_buf, d->d_size, sh.sh_addr, &e->fde_starts,
						&e->n_fde_starts);
		}
		if (sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_EXECINSTR))
			continue;
		Elf_Data *d = elf_rawdata(scn, NULL);
		if (!d || d->d_size < sh.sh_size)
			return lp_errf(err, errlen, "cannot read section %zu of '%s': %s", i, path,
				       elf_errmsg(-1));
		e->secs[i] = (struct scan_section){
		    .addr = sh.sh_addr, .size = sh.sh_size, .data = d->d_buf, .exec = true};
	}
	read_relro(elf, e);
	e->symtab = *symscn != NULL;
	if (!*symscn)
		*symscn = dynscn;
	if (!*symscn)
		return lp_errf(err, errlen, "no symbol table in '%s'", path);
	return 0;
}

/* The function symbols whose code lies inside an executable section. */
static int read_symbols(Elf *elf, Elf_Scn *symscn, const char *path, struct scan_elf *e, char *err,
			size_t errlen)
{
	GElf_Shdr sh;
	Elf_Data *d = elf_getdata(symscn, NULL);
	size_t cap = 0;
	if (!gelf_getshdr(symscn, &sh) || !d || sh.sh_entsize == 0)
		return lp_errf(err, errlen, "cannot read the symbols of '%s': %s", path,
			       elf_errmsg(-1));
	for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Sym sym;
		if (!gelf_getsym(d, (int)i, &sym))
			continue;
		int type = GELF_ST_TYPE(sym.st_info), bind = GELF_ST_BIND(sym.st_info);
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) || sym.st_size == 0 ||
		    sym.st_shndx == SHN_UNDEF || sym.st_shndx >= e->nsec ||
		    !e->secs[sym.st_shndx].exec)
			continue;
		const struct scan_section *s = &e->secs[sym.st_shndx];
		if (sym.st_value < s->addr || sym.st_size > s->size ||
		    sym.st_value - s->addr > s->size - sym.st_size)
			continue; /* does not fit its section: not code we can read */
		const char *name = elf_strptr(elf, sh.sh_link, sym.st_name);
		if (e->nranges == cap) {
			cap = cap ? 2 * cap : 64;
			e->ranges = lp_xrealloc(e->ranges, cap * sizeof(*e->ranges));
		}
		e->ranges[e->nranges++] = (struct scan_range){
		    .start = sym.st_value,
		    .size = sym.st_size,
		    .name = name ? name : "",
		    .rank = bind == STB_GLOBAL ? 0
			    : bind == STB_WEAK ? 1
					       : 2,
		    .shndx = sym.st_shndx,
		};
	}
	if (e->nranges > 0)
		qsort(e->ranges, e->nranges, sizeof(*e->ranges), cmp_range);
	return 0;
}

int lp_scan_elf_read(Elf *elf, const char *path, struct scan_elf *e, char *err, size_t errlen)
{
	Elf_Scn *symscn = NULL;
	memset(e, 0, sizeof(*e));
	if (read_sections(elf, path, e, &symscn, err, errlen))
		return -1;
	return read_symbols(elf, symscn, path, e, err, errlen);
}

void lp_scan_elf_free(struct scan_elf *e)
{
	free(e->secs);
	free(e->ranges);
	free(e->fde_starts);
	free(e->ro);
	memset(e, 0, sizeof(*e));
}
