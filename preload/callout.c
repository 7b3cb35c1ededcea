/* preload/callout.c — under --memory-model tso, a target's calls out of the targets (GOT
 * slots of its JUMP_SLOT relocations, and of GLOB_DAT ones of function symbols: -fno-plt)
 * go through a stub that drains the calling thread's store buffer first: code the tool
 * does not trap (libc's memcpy, another library) then writes memory after the caller's
 * older stores, as x86-TSO does. Slots bound to a target or to the preload (whose hooks
 * reach scheduling points, which drain) are left alone. Runs in the constructor and after
 * each dlopen, after got.c found the targets; never on a signal path. */
#include <elf.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>

#include "callout-pick.h"
#include "preload.h"
#include "text.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

extern void lp_callout_entry(void) LP_HIDDEN; /* callout-x86_64.S */

int lp_callout_on;

static uint32_t done;			 /* bit t: target t's slots redirected */
static uintptr_t lo[LP_MAX_TARGETS + 1]; /* the targets' spans, then the preload's */
static uintptr_t hi[LP_MAX_TARGETS + 1];
static uintptr_t stub_lo[LP_MAX_TARGETS], stub_hi[LP_MAX_TARGETS];

static void span_of(const struct dl_phdr_info *info, uintptr_t *l, uintptr_t *h)
{
	*l = UINTPTR_MAX, *h = 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t s = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type != PT_LOAD)
			continue;
		if (s < *l)
			*l = s;
		if (s + ph->p_memsz > *h)
			*h = s + ph->p_memsz;
	}
}

static int note_spans(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size, (void)data;
	int t = lp_got_target_of(info);
	if (t >= 0)
		span_of(info, &lo[t], &hi[t]);
	else if (lp_object_contains(info, (uintptr_t)lp_callout_entry))
		span_of(info, &lo[LP_MAX_TARGETS], &hi[LP_MAX_TARGETS]);
	return 0;
}

static enum lp_callout_dest dest_of(const struct dl_phdr_info *info, uintptr_t v)
{
	for (unsigned t = 0; t < LP_MAX_TARGETS; t++)
		if (stub_hi[t] && v >= stub_lo[t] && v < stub_hi[t])
			return LP_CALLOUT_STUB;
	if (lp_object_contains(info, v))
		return LP_CALLOUT_OWN_OBJECT;
	for (unsigned t = 0; t <= LP_MAX_TARGETS; t++)
		if (hi[t] && v >= lo[t] && v < hi[t])
			return t == LP_MAX_TARGETS ? LP_CALLOUT_PRELOAD : LP_CALLOUT_TARGET;
	return LP_CALLOUT_OUTSIDE;
}

struct relocs {
	const ElfW(Rela) * rel[2];
	size_t n[2];
	const ElfW(Sym) * sym;
	const char *str;
	uintptr_t relro_lo, relro_hi;
};

static uintptr_t dyn_addr(const struct dl_phdr_info *info, uintptr_t v)
{
	return v < info->dlpi_addr ? v + info->dlpi_addr : v;
}

static int read_dynamic(const struct dl_phdr_info *info, struct relocs *r)
{
	const ElfW(Dyn) *d = NULL;
	memset(r, 0, sizeof *r);
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type == PT_DYNAMIC)
			d = (const ElfW(Dyn) *)(info->dlpi_addr + ph->p_vaddr);
		if (ph->p_type == PT_GNU_RELRO) {
			r->relro_lo = (info->dlpi_addr + ph->p_vaddr) & ~(uintptr_t)4095;
			r->relro_hi =
			    (info->dlpi_addr + ph->p_vaddr + ph->p_memsz) & ~(uintptr_t)4095;
		}
	}
	for (; d && d->d_tag != DT_NULL; d++) {
		uintptr_t a = dyn_addr(info, d->d_un.d_ptr);
		if (d->d_tag == DT_SYMTAB)
			r->sym = (const void *)a;
		else if (d->d_tag == DT_STRTAB)
			r->str = (const void *)a;
		else if (d->d_tag == DT_JMPREL)
			r->rel[0] = (const void *)a;
		else if (d->d_tag == DT_PLTRELSZ)
			r->n[0] = d->d_un.d_val / sizeof(ElfW(Rela));
		else if (d->d_tag == DT_RELA)
			r->rel[1] = (const void *)a;
		else if (d->d_tag == DT_RELASZ)
			r->n[1] = d->d_un.d_val / sizeof(ElfW(Rela));
	}
	return r->sym && r->str ? 0 : -1;
}

static void warn_lazy(const char *name)
{
	struct lp_text t;
	char buf[300];
	lp_text_init(&t, buf, sizeof buf);
	lp_text_str(&t, "memory model tso: the call of ");
	lp_text_str(&t, name);
	lp_text_str(&t,
		    " out of a target is not bound yet (lazy binding) and does not drain the "
		    "store buffer: a store it makes may be seen before the caller's older ones");
	lp_log_text(LP_REC_WARN, LP_TID_NONE, 0, buf);
}

/* movabs $real, %r11; jmp *entry(%rip): stub k, with the entry pointer at the start */
static void write_stub(uint8_t *stubs, size_t k, uintptr_t real)
{
	uint8_t *c = stubs + 16 + 16 * k;
	int32_t rel32 = (int32_t)((intptr_t)stubs - (intptr_t)(c + 16));
	c[0] = 0x49, c[1] = 0xbb;
	memcpy(c + 2, &real, 8);
	c[10] = 0xff, c[11] = 0x25;
	memcpy(c + 12, &rel32, 4);
}

static void point_slot(const struct relocs *r, uintptr_t *slot, uintptr_t v)
{
	uintptr_t a = (uintptr_t)slot;
	if (a < r->relro_lo || a >= r->relro_hi) {
		__atomic_store_n(slot, v, __ATOMIC_RELEASE);
		return;
	}
	/* RELRO pages are read-only after relocation; no .data shares one */
	void *page = (void *)(a & ~(uintptr_t)4095);
	sys_mprotect(page, 4096, PROT_READ | PROT_WRITE);
	__atomic_store_n(slot, v, __ATOMIC_RELEASE);
	sys_mprotect(page, 4096, PROT_READ);
}

/* Three passes over the slots to wrap, in one order (slot k has stub k): count them, write
 * their stubs (and warn of lazy ones), then point them at the stubs, once the stubs are
 * executable (after a dlopen other threads may call through a slot at once). */
enum pass { COUNT, WRITE_STUBS, REDIRECT };

static size_t walk(const struct dl_phdr_info *info, const struct relocs *r, uint8_t *stubs,
		   enum pass pass)
{
	size_t k = 0;
	for (int w = 0; w < 2; w++)
		for (size_t i = 0; r->rel[w] && i < r->n[w]; i++) {
			const ElfW(Rela) *rel = &r->rel[w][i];
			const ElfW(Sym) *s = &r->sym[ELF64_R_SYM(rel->r_info)];
			uintptr_t *slot = (uintptr_t *)(info->dlpi_addr + rel->r_offset);
			enum lp_callout_pick p =
			    lp_callout_pick((uint32_t)ELF64_R_TYPE(rel->r_info), s->st_info,
					    s->st_shndx, s->st_name, dest_of(info, *slot));
			if (p == LP_CALLOUT_LAZY && pass == WRITE_STUBS)
				warn_lazy(r->str + s->st_name);
			if (p != LP_CALLOUT_WRAP)
				continue;
			if (pass == WRITE_STUBS)
				write_stub(stubs, k, *slot);
			else if (pass == REDIRECT)
				point_slot(r, slot, (uintptr_t)(stubs + 16 + 16 * k));
			k++;
		}
	return k;
}

static int patch_target(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size, (void)data;
	int t = lp_got_target_of(info);
	struct relocs r;
	if (t < 0 || (done & (1u << t)) || read_dynamic(info, &r))
		return 0;
	done |= 1u << t;
	size_t n = walk(info, &r, NULL, COUNT);
	if (!n)
		return 0;
	size_t bytes = (16 + 16 * n + 4095) & ~(size_t)4095;
	uint8_t *m =
	    sys_mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		lp_log_text(LP_REC_WARN, LP_TID_NONE, 0,
			    "memory model tso: no memory for the drain stubs of a target's calls "
			    "out: a store they make may be seen before the caller's older ones");
		return 0;
	}
	memset(m, 0xcc, bytes);
	*(uintptr_t *)m = (uintptr_t)lp_callout_entry;
	walk(info, &r, m, WRITE_STUBS);
	sys_mprotect(m, bytes, PROT_READ | PROT_EXEC);
	stub_lo[t] = (uintptr_t)m, stub_hi[t] = (uintptr_t)m + bytes;
	walk(info, &r, m, REDIRECT);
	return 0;
}

/* constructor and after dlopen: the targets mapped since */
void lp_callout_patch(void)
{
	if (!lp_callout_on)
		return;
	dl_iterate_phdr(note_spans, NULL);
	dl_iterate_phdr(patch_target, NULL);
}
