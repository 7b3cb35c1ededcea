/* preload/patch.c — traps the plan's sites: finds each target and instrumented object (by
 * file identity), checks every site's bytes, writes its out-of-line copy into an RWX area
 * within +-2 GB of the object and an int3 over its first byte. Runs in the constructor and
 * after each dlopen (single-threaded or holding the baton); never on a signal path. */
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
static uint32_t n_patched[LP_SITE_COUNT], n_unpatched; /* this process, each site once */
static uint8_t site_done[LP_MAX_SITES];		       /* counted already */

static const struct lp_loaded_target *object(uint32_t i)
{
	const struct lp_loaded_plan *p = lp_g.plan;
	return i < p->n_targets ? &p->targets[i] : &p->instrument[i - p->n_targets];
}

static int object_index(const struct dl_phdr_info *info)
{
	const char *path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : "/proc/self/exe";
	struct stat st;
	if (stat(path, &st) < 0)
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

static void count(uint32_t i, int patched)
{
	if (site_done[i])
		return;
	site_done[i] = 1;
	if (patched)
		n_patched[lp_g.plan->sites[i].kind]++;
	else
		n_unpatched++;
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
			void *m = mmap((void *)cand[k], size, PROT_READ | PROT_WRITE | PROT_EXEC,
				       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
			if (m != MAP_FAILED && (uintptr_t)m == cand[k])
				return m;
			if (m != MAP_FAILED)
				munmap(m,
				       size); /* an old kernel ignoring the flag put it elsewhere */
		}
	}
	return NULL;
}

static int prot_of(const ElfW(Phdr) * ph)
{
	return (ph->p_flags & PF_R ? PROT_READ : 0) | (ph->p_flags & PF_W ? PROT_WRITE : 0) |
	       (ph->p_flags & PF_X ? PROT_EXEC : 0);
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

/* int3 over the first byte of batch[0..m), one executable segment at a time. */
static void write_int3(const struct dl_phdr_info *info, uint32_t m)
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
			if (!opened &&
			    mprotect((void *)s0, s1 - s0, PROT_READ | PROT_WRITE | PROT_EXEC) < 0)
				break;
			opened = 1;
			*(volatile uint8_t *)batch[j].addr = 0xcc;
		}
		if (opened)
			mprotect((void *)s0, s1 - s0, prot_of(ph));
	}
}

/* Counts each not yet counted site of the object as trapped, or warns why not. */
static void count_trapped(uint32_t obj, uintptr_t base)
{
	const struct lp_loaded_plan *p = lp_g.plan;
	for (uint32_t i = 0; i < p->n_sites; i++) {
		uintptr_t addr = base + p->sites[i].offset;
		if (p->sites[i].object == obj && !site_done[i]) {
			const struct lp_trap_site *e = lp_sites_find(&lp_site_table, addr);
			if (e && *(const uint8_t *)addr == 0xcc)
				count(i, 1);
			else {
				warn_site(i, addr, "its code page cannot be made writable");
				count(i, 0);
			}
		}
	}
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
	size_t size = ((size_t)want * LP_COPY_SLOT + 4095) & ~(size_t)4095;
	uint8_t *area = refuse ? NULL : near_area(lo, hi, size);
	if (!refuse && !area)
		refuse = "no memory for its out-of-line copy within 1 GiB of the object";
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
		uint8_t *copy = area + (size_t)m * LP_COPY_SLOT;
		if (!why &&
		    lp_sites_copy(copy, (uintptr_t)copy, addr, s->bytes, s->len, s->disp_off) < 0)
			why = "its relocated copy cannot reach the original addresses (rel32)";
		if (why) {
			if (!site_done[i])
				warn_site(i, addr, why);
			count(i, 0);
			continue;
		}
		batch[m++] = (struct lp_trap_site){addr, (uintptr_t)copy, s->kind, s->len};
	}
	if (area)
		mprotect(area, size, PROT_READ | PROT_EXEC);
	if (m && lp_sites_merge(&lp_site_table, batch, m) < 0)
		lp_fatal(LP_OUT_LIMIT, 0,
			 "more than " LP_STR(
			     LP_MAX_SITES) " trapped instructions in the loaded objects");
	write_int3(info, m);
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
