/* cli/analyze/uninstrumented-deps.c — libraries a target calls into whose code holds atomic
 * instructions (their locks, e.g. GObject's object data is locked with bit locks inside
 * libglib) but that are neither targets nor --instrument objects: their synchronisation is no
 * scheduling point, so the search sees far fewer interleavings. They are not instrumented
 * automatically (a common dependency such as libglib would multiply every run's cost for
 * calls that may be irrelevant); the run warns with the flag that adds them. */
#include "analyze-internal.h"
#include "atomics-scan.h"
#include "instrument-refusal.h"
#include "lib-search.h"
#include "lineup/die.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool lp_dep_candidate(const char *soname)
{
	return !lp_runtime_soname(soname) && !lp_instrument_refusal(soname) &&
	       strncmp(soname, "linux-vdso", 10) != 0;
}

struct dyn_info {
	char **needed;
	int n_needed;
	char **undef; /* undefined dynamic symbols (imports) */
	int n_undef;
	char **defined; /* defined dynamic symbols (exports) */
	int n_defined;
};

static void push(char ***arr, int *n, const char *s)
{
	*arr = lp_xrealloc(*arr, sizeof(**arr) * (size_t)(*n + 1));
	(*arr)[(*n)++] = lp_xstrdup(s);
}

static void dyn_free(struct dyn_info *d)
{
	for (int i = 0; i < d->n_needed; i++)
		free(d->needed[i]);
	for (int i = 0; i < d->n_undef; i++)
		free(d->undef[i]);
	for (int i = 0; i < d->n_defined; i++)
		free(d->defined[i]);
	free(d->needed);
	free(d->undef);
	free(d->defined);
	memset(d, 0, sizeof(*d));
}

static void read_dynsym(Elf *elf, const GElf_Shdr *sh, Elf_Data *data, struct dyn_info *d)
{
	size_t n = sh->sh_size / (sh->sh_entsize ? sh->sh_entsize : sizeof(Elf64_Sym));
	for (size_t i = 1; i < n; i++) {
		GElf_Sym sym;
		if (!gelf_getsym(data, (int)i, &sym))
			break;
		const char *s = sym.st_name ? elf_strptr(elf, sh->sh_link, sym.st_name) : NULL;
		if (!s || !*s)
			continue;
		if (sym.st_shndx == SHN_UNDEF)
			push(&d->undef, &d->n_undef, s);
		else
			push(&d->defined, &d->n_defined, s);
	}
}

/* DT_NEEDED and the dynamic symbols of the object at path; false when it is no ELF. */
static bool dyn_read(const char *path, struct dyn_info *d)
{
	memset(d, 0, sizeof(*d));
	elf_version(EV_CURRENT);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf) {
		close(fd);
		return false;
	}
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		if (!gelf_getshdr(scn, &sh) || !(data = elf_getdata(scn, NULL)))
			continue;
		if (sh.sh_type == SHT_DYNSYM)
			read_dynsym(elf, &sh, data, d);
		if (sh.sh_type != SHT_DYNAMIC)
			continue;
		for (size_t i = 0; i < sh.sh_size / (sh.sh_entsize ? sh.sh_entsize : 16); i++) {
			GElf_Dyn dyn;
			if (!gelf_getdyn(data, (int)i, &dyn) || dyn.d_tag == DT_NULL)
				break;
			const char *s = dyn.d_tag == DT_NEEDED
					    ? elf_strptr(elf, sh.sh_link, dyn.d_un.d_val)
					    : NULL;
			if (s)
				push(&d->needed, &d->n_needed, s);
		}
	}
	elf_end(elf);
	close(fd);
	return true;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether the target imports a symbol the dependency exports (it calls into it). */
static bool calls_into(const struct dyn_info *target, struct dyn_info *dep)
{
	qsort(dep->defined, (size_t)dep->n_defined, sizeof(char *), cmp_str);
	for (int i = 0; i < target->n_undef; i++)
		if (bsearch(&target->undef[i], dep->defined, (size_t)dep->n_defined, sizeof(char *),
			    cmp_str))
			return true;
	return false;
}

static bool same_file(const struct lp_plan_target *arr, int n, const struct stat *st)
{
	for (int i = 0; i < n; i++)
		if (arr[i].dev == st->st_dev && arr[i].ino == st->st_ino)
			return true;
	return false;
}

static bool already_listed(const struct lp_plan *plan, const char *name)
{
	for (int i = 0; i < plan->n_uninstrumented; i++)
		if (!strcmp(plan->uninstrumented[i].name, name))
			return true;
	return false;
}

/* Atomic instructions (not pause: a spin hint alone is no lock) in the object at path. */
static size_t atomics_in(const char *path)
{
	struct lp_scan sc;
	char msg[256];
	if (lp_atomics_scan(path, NULL, 0, false, &sc, msg, sizeof(msg)))
		return 0; /* not scannable: nothing to say about it */
	size_t n = 0;
	for (size_t k = 0; k < sc.n; k++)
		n += sc.sites[k].kind != LP_SITE_PAUSE;
	lp_atomics_scan_free(&sc);
	return n;
}

static void check_dep(struct lp_plan *plan, const char *name, const char *path, int t,
		      const struct dyn_info *target)
{
	struct stat st;
	if (stat(path, &st) != 0 || already_listed(plan, name) ||
	    same_file(plan->targets, plan->n_targets, &st) ||
	    same_file(plan->instrument, plan->n_instrument, &st))
		return;
	char *real = realpath(path, NULL);
	bool refused = real && lp_instrument_refusal(real);
	free(real);
	struct dyn_info dep;
	if (refused || !dyn_read(path, &dep))
		return;
	size_t n = calls_into(target, &dep) ? atomics_in(path) : 0;
	dyn_free(&dep);
	if (!n)
		return;
	plan->uninstrumented =
	    lp_xrealloc(plan->uninstrumented,
			sizeof(*plan->uninstrumented) * (size_t)(plan->n_uninstrumented + 1));
	struct lp_plan_dep *d = &plan->uninstrumented[plan->n_uninstrumented++];
	d->name = lp_xstrdup(name);
	d->target = t;
	d->n_atomics = n;
}

void lp_deps_plan(struct lp_plan *plan, const struct lp_closure *cl)
{
	if (plan->level == LP_SITES_NONE)
		return; /* -g sync traps no instruction anywhere: nothing to add */
	for (int t = 0; t < plan->n_targets; t++) {
		struct dyn_info target;
		if (!dyn_read(plan->targets[t].path, &target))
			continue;
		for (int i = 0; i < target.n_needed; i++) {
			if (!lp_dep_candidate(target.needed[i]))
				continue;
			/* Where the client's loader put it, else where the loader's search
			 * finds it (a description's driver links no target). */
			const char *path = NULL;
			for (int j = 0; j < cl->n && !path; j++)
				if (cl->ents[j].path && !strcmp(cl->ents[j].name, target.needed[i]))
					path = cl->ents[j].path;
			char *found = path ? NULL : lp_lib_find(target.needed[i]);
			if (path || found)
				check_dep(plan, target.needed[i], path ? path : found, t, &target);
			free(found);
		}
		dyn_free(&target);
	}
}
