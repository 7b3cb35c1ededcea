/* cli/analyze/lib-search.c — the loader's search for a soname (see lib-search.h): the
 * ld.so.cache reader and the folder walk. */
#include "lib-search.h"
#include "lineup/buf.h"
#include "lineup/die.h"

#include <elf.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const lp_lib_default_dirs[] = {"/lib/x86_64-linux-gnu",
					   "/usr/lib/x86_64-linux-gnu",
					   "/lib64",
					   "/usr/lib64",
					   "/lib",
					   "/usr/lib",
					   NULL};

/* glibc's sysdeps/generic/dl-cache.h: an old table ("ld.so-1.7.0", 12-byte entries) may
 * come first, then, 8-aligned, the new one ("glibc-ld.so.cache1.1", 24-byte entries) whose
 * string offsets count from its own header. */
#define OLD_MAGIC "ld.so-1.7.0"
#define NEW_MAGIC "glibc-ld.so.cache1.1"
#define OLD_HEADER 16 /* magic[11], pad, nlibs */
#define OLD_ENTRY 12
#define NEW_HEADER 48
#define NEW_ENTRY 24
#define FLAG_ELF_LIBC6 0x0003
#define FLAG_X8664_LIB64 0x0300

static uint32_t u32(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static uint64_t u64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

/* The NUL-terminated string at off of [base, base+len), or NULL. */
static const char *str_at(const unsigned char *base, size_t len, uint32_t off)
{
	if (off >= len || !memchr(base + off, 0, len - off))
		return NULL;
	return (const char *)base + off;
}

char *lp_ldcache_lookup(const void *data, size_t len, const char *soname)
{
	const unsigned char *p = data;
	size_t at = 0;
	if (len >= OLD_HEADER && !memcmp(p, OLD_MAGIC, strlen(OLD_MAGIC))) {
		uint64_t n = u32(p + 12);
		at = (size_t)((OLD_HEADER + n * OLD_ENTRY + 7) & ~(uint64_t)7);
		if (n > len || at > len)
			return NULL;
	}
	if (len - at < NEW_HEADER || memcmp(p + at, NEW_MAGIC, strlen(NEW_MAGIC)))
		return NULL; /* an old table alone: no glibc of this century writes one */
	const unsigned char *base = p + at;
	size_t blen = len - at;
	uint64_t n = u32(base + 20);
	if (n > (blen - NEW_HEADER) / NEW_ENTRY)
		return NULL;
	const char *found = NULL;
	for (uint64_t i = 0; i < n; i++) {
		const unsigned char *e = base + NEW_HEADER + i * NEW_ENTRY;
		uint32_t flags = u32(e);
		if ((flags & 0xff) != FLAG_ELF_LIBC6 || (flags & 0xff00) != FLAG_X8664_LIB64)
			continue;
		const char *key = str_at(base, blen, u32(e + 4));
		const char *value = str_at(base, blen, u32(e + 8));
		if (!key || !value || strcmp(key, soname))
			continue;
		if (u64(e + 16) == 0) /* the baseline, which every CPU loads */
			return lp_xstrdup(value);
		if (!found)
			found = value;
	}
	return found ? lp_xstrdup(found) : NULL;
}

bool lp_lib_usable(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return false;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	Elf64_Ehdr h;
	ssize_t n = read(fd, &h, sizeof h);
	close(fd);
	return n == (ssize_t)sizeof h && !memcmp(h.e_ident, ELFMAG, SELFMAG) &&
	       h.e_ident[EI_CLASS] == ELFCLASS64 && h.e_ident[EI_DATA] == ELFDATA2LSB &&
	       h.e_type == ET_DYN && h.e_machine == EM_X86_64;
}

/* soname in the folder dir (len bytes; empty: the working directory), if usable there. */
static char *in_dir(const char *dir, size_t len, const char *soname)
{
	struct lp_buf b = {0};
	if (len)
		lp_buf_printf(&b, "%.*s/%s", (int)len, dir, soname);
	else
		lp_buf_printf(&b, "%s", soname);
	if (lp_lib_usable(lp_buf_str(&b)))
		return lp_buf_take(&b);
	lp_buf_free(&b);
	return NULL;
}

static char *from_cache(const char *cache, const char *soname)
{
	int fd = open(cache, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	struct stat st;
	char *path = NULL;
	if (fstat(fd, &st) == 0 && st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m != MAP_FAILED) {
			path = lp_ldcache_lookup(m, (size_t)st.st_size, soname);
			munmap(m, (size_t)st.st_size);
		}
	}
	close(fd);
	if (path && !lp_lib_usable(path)) { /* a stale cache: the loader moves on too */
		free(path);
		path = NULL;
	}
	return path;
}

char *lp_lib_search(const char *soname, const struct lp_lib_where *w)
{
	if (!*soname || strchr(soname, '/'))
		return NULL;
	/* an empty entry, even the last ("a:"), is the working directory */
	for (const char *p = w->ld_library_path; p && *w->ld_library_path;) {
		size_t n = strcspn(p, ":;");
		char *r = in_dir(p, n, soname);
		if (r)
			return r;
		if (!p[n])
			break;
		p += n + 1;
	}
	char *r = w->cache ? from_cache(w->cache, soname) : NULL;
	for (int i = 0; !r && w->dirs && w->dirs[i]; i++)
		r = in_dir(w->dirs[i], strlen(w->dirs[i]), soname);
	return r;
}

char *lp_lib_find(const char *soname)
{
	struct lp_lib_where w = {getenv("LD_LIBRARY_PATH"), "/etc/ld.so.cache",
				 lp_lib_default_dirs};
	return lp_lib_search(soname, &w);
}
