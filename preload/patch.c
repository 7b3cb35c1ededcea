/* preload/patch.c — traps the plan's sites: finds each target and instrumented object (by
 * file identity), checks every site's bytes, writes its out-of-line copy and its stub into
 * an RWX area within +-2 GB of the object, then patches the site: a jump to the stub where
 * one fits (5 bytes or more, or a short jump to the padding the plan names), else an int3
 * over its first byte. Runs in the constructor and after each dlopen (single-threaded or
 * holding the baton); never on a signal path. */
#include <elf.h>
#include <link.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "lineup/stringify.h"
#include "preload.h"
#include "sites.h"
#include "text.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#define N_OBJECTS (2 * LP_MAX_TARGETS)

static struct lp_trap_site table_mem[LP_MAX_SITES];
struct lp_site_table lp_site_table = {table_mem, 0, LP_MAX_SITES};
static struct lp_trap_site batch[LP_MAX_SITES];
static uintptr_t patched_base[N_OBJECTS]; /* where each object was patched, 0 = not yet */
static uint32_t n_patched[LP_SITE_COUNT], n_unpatched, n_stubbed; /* this process, each
								       site once */
static uint8_t site_done[LP_MAX_SITES];				  /* counted already */

static const struct lp_loaded_target *object(uint32_t i)
{
	const struct lp_loaded_plan *p = lp_g.plan;
	return i < p->n_targets ? &p->targets[i] : &p->instrument[i - p->n_targets];
}

static int object_index(const struct dl_phdr_info *info)
{
	const char *path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : "/proc/self/exe";
	struct stat st;
	if (sys_stat(path, &st) < 0)
		return -1;
	const struct lp_loaded_plan *p = lp_g.plan;
	for (uint32_t i = 0; i < p->n_targets + p->n_instrument; i++)
		if (object(i)->dev == st.st_dev && object(i)->ino == st.st_ino)
			return (int)i;
	return -1;
}

/* The executable segment holding [a, a+len), or NULL. */
static const ElfW(Phdr) * exec_segment(const struct dl_phdr_info *info, uintptr_t a, unsigned len)
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t s = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && a >= s &&
		    a + len <= s + ph->p_filesz)
			return ph;
	}
	return NULL;
}

static void warn_site(uint32_t i, uintptr_t addr, const char *why)
{
	const struct lp_loaded_plan *p = lp_g.plan;
	struct lp_text t;
	char buf[600];
	lp_text_init(&t, buf, sizeof buf);
	lp_text_str(&t, "instruction at ");
	lp_text_hex(&t, p->sites[i].offset);
	lp_text_str(&t, " of '");
	lp_text_str(&t, lp_plan_name(p, object(p->sites[i].object)->path));
	lp_text_str(&t, "' is not a scheduling point: ");
	lp_text_str(&t, why);
	lp_log_text(LP_REC_WARN, lp_self ? lp_self->tid : LP_TID_NONE, addr, buf);
}

static void count(uint32_t i, int patched, int stubbed)
{
	if (site_done[i])
		return;
	site_done[i] = 1;
	if (patched)
		n_patched[lp_g.plan->sites[i].kind]++;
	else
		n_unpatched++;
	n_stubbed += patched && stubbed;
}

/* Every execution patches the same sites: the shared counters take the maximum, so each
 * plan site counts once however many executions dlopen its object. */
static void publish_counts(void)
{
	struct lp_shm *shm = lp_g.shm;
	for (int k = 0; k < LP_SITE_COUNT; k++)
		if (n_patched[k] > shm->sites_patched[k])
			shm->sites_patched[k] = n_patched[k];
	if (n_unpatched > shm->sites_unpatched)
		shm->sites_unpatched = n_unpatched;
	if (n_stubbed > shm->sites_stubbed)
		shm->sites_stubbed = n_stubbed;
}

/* An RWX area of size bytes whose every byte is within reach (rel32) of [lo, hi). */
static uint8_t *near_area(uintptr_t lo, uintptr_t hi, size_t size)
{
	const uintptr_t step = (uintptr_t)1 << 24, reach = (uintptr_t)1 << 30;
	uintptr_t up = (hi + step - 1) & ~(step - 1);
	for (uintptr_t d = 0; d < reach; d += step) {
		uintptr_t cand[2] = {up + d,
				     lo > d + step + size ? ((lo - d - step) & ~(step - 1)) : 0};
		for (int k = 0; k < 2; k++) {
			if (!cand[k])
				continue;
			void *m =
			    sys_mmap((void *)cand[k], size, PROT_READ | PROT_WRITE | PROT_EXEC,
				     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
			if (m != MAP_FAILED && (uintptr_t)m == cand[k])
				return m;
			if (m != MAP_FAILED)
				sys_munmap(
				    m, size); /* an old kernel ignoring the flag put it elsewhere */
		}
	}
	return NULL;
}

int lp_segment_prot(uint32_t p_flags)
{
	return (p_flags & PF_R ? PROT_READ : 0) | (p_flags & PF_W ? PROT_WRITE : 0) |
	       (p_flags & PF_X ? PROT_EXEC : 0);
}

/* The address range [*lo, *hi) the object's PT_LOAD segments cover. */
static void load_span(const struct dl_phdr_info *info, uintptr_t *lo, uintptr_t *hi)
{
	uintptr_t base = info->dlpi_addr;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD)
			continue;
		if (base + ph->p_vaddr < *lo)
			*lo = base + ph->p_vaddr;
		if (base + ph->p_vaddr + ph->p_memsz > *hi)
			*hi = base + ph->p_vaddr + ph->p_memsz;
	}
}

/* Why no site of this object is trapped, or NULL: never libc, the loader or ourselves
 * (glibc branches into the middle of its atomics and our own code runs inside the trap
 * handler). */
static const char *refusal(const struct dl_phdr_info *info)
{
	if (lp_object_contains(info, (uintptr_t)lp_preload_resolve))
		return "it is in liblineup-preload itself";
	if (lp_object_contains(info, (uintptr_t)real_pthread_create) ||
	    lp_object_contains(info, (uintptr_t)real_sched_yield))
		return "it is in the C library, which is never instrumented";
	if (getauxval(AT_BASE) && info->dlpi_addr == getauxval(AT_BASE))
		return "it is in the dynamic loader, which is never instrumented";
	return NULL;
}

/* Patches batch[j] as its mode says; a short jump's padding must still look like padding
 * (two plan sites naming the same bytes: the second gets int3). */
static void write_site(struct lp_trap_site *t)
{
	uint8_t *at = (uint8_t *)t->addr, jmp[5];
	uintptr_t stub = t->copy + LP_COPY_BYTES;
	if (t->mode == LP_PATCH_JMP32 && lp_sites_jmp32(jmp, t->addr, stub) == 5) {
		memcpy(at, jmp, 5);
		return;
	}
	if (t->mode == LP_PATCH_JMP8 && lp_sites_padding_bytes((const uint8_t *)t->pad, 5) &&
	    lp_sites_jmp32(jmp, t->pad, stub) == 5 && lp_sites_jmp8(at, t->addr, t->pad) == 2) {
		memcpy((uint8_t *)t->pad, jmp, 5);
		return;
	}
	t->mode = LP_PATCH_INT3;
	*(volatile uint8_t *)at = 0xcc;
}

/* Patches batch[0..m), one executable segment at a time. */
static void write_patches(const struct dl_phdr_info *info, uint32_t m)
{
	uintptr_t base = info->dlpi_addr;
	for (int k = 0; k < info->dlpi_phnum; k++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[k];
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		uintptr_t s0 = (base + ph->p_vaddr) & ~(uintptr_t)4095;
		uintptr_t s1 = (base + ph->p_vaddr + ph->p_memsz + 4095) & ~(uintptr_t)4095;
		int opened = 0;
		for (uint32_t j = 0; j < m; j++) {
			if (batch[j].addr < s0 || batch[j].addr >= s1)
				continue;
			if (!opened && sys_mprotect((void *)s0, s1 - s0,
						    PROT_READ | PROT_WRITE | PROT_EXEC) < 0)
				break;
			opened = 1;
			write_site(&batch[j]);
		}
		if (opened)
			sys_mprotect((void *)s0, s1 - s0, lp_segment_prot(ph->p_flags));
	}
}

/* The first byte a site's mode writes. */
static uint8_t first_byte(uint32_t mode)
{
	return mode == LP_PATCH_JMP32 ? 0xe9 : mode == LP_PATCH_JMP8 ? 0xeb : 0xcc;
}

/* Counts each not yet counted site of the object as trapped, or warns why not. */
static void count_trapped(uint32_t obj, uintptr_t base)
{
	const struct lp_loaded_plan *p = lp_g.plan;
	for (uint32_t i = 0; i < p->n_sites; i++) {
		uintptr_t addr = base + p->sites[i].offset;
		if (p->sites[i].object == obj && !site_done[i]) {
			const struct lp_trap_site *e = lp_sites_find(&lp_site_table, addr);
			if (e && *(const uint8_t *)addr == first_byte(e->mode))
				count(i, 1, e->mode != LP_PATCH_INT3);
			else {
				warn_site(i, addr, "its code page cannot be made writable");
				count(i, 0, 0);
			}
		}
	}
}

/* How site s (at addr, copy written at copy) is reached: a jump to its stub when one fits
 * and the stub could be written, else int3. */
static void choose_mode(const struct dl_phdr_info *info, const struct lp_loaded_site *s,
			struct lp_trap_site *t, const uint8_t *area)
{
	t->mode = LP_PATCH_INT3;
	if (lp_stubs_off)
		return;
	uint8_t probe[5];
	if (s->len < 5) {
		uintptr_t pad = info->dlpi_addr + s->pad;
		if (!s->pad || exec_segment(info, pad, 5) != exec_segment(info, t->addr, s->len) ||
		    !lp_sites_padding_bytes((const uint8_t *)pad, 5) ||
		    lp_sites_jmp8(probe, t->addr, pad) < 0 ||
		    lp_sites_jmp32(probe, pad, t->copy + LP_COPY_BYTES) < 0)
			return;
		t->pad = pad;
	}
	int idx = lp_stub_add(t);
	uint8_t *stub = (uint8_t *)t->copy + LP_COPY_BYTES;
	if (idx < 0 ||
	    lp_sites_stub(stub, (uintptr_t)stub, (uint32_t)idx, (uintptr_t)area, t->copy) < 0)
		return;
	t->mode = s->len < 5 ? LP_PATCH_JMP8 : LP_PATCH_JMP32;
}

static void patch_object(const struct dl_phdr_info *info, uint32_t obj)
{
	const struct lp_loaded_plan *p = lp_g.plan;
	uintptr_t base = info->dlpi_addr, lo = UINTPTR_MAX, hi = 0;
	uint32_t want = 0, m = 0;
	for (uint32_t i = 0; i < p->n_sites; i++)
		want += p->sites[i].object == obj;
	if (!want)
		return;
	load_span(info, &lo, &hi);
	const char *refuse = refusal(info);
	/* the stubs' entry address first, then a slot per site */
	size_t size = ((size_t)(want + 1) * LP_COPY_SLOT + 4095) & ~(size_t)4095;
	uint8_t *area = refuse ? NULL : near_area(lo, hi, size);
	if (!refuse && !area)
		refuse = "no memory for its out-of-line copy within 1 GiB of the object";
	if (area)
		*(uintptr_t *)area = (uintptr_t)lp_stub_entry;
	for (uint32_t i = 0; i < p->n_sites; i++) {
		const struct lp_loaded_site *s = &p->sites[i];
		if (s->object != obj)
			continue;
		uintptr_t addr = base + s->offset;
		const char *why = refuse;
		if (!why && !exec_segment(info, addr, s->len))
			why = "its address is not in the object's executable code";
		else if (!why && memcmp((const void *)addr, s->bytes, s->len) != 0)
			why = ((const uint8_t *)addr)[0] == 0xcc
				  ? "it already holds a breakpoint (a debugger?)"
				  : "its bytes in memory differ from the plan's (another build of "
				    "the object?)";
		uint8_t *copy = area + (size_t)(m + 1) * LP_COPY_SLOT;
		if (!why &&
		    lp_sites_copy(copy, (uintptr_t)copy, addr, s->bytes, s->len, s->disp_off) < 0)
			why = "its relocated copy cannot reach the original addresses (rel32)";
		if (why) {
			if (!site_done[i])
				warn_site(i, addr, why);
			count(i, 0, 0);
			continue;
		}
		batch[m] = (struct lp_trap_site){addr, (uintptr_t)copy, s->kind, s->len, 0, 0};
		choose_mode(info, s, &batch[m], area);
		m++;
	}
	/* the patches first: a short jump whose padding turned out taken falls back to int3,
	 * and the table must say which */
	write_patches(info, m);
	if (area)
		sys_mprotect(area, size, PROT_READ | PROT_EXEC);
	if (m && lp_sites_merge(&lp_site_table, batch, m) < 0)
		lp_fatal(LP_OUT_LIMIT, 0,
			 "more than " LP_STR(
			     LP_MAX_SITES) " trapped instructions in the loaded objects");
	count_trapped(obj, base);
}

static int each_object(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size, (void)data;
	int obj = object_index(info);
	if (obj < 0 || patched_base[obj] == info->dlpi_addr + 1)
		return 0;
	patched_base[obj] = info->dlpi_addr + 1; /* + 1: a base of 0 (the main program) counts */
	patch_object(info, (uint32_t)obj);
	return 0;
}

/* constructor-only, and after each dlopen */
void lp_patch_scan(void)
{
	if (!lp_g.plan->n_sites)
		return;
	dl_iterate_phdr(each_object, NULL);
	publish_counts();
}
