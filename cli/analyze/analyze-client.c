/* cli/analyze/analyze-client.c — finds the client program and checks that lineup-preload can work
 * with it: an x86-64 ELF executable, dynamically linked; collects its loader, DT_NEEDED
 * libraries and imported symbols. */
#include "analyze-internal.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int lp_analyze_fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
	static const char cut[] = " [message cut]";
	if (n >= 0 && (size_t)n >= errsize && errsize > sizeof(cut))
		memcpy(err + errsize - sizeof(cut), cut, sizeof(cut));
	return -1;
}
#define fail(...) lp_analyze_fail(err, errsize, __VA_ARGS__)

/* Like execvp: the first regular executable file in PATH; an empty entry is ".". */
static char *path_lookup(const char *name, bool *found_non_exec)
{
	const char *path = getenv("PATH");
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	*found_non_exec = false;
	for (const char *p = path;; p++) {
		const char *end = strchrnul(p, ':');
		int dirlen = (int)(end - p);
		char *cand;
		if (asprintf(&cand, "%.*s%s%s", dirlen, dirlen ? p : ".", "/", name) < 0)
			lp_die(LP_EXIT_USAGE, "out of memory");
		struct stat st;
		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode)) {
			if (access(cand, X_OK) == 0)
				return cand;
			*found_non_exec = true;
		}
		free(cand);
		if (!*end)
			return NULL;
		p = end;
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void push_str(char ***v, int *n, const char *s)
{
	*v = lp_xrealloc(*v, sizeof(**v) * (size_t)(*n + 1));
	(*v)[(*n)++] = lp_xstrdup(s);
}

/* Runtimes that take the calls lineup-preload must see (sanitizers intercept pthreads and
 * libc; OpenMP waits on futexes with raw system calls): refused up front, with the cause. */
static const struct {
	const char *soname, *symbol; /* linked dynamically / in statically */
	const char *what, *why, *fix;
} refused_runtimes[] = {
#define LP_SAN_WHY "its interceptors take the pthread and libc calls that lineup-preload must see"
#define LP_OMP_WHY                                                                                 \
	"its threads wait on futexes with raw system calls that lineup-preload cannot control"
    {"libasan.so", "__asan_init", "AddressSanitizer", LP_SAN_WHY,
     "rebuild it without -fsanitize=address"},
    {"libtsan.so", "__tsan_init", "ThreadSanitizer", LP_SAN_WHY,
     "rebuild it without -fsanitize=thread"},
    {"libhwasan.so", "__hwasan_init", "HWAddressSanitizer", LP_SAN_WHY,
     "rebuild it without -fsanitize=hwaddress"},
    {"liblsan.so", "__lsan_init", "LeakSanitizer", LP_SAN_WHY,
     "rebuild it without -fsanitize=leak"},
    {"libgomp.so", NULL, "OpenMP (libgomp)", LP_OMP_WHY,
     "test the library from a client that starts its threads with pthread_create"},
    {"libomp.so", NULL, "OpenMP (libomp)", LP_OMP_WHY,
     "test the library from a client that starts its threads with pthread_create"},
    {"libiomp5.so", NULL, "OpenMP (libiomp5)", LP_OMP_WHY,
     "test the library from a client that starts its threads with pthread_create"},
};

#undef LP_SAN_WHY
#undef LP_OMP_WHY

static void note_static_runtime(struct lp_client *c, const char *sym)
{
	for (size_t i = 0; i < sizeof refused_runtimes / sizeof *refused_runtimes; i++)
		if (refused_runtimes[i].symbol && !strcmp(sym, refused_runtimes[i].symbol))
			c->runtime = refused_runtimes[i].what;
}

/* The refused runtime the client uses, as an index, or -1. */
static int refused_runtime(const struct lp_client *c)
{
	for (size_t i = 0; i < sizeof refused_runtimes / sizeof *refused_runtimes; i++) {
		size_t len = strlen(refused_runtimes[i].soname);
		for (int k = 0; k < c->n_needed; k++)
			if (!strncmp(c->needed[k], refused_runtimes[i].soname, len))
				return (int)i;
		if (c->runtime && c->runtime == refused_runtimes[i].what)
			return (int)i;
	}
	return -1;
}

/* DT_NEEDED entries, DF_1_PIE, and the undefined dynamic symbols. */
static int read_dynamic(Elf *elf, struct lp_client *c, bool *pie, char *err, size_t errsize)
{
	Elf_Scn *scn = NULL;
	size_t shstr = 0;
	*pie = false;
	elf_getshdrstrndx(elf, &shstr);
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		if (!d)
			continue;
		const char *sname = shstr ? elf_strptr(elf, shstr, sh.sh_name) : NULL;
		if (sname && !strcmp(sname, LP_CLIENT_NOTES) && sh.sh_type == SHT_PROGBITS &&
		    d->d_buf && !c->notes)
			c->notes = strndup(d->d_buf, d->d_size);
		if (sh.sh_type == SHT_DYNAMIC) {
			for (size_t i = 0; i < sh.sh_size / (sh.sh_entsize ? sh.sh_entsize : 16);
			     i++) {
				GElf_Dyn dyn;
				if (!gelf_getdyn(d, (int)i, &dyn))
					break;
				if (dyn.d_tag == DT_NEEDED) {
					const char *s = elf_strptr(elf, sh.sh_link, dyn.d_un.d_val);
					if (s)
						push_str(&c->needed, &c->n_needed, s);
				} else if (dyn.d_tag == DT_FLAGS_1 && (dyn.d_un.d_val & DF_1_PIE)) {
					*pie = true;
				}
			}
		} else if (sh.sh_type == SHT_DYNSYM) {
			size_t n = sh.sh_size / (sh.sh_entsize ? sh.sh_entsize : sizeof(Elf64_Sym));
			for (size_t i = 1; i < n; i++) {
				GElf_Sym sym;
				if (!gelf_getsym(d, (int)i, &sym))
					break;
				if (!sym.st_name)
					continue;
				const char *s = elf_strptr(elf, sh.sh_link, sym.st_name);
				if (!s || !*s)
					continue;
				if (sym.st_shndx != SHN_UNDEF)
					note_static_runtime(c, s);
				else
					push_str(&c->imports, &c->n_imports, s);
			}
		}
	}
	if (c->n_imports)
		qsort(c->imports, (size_t)c->n_imports, sizeof(*c->imports), cmp_str);
	return 0;
}

static int check_elf(int fd, const char *shown, struct lp_client *c, char *err, size_t errsize)
{
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf)
		return fail("cannot read client '%s': %s", shown, elf_errmsg(-1));
	int rc = -1;
	GElf_Ehdr eh;
	if (elf_kind(elf) != ELF_K_ELF) {
		fail("client '%s' is not an ELF executable: give a compiled program (not a script)",
		     shown);
		goto out;
	}
	if (!gelf_getehdr(elf, &eh)) {
		fail("cannot read the ELF header of client '%s': %s", shown, elf_errmsg(-1));
		goto out;
	}
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64) {
		fail("client '%s' is not an x86-64 executable: lineup-preload supports only x86-64 "
		     "Linux programs",
		     shown);
		goto out;
	}
	if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN) {
		fail("client '%s' is not an executable (ELF type %u): give a linked program", shown,
		     (unsigned)eh.e_type);
		goto out;
	}
	size_t nph;
	if (elf_getphdrnum(elf, &nph) != 0) {
		fail("cannot read the program headers of client '%s': %s", shown, elf_errmsg(-1));
		goto out;
	}
	bool has_dynamic = false;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(elf, (int)i, &ph))
			continue;
		if (ph.p_type == PT_DYNAMIC)
			has_dynamic = true;
		if (ph.p_type == PT_INTERP && !c->interp) {
			size_t len;
			char *raw = elf_rawfile(elf, &len);
			if (raw && ph.p_offset < len && ph.p_filesz > 1 &&
			    ph.p_filesz <= len - ph.p_offset)
				c->interp = strndup(raw + ph.p_offset, ph.p_filesz);
		}
	}
	bool pie = false;
	if (has_dynamic)
		read_dynamic(elf, c, &pie, err, errsize);
	if (!c->interp) {
		/* A shared library has PT_DYNAMIC but no PT_INTERP; so has a static PIE, which
		 * marks itself DF_1_PIE. */
		if (eh.e_type == ET_DYN && has_dynamic && !pie)
			fail("client '%s' is a shared library, not a program: give the client "
			     "program and name the library with --target",
			     shown);
		else
			fail("'%s' is statically linked: lineup-preload needs a dynamically linked "
			     "client (relink without -static)",
			     shown);
		goto out;
	}
	int r = refused_runtime(c);
	if (r >= 0) {
		fail("client '%s' is built with %s (%s): %s", shown, refused_runtimes[r].what,
		     refused_runtimes[r].why, refused_runtimes[r].fix);
		goto out;
	}
	rc = 0;
out:
	elf_end(elf);
	return rc;
}

int lp_client_open(const char *name, struct lp_client *c, char *err, size_t errsize)
{
	memset(c, 0, sizeof(*c));
	char *found = NULL;
	if (!*name)
		return fail("the client name is empty: give the program to run");
	if (!strchr(name, '/')) {
		bool non_exec;
		found = path_lookup(name, &non_exec);
		if (!found && non_exec)
			return fail("client '%s' found in PATH is not executable: give its path or "
				    "chmod +x it",
				    name);
		if (!found)
			return fail(
			    "client '%s' not found in PATH: give its path (./%s if it is in "
			    "this directory)",
			    name, name);
	} else {
		found = lp_xstrdup(name);
	}
	struct stat st;
	if (stat(found, &st) != 0) {
		int e = errno;
		free(found);
		if (e == ENOENT || e == ENOTDIR)
			return fail("client '%s' not found", name);
		return fail("cannot access client '%s': %s", name, strerror(e));
	}
	if (S_ISDIR(st.st_mode)) {
		free(found);
		return fail("client '%s' is a directory: give the program to run", name);
	}
	if (!S_ISREG(st.st_mode) || access(found, X_OK) != 0) {
		free(found);
		return fail("client '%s' is not executable: chmod +x it", name);
	}
	c->name = lp_xstrdup(name);
	c->path = realpath(found, NULL);
	free(found);
	if (!c->path)
		return fail("cannot resolve the path of client '%s': %s", name, strerror(errno));

	int fd = open(c->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		lp_client_free(c);
		return fail("cannot open client '%s': %s", name, strerror(e));
	}
	elf_version(EV_CURRENT);
	int rc = check_elf(fd, name, c, err, errsize);
	close(fd);
	if (rc)
		lp_client_free(c);
	return rc;
}

bool lp_client_imports(const struct lp_client *c, const char *sym)
{
	return c->n_imports &&
	       bsearch(&sym, c->imports, (size_t)c->n_imports, sizeof(*c->imports), cmp_str);
}

void lp_client_free(struct lp_client *c)
{
	free(c->name);
	free(c->notes);
	free(c->path);
	free(c->interp);
	for (int i = 0; i < c->n_needed; i++)
		free(c->needed[i]);
	free(c->needed);
	for (int i = 0; i < c->n_imports; i++)
		free(c->imports[i]);
	free(c->imports);
	memset(c, 0, sizeof(*c));
}
