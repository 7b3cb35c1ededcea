/* cli/analyze/elf-functions.c — the exported functions of a target (.dynsym with libelf) and
 * its soname. */
#include "analyze-internal.h"
#include "lineup/die.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define fail(...) lp_analyze_fail(err, errsize, __VA_ARGS__)

static Elf *open_elf(const char *path, int *fd)
{
	elf_version(EV_CURRENT);
	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return NULL;
	Elf *elf = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
	if (!elf) {
		close(*fd);
		*fd = -2; /* opened, but not readable as ELF */
	}
	return elf;
}

char *lp_elf_soname(const char *path)
{
	int fd;
	Elf *elf = open_elf(path, &fd);
	if (!elf)
		return NULL;
	char *soname = NULL;
	Elf_Scn *scn = NULL;
	while (!soname && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC ||
		    !(d = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / (sh.sh_entsize ? sh.sh_entsize : 16); i++) {
			GElf_Dyn dyn;
			if (!gelf_getdyn(d, (int)i, &dyn) || dyn.d_tag == DT_NULL)
				break;
			if (dyn.d_tag == DT_SONAME) {
				const char *s = elf_strptr(elf, sh.sh_link, dyn.d_un.d_val);
				if (s)
					soname = lp_xstrdup(s);
				break;
			}
		}
	}
	elf_end(elf);
	close(fd);
	return soname;
}

/* A position-independent executable is ET_DYN too, but marks itself DF_1_PIE. */
static bool is_pie(Elf *elf)
{
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC ||
		    !(d = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / (sh.sh_entsize ? sh.sh_entsize : 16); i++) {
			GElf_Dyn dyn;
			if (!gelf_getdyn(d, (int)i, &dyn) || dyn.d_tag == DT_NULL)
				break;
			if (dyn.d_tag == DT_FLAGS_1)
				return (dyn.d_un.d_val & DF_1_PIE) != 0;
		}
	}
	return false;
}

static int find_sym(struct lp_symbol *v, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return i;
	return -1;
}

int lp_elf_functions(const char *path, const char *what, struct lp_symbol **out, int *nout,
		     char *err, size_t errsize)
{
	*out = NULL;
	*nout = 0;
	int fd;
	Elf *elf = open_elf(path, &fd);
	if (!elf) {
		if (fd == -1)
			return fail("cannot open target '%s': %s", what, strerror(errno));
		return fail("cannot read target '%s': %s", what, elf_errmsg(-1));
	}
	int rc = -1;
	GElf_Ehdr eh;
	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
		fail("target '%s' is not an ELF file: give a shared library (.so)", what);
		goto out;
	}
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64) {
		fail("target '%s' is not an x86-64 library: lineup-preload supports only x86-64 "
		     "Linux",
		     what);
		goto out;
	}
	if (eh.e_type != ET_DYN || is_pie(elf)) {
		fail("target '%s' is a program, not a shared library: give a .so file", what);
		goto out;
	}

	Elf_Scn *scn = NULL, *dynsym = NULL, *versym = NULL;
	GElf_Shdr symsh = {0};
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_DYNSYM) {
			dynsym = scn;
			symsh = sh;
		} else if (sh.sh_type == SHT_GNU_versym) {
			versym = scn;
		}
	}
	Elf_Data *d = dynsym ? elf_getdata(dynsym, NULL) : NULL;
	if (!d) {
		fail("target '%s' has no dynamic symbol table (.dynsym): give an ordinary shared "
		     "library (%s)",
		     what, elf_errmsg(-1));
		goto out;
	}
	Elf_Data *vd = versym ? elf_getdata(versym, NULL) : NULL;
	struct lp_symbol *v = NULL;
	int n = 0;
	bool *hidden_ver = NULL;
	size_t nsyms = symsh.sh_size / (symsh.sh_entsize ? symsh.sh_entsize : sizeof(Elf64_Sym));
	for (size_t i = 1; i < nsyms; i++) {
		GElf_Sym sym;
		if (!gelf_getsym(d, (int)i, &sym))
			break;
		int type = GELF_ST_TYPE(sym.st_info), bind = GELF_ST_BIND(sym.st_info);
		int vis = GELF_ST_VISIBILITY(sym.st_other);
		if (sym.st_shndx == SHN_UNDEF || (type != STT_FUNC && type != STT_GNU_IFUNC) ||
		    (bind != STB_GLOBAL && bind != STB_WEAK) ||
		    (vis != STV_DEFAULT && vis != STV_PROTECTED))
			continue;
		const char *name = elf_strptr(elf, symsh.sh_link, sym.st_name);
		if (!name || !*name || !strcmp(name, "_init") || !strcmp(name, "_fini"))
			continue;
		/* Versioned names appear once per version; name@@V (default) is the one new
		 * links bind to, name@V are compatibility versions. */
		bool hidden = false;
		GElf_Versym ver;
		if (vd && gelf_getversym(vd, (int)i, &ver))
			hidden = (ver & 0x8000) != 0;
		int at = find_sym(v, n, name);
		if (at >= 0) {
			if (hidden || !hidden_ver[at])
				continue;
		} else {
			v = lp_xrealloc(v, sizeof(*v) * (size_t)(n + 1));
			hidden_ver = lp_xrealloc(hidden_ver, sizeof(*hidden_ver) * (size_t)(n + 1));
			at = n++;
			v[at].name = lp_xstrdup(name);
		}
		v[at].value = sym.st_value;
		v[at].ifunc = type == STT_GNU_IFUNC;
		v[at].weak = bind == STB_WEAK;
		hidden_ver[at] = hidden;
	}
	free(hidden_ver);
	*out = v;
	*nout = n;
	rc = 0;
out:
	elf_end(elf);
	close(fd);
	return rc;
}

void lp_symbols_free(struct lp_symbol *s, int n)
{
	for (int i = 0; i < n; i++)
		free(s[i].name);
	free(s);
}
