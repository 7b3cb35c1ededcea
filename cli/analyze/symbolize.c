/* cli/analyze/symbolize.c — code addresses of a client process as text for reports (preemption
 * sites, watchdog locations), with libdwfl. Best effort: never dies, always returns a
 * string, degrading from "func+0x1a (file.c:23)" to "0x7f...". */
#include "analyze.h"
#include "demangle.h"
#include "lineup/die.h"

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
	uint64_t h = 1469598103934665603ull;
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		for (size_t i = 0; i < n; i++)
			h = (h ^ (unsigned char)buf[i]) * 1099511628211ull;
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
