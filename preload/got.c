/* preload/got.c — finds the plan's targets among the loaded objects (by file identity) and
 * redirects every other object's references to their functions (GOT slots of JUMP_SLOT and
 * GLOB_DAT relocations) to per-function trampolines. Runs in the constructor and after
 * each dlopen; never on a signal path. */
#include <elf.h>
#include <link.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "preload.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

extern void lp_common_entry(void) LP_HIDDEN;

#define HASH_SIZE 8192u			      /* > 2 * LP_MAX_FUNCS */
static uint32_t hash_head[HASH_SIZE];	      /* function index + 1 */
static uint32_t same_name_next[LP_MAX_FUNCS]; /* index + 1 of the next function of that name */

static uint32_t hash_name(const char *s)
{
	uint32_t h = 2166136261u;
	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619u;
	return h;
}

/* First function index + 1 named name, or 0. */
static uint32_t lookup(const char *name)
{
	const struct lp_loaded_plan *p = lp_g.plan;
	for (uint32_t h = hash_name(name) & (HASH_SIZE - 1);; h = (h + 1) & (HASH_SIZE - 1)) {
		uint32_t i = hash_head[h];
		if (!i || strcmp(lp_plan_name(p, p->funcs[i - 1].name), name) == 0)
			return i;
	}
}

static void build_hash(void)
{
	const struct lp_loaded_plan *p = lp_g.plan;
	for (uint32_t f = p->n_funcs; f-- > 0;) {
		const char *name = lp_plan_name(p, p->funcs[f].name);
		uint32_t h = hash_name(name) & (HASH_SIZE - 1);
		while (hash_head[h] &&
		       strcmp(lp_plan_name(p, p->funcs[hash_head[h] - 1].name), name) != 0)
			h = (h + 1) & (HASH_SIZE - 1);
		same_name_next[f] = hash_head[h];
		hash_head[h] = f + 1;
	}
}

/* The function named name whose target is loaded; with entry != 0, the one at entry. */
int lp_got_func_of(const char *name, uintptr_t entry)
{
	for (uint32_t i = lookup(name); i; i = same_name_next[i - 1]) {
		uintptr_t e = lp_g.entry[i - 1];
		if (e && (!entry || e == entry))
			return (int)(i - 1);
	}
	return -1;
}

/* Trampoline i: mov $i, %r11d; jmp *common(%rip) — the pointer sits at the region's start. */
static int make_trampolines(void)
{
	uint32_t n = lp_g.plan->n_funcs;
	size_t size = (16 + 16 * (size_t)n + 4095) & ~(size_t)4095;
	uint8_t *m = sys_mmap(NULL, size, PROT_READ | PROT_WRITE | PROT_EXEC,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return -1;
	memset(m, 0xcc, size);
	*(uintptr_t *)m = (uintptr_t)lp_common_entry;
	for (uint32_t i = 0; i < n; i++) {
		uint8_t *s = m + 16 + 16 * (size_t)i;
		int32_t rel = (int32_t)((intptr_t)m - (intptr_t)(s + 12));
		s[0] = 0x41, s[1] = 0xbb;
		memcpy(s + 2, &i, 4);
		s[6] = 0xff, s[7] = 0x25;
		memcpy(s + 8, &rel, 4);
	}
	sys_mprotect(m, size, PROT_READ | PROT_EXEC);
	lp_g.tramps = (uintptr_t)m;
	return 0;
}

static uintptr_t tramp_of(uint32_t f) { return lp_g.tramps + 16 + 16 * (uintptr_t)f; }

int lp_object_contains(const struct dl_phdr_info *info, uintptr_t a)
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t s = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && a >= s && a < s + ph->p_memsz)
			return 1;
	}
	return 0;
}

/* Objects whose references are never redirected: the preload, the loader, the vDSO. */
static int skipped(const struct dl_phdr_info *info)
{
	return lp_object_contains(info, (uintptr_t)lp_common_entry) ||
	       (getauxval(AT_BASE) && info->dlpi_addr == getauxval(AT_BASE)) ||
	       lp_object_contains(info, getauxval(AT_SYSINFO_EHDR));
}

static int target_index(const struct dl_phdr_info *info)
{
	const char *path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : "/proc/self/exe";
	struct stat st;
	if (sys_stat(path, &st) < 0)
		return -1;
	for (uint32_t t = 0; t < lp_g.plan->n_targets; t++)
		if (lp_g.plan->targets[t].dev == st.st_dev &&
		    lp_g.plan->targets[t].ino == st.st_ino)
			return (int)t;
	return -1;
}

static void record_load(const struct dl_phdr_info *info, int t)
{
	const char *path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : "/proc/self/exe";
	size_t n = strlen(path);
	struct stat st;
	sys_stat(path, &st);
	struct lp_rec_load *r = lp_log_append(LP_REC_LOAD, sizeof *r + n);
	r->base = info->dlpi_addr;
	r->dev = st.st_dev;
	r->ino = st.st_ino;
	r->target = t;
	r->pathlen = (uint32_t)n;
	memcpy(r + 1, path, n);
}

static int find_targets(struct dl_phdr_info *info, size_t size, void *data)
{
	int *found = data;
	if (skipped(info))
		return 0;
	int t = target_index(info);
	if (t < 0 || (lp_g.targets_mapped & (1u << t)))
		return 0;
	lp_g.targets_mapped |= 1u << t;
	lp_g.shm->targets_loaded |= 1u << t;
	lp_g.target_base[t] = info->dlpi_addr;
	for (uint32_t f = 0; f < lp_g.plan->n_funcs; f++)
		if (lp_g.plan->funcs[f].target == (uint32_t)t)
			lp_g.entry[f] = info->dlpi_addr + lp_g.plan->funcs[f].offset;
	record_load(info, t);
	lp_guard_note(info);
	*found = 1;
	return 0;
}

int lp_got_target_of(const struct dl_phdr_info *info)
{
	for (uint32_t t = 0; t < lp_g.plan->n_targets; t++)
		if ((lp_g.targets_mapped & (1u << t)) && lp_g.target_base[t] == info->dlpi_addr &&
		    target_index(info) == (int)t)
			return (int)t;
	return -1;
}

static int is_target_object(const struct dl_phdr_info *info) { return lp_got_target_of(info) >= 0; }

/* The loader rewrites most d_ptr values to addresses; the vDSO and some objects keep
 * offsets. An offset is below the load base. */
static uintptr_t dyn_addr(const struct dl_phdr_info *info, uintptr_t v)
{
	return v < info->dlpi_addr ? v + info->dlpi_addr : v;
}

static void write_slot(uintptr_t *slot, uintptr_t value, uintptr_t relro_lo, uintptr_t relro_hi)
{
	uintptr_t a = (uintptr_t)slot;
	if (a >= relro_lo && a < relro_hi) {
		/* RELRO pages are read-only after relocation; they never share a page with .data */
		void *page = (void *)(a & ~(uintptr_t)4095);
		sys_mprotect(page, 4096, PROT_READ | PROT_WRITE);
		__atomic_store_n(slot, value, __ATOMIC_RELEASE);
		sys_mprotect(page, 4096, PROT_READ);
	} else {
		__atomic_store_n(slot, value, __ATOMIC_RELEASE);
	}
}

static void patch_relocs(const struct dl_phdr_info *info, const ElfW(Rela) * rel, size_t n,
			 const ElfW(Sym) * symtab, const char *strtab, uintptr_t lo, uintptr_t hi)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t type = ELF64_R_TYPE(rel[i].r_info);
		if (type != R_X86_64_JUMP_SLOT && type != R_X86_64_GLOB_DAT)
			continue;
		const ElfW(Sym) *sym = &symtab[ELF64_R_SYM(rel[i].r_info)];
		if (sym->st_shndx != SHN_UNDEF || !sym->st_name)
			continue;
		const char *name = strtab + sym->st_name;
		if (!lookup(name))
			continue;
		uintptr_t *slot = (uintptr_t *)(info->dlpi_addr + rel[i].r_offset);
		uintptr_t cur = *slot;
		int f;
		if (cur >= lp_g.tramps &&
		    cur < lp_g.tramps + 16 + 16 * (uintptr_t)lp_g.plan->n_funcs)
			continue; /* already redirected */
		if (lp_object_contains(info, cur))
			f = lp_got_func_of(name, 0); /* lazy binding: still points at the PLT */
		else
			f = lp_got_func_of(name, cur); /* bound: only if bound to the target */
		if (f >= 0)
			write_slot(slot, tramp_of((uint32_t)f), lo, hi);
	}
}

static int patch_object(struct dl_phdr_info *info, size_t size, void *data)
{
	if (skipped(info) || is_target_object(info))
		return 0;
	const ElfW(Dyn) *dyn = NULL;
	uintptr_t lo = 0, hi = 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type == PT_DYNAMIC)
			dyn = (const ElfW(Dyn) *)(info->dlpi_addr + ph->p_vaddr);
		if (ph->p_type == PT_GNU_RELRO) {
			lo = (info->dlpi_addr + ph->p_vaddr) & ~(uintptr_t)4095;
			hi = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz) & ~(uintptr_t)4095;
		}
	}
	if (!dyn)
		return 0;
	const ElfW(Sym) *symtab = NULL;
	const char *strtab = NULL;
	const ElfW(Rela) *jmprel = NULL, *rela = NULL;
	size_t jmprel_sz = 0, rela_sz = 0;
	for (; dyn->d_tag != DT_NULL; dyn++) {
		switch (dyn->d_tag) {
		case DT_SYMTAB:
			symtab = (const void *)dyn_addr(info, dyn->d_un.d_ptr);
			break;
		case DT_STRTAB:
			strtab = (const void *)dyn_addr(info, dyn->d_un.d_ptr);
			break;
		case DT_JMPREL:
			jmprel = (const void *)dyn_addr(info, dyn->d_un.d_ptr);
			break;
		case DT_PLTRELSZ:
			jmprel_sz = dyn->d_un.d_val;
			break;
		case DT_RELA:
			rela = (const void *)dyn_addr(info, dyn->d_un.d_ptr);
			break;
		case DT_RELASZ:
			rela_sz = dyn->d_un.d_val;
			break;
		}
	}
	if (!symtab || !strtab)
		return 0;
	if (jmprel)
		patch_relocs(info, jmprel, jmprel_sz / sizeof *jmprel, symtab, strtab, lo, hi);
	if (rela)
		patch_relocs(info, rela, rela_sz / sizeof *rela, symtab, strtab, lo, hi);
	return 0;
}

/* constructor-only */
int lp_got_setup(void)
{
	int found = 0;
	build_hash();
	if (make_trampolines())
		return -1;
	dl_iterate_phdr(find_targets, &found);
	dl_iterate_phdr(patch_object, NULL);
	lp_callout_patch();
	return 0;
}

/* After dlopen (not on a signal path): new targets, and new objects' references. */
void lp_got_rescan(void)
{
	int found = 0;
	dl_iterate_phdr(find_targets, &found);
	dl_iterate_phdr(patch_object, NULL);
	lp_callout_patch();
}
