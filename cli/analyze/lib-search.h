/* cli/analyze/lib-search.h — where the dynamic loader finds a library named by a soname
 * (a name without '/'), for --target, --instrument and a description's target lines that
 * the client does not link (the built-in driver and clients dlopen them by that name).
 *
 * The loader's order for an object without DT_RPATH/DT_RUNPATH (the driver; a client's
 * own links come from its closure before this search): the folders of LD_LIBRARY_PATH
 * (':' or ';' separated; an empty entry is the working directory), then
 * /etc/ld.so.cache, then the default folders. In a folder only an x86-64 ELF shared
 * object counts: the loader passes over a 32-bit or foreign file of the same name.
 * Not modelled: $ORIGIN-style tokens in LD_LIBRARY_PATH, and a glibc-hwcaps variant
 * (x86-64-v3/...) the cache may list beside the baseline entry (the baseline is taken). */
#ifndef LINEUP_CLI_LIB_SEARCH_H
#define LINEUP_CLI_LIB_SEARCH_H

#include <stdbool.h>
#include <stddef.h>

/* The default folders, in the loader's order (NULL-terminated). */
extern const char *const lp_lib_default_dirs[];

/* The path the cache file's bytes (data, len: the whole of /etc/ld.so.cache, old,
 * new or combined format) give for soname among its x86-64 entries, malloc'ed, or NULL
 * (also for a malformed cache). Pure. */
char *lp_ldcache_lookup(const void *data, size_t len, const char *soname);

/* Where to look: any field may be NULL (skipped). */
struct lp_lib_where {
	const char *ld_library_path; /* as in the environment */
	const char *cache;	     /* path of an ld.so.cache file */
	const char *const *dirs;     /* default folders, NULL-terminated */
};

/* Whether path is a regular file with an x86-64 ELF shared object's header. */
bool lp_lib_usable(const char *path);

/* The first usable file named soname in the order above, malloc'ed, or NULL. */
char *lp_lib_search(const char *soname, const struct lp_lib_where *where);

/* The same with this process's LD_LIBRARY_PATH, /etc/ld.so.cache and the default folders:
 * what a dlopen(soname) of the driver or the client finds. */
char *lp_lib_find(const char *soname);

#endif
