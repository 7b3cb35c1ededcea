/* cli/analyze/analyze-internal.h — the pieces of the analysis (client checks, library closure,
 * targets, exported functions, DWARF types, signatures) shared by cli/analyze-*.c and
 * their unit tests. Every step reports a user error as one line in err[] and returns -1,
 * so tests can check the messages; only lp_analyze() turns them into lp_die(). */
#ifndef LINEUP_CLI_ANALYZE_INTERNAL_H
#define LINEUP_CLI_ANALYZE_INTERNAL_H

#include "analyze.h"

#include <stdarg.h>
#include <stddef.h>

#define LP_ERR_SIZE 65536 /* lists of every untyped function fit */

/* Formats into err (at most errsize bytes) and returns -1, for "return fail(...)". */
__attribute__((format(printf, 3, 4))) int lp_analyze_fail(char *err, size_t errsize,
							  const char *fmt, ...);

/* ---- Client (cli/analyze/analyze-client.c) ---- */
struct lp_client {
	char *name;    /* as the user gave it */
	char *path;    /* absolute path after PATH lookup */
	char *interp;  /* PT_INTERP: the loader that runs it */
	char **needed; /* its own DT_NEEDED entries, in order */
	int n_needed;
	char **imports; /* names of its undefined dynamic symbols, sorted */
	int n_imports;
	const char *runtime; /* a sanitizer linked in statically (__asan_init defined), or NULL */
	/* its LP_CLIENT_NOTES section (a client --emit-client wrote), NUL-terminated, or NULL */
	char *notes;
};

/* A client's own notes for lineup-preload, one a line: "setup NAME" (a function of the
 * threads' set-up, never an operation) and "out NAME ARG KIND LEN" (argument ARG, from 0,
 * is an out-parameter of LEN bytes printed as kind token KIND, "u1" for bytes). */
#define LP_CLIENT_NOTES ".lineup_client"
/* Finds the client (PATH lookup when name has no slash) and checks it is a dynamically
 * linked x86-64 ELF executable. */
int lp_client_open(const char *name, struct lp_client *c, char *err, size_t errsize);
bool lp_client_imports(const struct lp_client *c, const char *sym);
void lp_client_free(struct lp_client *c);

/* ---- Library closure as the loader resolves it (cli/analyze/analyze-closure.c) ---- */
struct lp_closure_ent {
	char *name;   /* as requested (DT_NEEDED), or the path for the loader itself */
	char *path;   /* NULL when the loader did not find it, or for the vdso */
	bool missing; /* "name => not found" */
	dev_t dev;
	ino_t ino;
};
struct lp_closure {
	int n;
	struct lp_closure_ent *ents;
};
/* Runs "LD_TRACE_LOADED_OBJECTS=1 INTERP CLIENT" (as ldd does; the client itself does
 * not run). */
int lp_closure_load(const struct lp_client *c, struct lp_closure *cl, char *err, size_t errsize);
/* Parses the loader's --list output (pure, no stat: dev/ino left 0). */
int lp_closure_parse(const char *text, struct lp_closure *cl, char *err, size_t errsize);
void lp_closure_free(struct lp_closure *cl);

/* ---- Targets (cli/analyze/analyze-targets.c) ---- */
/* True for the C/C++ runtime and the loader (never a default target). */
bool lp_runtime_soname(const char *soname);
/* Fills plan->targets from the user's names, or from the client's DT_NEEDED. where (or
 * NULL): per name, the "FILE:LINE" of the description line that gave it, prefixed to its
 * errors, or NULL for --target. driver: the client is the built-in driver of a
 * description, which links none of the targets (errors then speak of no client). */
int lp_targets_resolve(const struct lp_client *c, const struct lp_closure *cl, const char **names,
		       const char *const *where, int n_names, bool driver, struct lp_plan *plan,
		       char *err, size_t errsize);

/* ---- Dependencies left uninstrumented (cli/analyze/uninstrumented-deps.c) ---- */
/* Whether a DT_NEEDED name may be worth instrumenting: not a runtime, the loader, the vdso
 * or the preload. */
bool lp_dep_candidate(const char *soname);
/* Fills plan->uninstrumented: the targets' DT_NEEDED libraries (found in the closure, else
 * by the loader's search) that are neither targets, --instrument objects nor refused, that
 * export a symbol the target imports, and whose code holds atomic instructions. */
void lp_deps_plan(struct lp_plan *plan, const struct lp_closure *cl);

/* Fills plan->instrument from --instrument names (files the client may load, resolved as
 * targets are), refusing those lp_instrument_refusal names and the preload file itself by
 * identity. Objects that are targets already are left out (they are instrumented anyway).
 * client: its name for the messages, NULL for the built-in driver. */
int lp_instrument_resolve(const struct lp_closure *cl, const char **names, int n_names,
			  const char *preload, const char *client, struct lp_plan *plan, char *err,
			  size_t errsize);

/* ---- Sites (cli/analyze/analyze-sites.c) ---- */
/* Scans every target and instrument object at plan->level and fills plan->sites and
 * plan->scans. Fails when the plan would exceed LP_MAX_SITES. */
int lp_sites_plan(struct lp_plan *plan, char *err, size_t errsize);
/* The target or --instrument object a user's OBJ (len bytes) names: by its name as given,
 * or its file's base name; -1 when none. */
int lp_sites_object_named(const struct lp_plan *plan, const char *name, size_t len);

/* ---- Blocking locks (cli/analyze/analyze-locks.c) ---- */
/* Whether the len bytes are a lock-prefixed cmpxchg (0f b0, 0f b1). */
bool lp_lock_cmpxchg(const uint8_t *bytes, unsigned len);
/* Turns into LP_SITE_LOCK the one swap of each plan->locks function and of each built-in
 * lock (unless --lock none) among sites, object obj's copy of sc's (same order, names
 * still set), and names those functions in its ps->locks; a value OBJ+0xOFF names the
 * swap at OFF of object OBJ (a stripped library's static function). found[i] is set when
 * plan->locks[i] was met. -1 with err for a named function with several swaps, or for no
 * swap at OFF of an object OBJ names. */
int lp_locks_mark(struct lp_plan *plan, int obj, struct lp_plan_scan *ps,
		  struct lp_plan_site *sites, const struct lp_scan *sc, bool *found, char *err,
		  size_t errsize);
/* -1 with err when a lock is named (--lock, a description's lock line, the client's notes)
 * where no instruction is trapped (-g sync). */
int lp_locks_no_sites(const struct lp_plan *plan, char *err, size_t errsize);
/* -1 with err when a --lock function was met in no object. */
int lp_locks_check(const struct lp_plan *plan, const bool *found, char *err, size_t errsize);
/* Fills each function's pure region starts (pure-regions.h); an object that cannot be read
 * just gets none (its steps keep the "ran target code" dependence). */
void lp_pure_plan(struct lp_plan *plan);

/* ---- Exported functions (cli/analyze/elf-functions.c) ---- */
struct lp_symbol {
	char *name;
	uint64_t value; /* st_value (for an ifunc: its resolver) */
	bool ifunc;
	bool weak;
};
/* Defined, exported (global/weak, default/protected) functions of a shared object, one
 * per name (the default version wins), in .dynsym order. Checks it is an x86-64 ELF
 * shared object; what names it in the messages. */
int lp_elf_functions(const char *path, const char *what, struct lp_symbol **out, int *n, char *err,
		     size_t errsize);
void lp_symbols_free(struct lp_symbol *s, int n);
/* DT_SONAME of an ELF shared object (malloc'ed), or NULL. */
char *lp_elf_soname(const char *path);

/* ---- Types ---- */
struct lp_ftype {
	enum lp_kind ret;
	int nargs;
	enum lp_kind args[LP_MAX_ARGS];
	const struct lp_layout *layout[LP_MAX_ARGS]; /* LP_K_STRUCT arguments (interned) */
	bool varargs;
	bool typed;
	char reason[128]; /* why not typed, when the type is known but unsupported */
};

/* cli/analyze/dwarf-types.c. One wanted function: name in, found/type out. */
struct lp_dwarf_fn {
	const char *name;
	bool found;
	struct lp_ftype type;
};
/* Looks the names up in the DWARF of path (or its separate debug file by build-id or
 * debuglink). decls_only: only DW_AT_declaration subprograms (what a client carries);
 * otherwise definitions are preferred to declarations. Returns 1 if the file has DWARF,
 * 0 if it has none, -1 on error. */
int lp_dwarf_types(const char *path, bool decls_only, struct lp_dwarf_fn *fns, int n, char *err,
		   size_t errsize);

/* cli/analyze/header-types.c: looks the names up in the headers (each "<name.h>" or a
 * path), compiled with the packages' pkg-config --cflags; found is false for a name the
 * headers do not declare. Returns 0, or -1 when the headers do not compile. */
int lp_header_types(const char *const *headers, int n_headers, const char *const *pkgs, int n_pkgs,
		    struct lp_dwarf_fn *fns, int n, char *err, size_t errsize);
/* A folder where the compiled units are kept, named LP_HEADER_CACHE_PREFIX...: set by a
 * campaign for its checks (they share the headers), which removes them at its end. */
#define LP_ENV_HEADER_CACHE "LINEUP_HEADER_CACHE"
#define LP_HEADER_CACHE_PREFIX "header-"

/* cli/analyze/signature-parse.c: "name(T,T,...)->T". *name is malloc'ed. */
int lp_signature_parse(const char *text, char **name, struct lp_ftype *t, char *err,
		       size_t errsize);
/* "i4(p,s,...)" style text of a type, for messages. */
void lp_ftype_format(const struct lp_ftype *t, char *buf, size_t bufsize);
const char *lp_kind_token(enum lp_kind k);

#endif
