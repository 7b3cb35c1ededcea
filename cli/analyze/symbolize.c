/* cli/analyze/symbolize.c — code addresses of a client process as text for reports (preemption
 * sites, watchdog locations), with libdwfl. Best effort: never dies, always returns a
 * string, degrading from "func+0x1a (file.c:23)" to "0x7f...". */
#include "analyze.h"
#include "demangle.h"
#include "lineup/die.h"
#include "lineup/hash.h"

#include <capstone/capstone.h>
#include <elfutils/libdwfl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const Dwfl_Callbacks callbacks = {
    .find_elf = dwfl_linux_proc_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
};

/* Reports are symbolized in bursts for one process: keep its modules while its mappings
 * (the text of /proc/pid/maps) stay the same; a dlopen or dlclose since invalidates them. */
static Dwfl *cache;
static pid_t cache_pid;
static uint64_t cache_maps_hash;

void lp_symbolize_reset(void)
{
	if (cache)
		dwfl_end(cache);
	cache = NULL;
	cache_pid = 0;
	cache_maps_hash = 0;
}

/* FNV-1a of /proc/pid/maps; 0 when it cannot be read. */
static uint64_t maps_hash(pid_t pid)
{
	char path[64], buf[4096];
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	FILE *f = fopen(path, "re");
	if (!f)
		return 0;
	uint64_t h = LP_FNV_OFFSET;
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		h = lp_hash_fnv1a(h, buf, n);
	fclose(f);
	return h | 1;
}

static Dwfl *modules(pid_t pid)
{
	uint64_t h = maps_hash(pid);
	if (cache && cache_pid == pid && cache_maps_hash == h)
		return cache;
	lp_symbolize_reset();
	if (!h)
		return NULL;
	Dwfl *d = dwfl_begin(&callbacks);
	if (!d)
		return NULL;
	dwfl_report_begin(d);
	if (dwfl_linux_proc_report(d, pid) != 0 || dwfl_report_end(d, NULL, NULL) != 0) {
		dwfl_end(d);
		return NULL;
	}
	cache = d;
	cache_pid = pid;
	cache_maps_hash = h;
	return d;
}

static const char *base_name(const char *path)
{
	const char *s = path ? strrchr(path, '/') : NULL;
	return s ? s + 1 : path;
}

static char *dup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dup_printf(const char *fmt, ...)
{
	va_list ap;
	char *s = NULL;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	return s ? s : lp_xstrdup("?");
}

/* Without libdwfl: the mapping in /proc/pid/maps, as object+file offset. */
static char *from_maps(pid_t pid, uint64_t addr)
{
	char path[64], line[4096];
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	FILE *f = fopen(path, "re");
	char *res = NULL;
	while (f && !res && fgets(line, sizeof(line), f)) {
		uint64_t lo, hi, off;
		int pos = 0;
		if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %*s %" SCNx64 " %*s %*s %n", &lo, &hi,
			   &off, &pos) < 3 ||
		    addr < lo || addr >= hi)
			continue;
		char *name = line + pos;
		name[strcspn(name, "\n")] = 0;
		if (*name)
			res = dup_printf("%s+0x%" PRIx64, base_name(name), addr - lo + off);
	}
	if (f)
		fclose(f);
	return res ? res : dup_printf("0x%" PRIx64, addr);
}

char *lp_symbolize(pid_t pid, uint64_t addr)
{
	Dwfl *d = modules(pid);
	Dwfl_Module *mod = d ? dwfl_addrmodule(d, addr) : NULL;
	if (!mod)
		return from_maps(pid, addr);
	const char *modname = dwfl_module_info(mod, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
	const char *obj = base_name(modname) ? base_name(modname) : "?";
	GElf_Off off = 0;
	GElf_Sym sym;
	const char *fn = dwfl_module_addrinfo(mod, addr, &off, &sym, NULL, NULL, NULL);
	if (!fn) {
		GElf_Addr bias = 0;
		if (!dwfl_module_getelf(mod, &bias))
			return from_maps(pid, addr);
		return dup_printf("%s+0x%" PRIx64, obj, (uint64_t)(addr - bias));
	}
	char *demangled = lp_demangle(fn);
	if (demangled)
		fn = demangled;
	Dwfl_Line *line = dwfl_module_getsrc(mod, addr);
	int lineno = 0;
	const char *src = line ? dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL) : NULL;
	char *res;
	if (src && lineno > 0)
		res = dup_printf("%s+0x%" PRIx64 " (%s:%d)", fn, (uint64_t)off, base_name(src),
				 lineno);
	else
		res = dup_printf("%s+0x%" PRIx64 " in %s", fn, (uint64_t)off, obj);
	free(demangled);
	return res;
}

int lp_symbolize_parts(pid_t pid, uint64_t addr, char **fn, uint64_t *off, char **src, int *line)
{
	*fn = *src = NULL;
	*off = 0;
	*line = 0;
	Dwfl *d = modules(pid);
	Dwfl_Module *mod = d ? dwfl_addrmodule(d, addr) : NULL;
	if (!mod)
		return -1;
	GElf_Off o = 0;
	GElf_Sym sym;
	const char *name = dwfl_module_addrinfo(mod, addr, &o, &sym, NULL, NULL, NULL);
	if (!name)
		return -1;
	char *demangled = lp_demangle(name);
	*fn = demangled ? demangled : lp_xstrdup(name);
	*off = (uint64_t)o;
	Dwfl_Line *l = dwfl_module_getsrc(mod, addr);
	int lineno = 0;
	const char *file = l ? dwfl_lineinfo(l, NULL, &lineno, NULL, NULL, NULL) : NULL;
	if (file && lineno > 0) {
		*src = lp_xstrdup(base_name(file));
		*line = lineno;
	}
	return 0;
}

/* Objects opened for lp_symbolize_file, by path: a run names sites of a few. */
static struct {
	char *path;
	Dwfl *dwfl;
	Dwfl_Module *mod;
} files[8];

static const Dwfl_Callbacks offline_callbacks = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
};

static Dwfl_Module *file_module(const char *path)
{
	size_t i = 0;
	for (; i < sizeof files / sizeof *files && files[i].path; i++)
		if (!strcmp(files[i].path, path))
			return files[i].mod;
	if (i == sizeof files / sizeof *files)
		return NULL;
	Dwfl *d = dwfl_begin(&offline_callbacks);
	Dwfl_Module *mod = d ? dwfl_report_offline(d, path, path, -1) : NULL;
	if (d && dwfl_report_end(d, NULL, NULL) != 0)
		mod = NULL;
	files[i].path = lp_xstrdup(path);
	files[i].dwfl = d;
	files[i].mod = mod;
	return mod;
}

char *lp_symbolize_file(const char *path, uint64_t addr)
{
	Dwfl_Module *mod = file_module(path);
	GElf_Addr bias = 0;
	if (!mod || !dwfl_module_getelf(mod, &bias))
		return NULL;
	GElf_Off off = 0;
	GElf_Sym sym;
	const char *fn = dwfl_module_addrinfo(mod, addr + bias, &off, &sym, NULL, NULL, NULL);
	if (!fn)
		return NULL;
	char *demangled = lp_demangle(fn);
	char *res = dup_printf("%s+0x%" PRIx64, demangled ? demangled : fn, (uint64_t)off);
	free(demangled);
	return res;
}

/* The bytes of the code at addr as the object's file has them (the process's copy has the
 * int3 of each trapped instruction). Returns the bytes read. */
static size_t read_code(pid_t pid, uint64_t addr, uint8_t *buf, size_t n)
{
	Dwfl *d = modules(pid);
	Dwfl_Module *mod = d ? dwfl_addrmodule(d, addr) : NULL;
	GElf_Addr bias = 0;
	Elf *elf = mod ? dwfl_module_getelf(mod, &bias) : NULL;
	if (!elf)
		return 0;
	uint64_t a = addr - bias;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS || a < sh.sh_addr ||
		    a >= sh.sh_addr + sh.sh_size)
			continue;
		Elf_Data *data = elf_getdata(scn, NULL);
		if (!data || !data->d_buf)
			return 0;
		size_t at = (size_t)(a - sh.sh_addr), k = data->d_size - at;
		if (at >= data->d_size)
			return 0;
		if (k > n)
			k = n;
		memcpy(buf, (const uint8_t *)data->d_buf + at, k);
		return k;
	}
	return 0;
}

char *lp_disassemble(pid_t pid, uint64_t start, uint64_t end, const char *indent)
{
	if (end < start || end - start > 4096)
		return lp_xstrdup("");
	size_t n = (size_t)(end - start) + 15;
	uint8_t *bytes = lp_xmalloc(n);
	size_t got = read_code(pid, start, bytes, n);
	csh cs;
	char *out = NULL;
	size_t outlen = 0;
	FILE *o = open_memstream(&out, &outlen);
	if (got && o && cs_open(CS_ARCH_X86, CS_MODE_64, &cs) == CS_ERR_OK) {
		cs_insn *in = NULL;
		size_t k = cs_disasm(cs, bytes, got, start, 0, &in);
		for (size_t i = 0; i < k && in[i].address <= end; i++) {
			char *fn = NULL, *src = NULL;
			uint64_t off;
			int line;
			lp_symbolize_parts(pid, in[i].address, &fn, &off, &src, &line);
			fprintf(o, "%s%s+0x%" PRIx64 ": %s %s\n", indent, fn ? fn : "?", off,
				in[i].mnemonic, in[i].op_str);
			free(fn);
			free(src);
		}
		if (k)
			cs_free(in, k);
		cs_close(&cs);
	}
	if (o)
		fclose(o);
	free(bytes);
	return out ? out : lp_xstrdup("");
}
