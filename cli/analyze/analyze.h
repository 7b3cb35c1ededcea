/* cli/analyze/analyze.h — what the cli learns about the client and its targets before running
 * anything: client checks, target resolution, exported functions and their types
 * (libelf, libdw), and the patch plan handed to the preload (protocol.h).
 * Every function here calls lp_die(LP_EXIT_USAGE, ...) on user and environment errors,
 * with one line that says what to do. */
#ifndef LINEUP_CLI_ANALYZE_H
#define LINEUP_CLI_ANALYZE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "atomics-scan.h"
#include "lineup/layout.h"
#include "lineup/protocol.h"

/* Which instructions of the targets and --instrument objects become scheduling points. */
enum lp_site_level {
	LP_SITES_NONE,	 /* -g sync: none (only interposed calls are points) */
	LP_SITES_ATOMIC, /* -g atomic: rmw, xchg, fence, and pause (a yield) */
	LP_SITES_MEMORY, /* -g memory: those, plus loads and stores of shared memory */
};

/* An out-parameter: argument arg (from 0) of func points to len bytes written by the call,
 * printed as kind (LP_K_I4, I8, PTR, F8, or U1 for bytes). */
struct lp_out_param {
	const char *func;
	int arg;
	enum lp_kind kind;
	unsigned len;
	const char *where; /* "FILE:LINE" of a call that passes it, for errors */
};

struct lp_analyze_opts {
	const char *client;   /* as given on the command line (PATH lookup done here) */
	const char **targets; /* --target values (path or soname); n_targets == 0: default */
	int n_targets;
	const char **globs; /* --function values; none: every exported function */
	int n_globs;
	const char **signatures; /* --signature values: "name(int,ptr)->long" */
	int n_signatures;
	const char **instrument; /* --instrument values (path or soname) */
	int n_instrument;
	enum lp_site_level sites;
	/* --spin-site values "OBJ+0xOFF": the plain loads and stores of the loop at OFF in
	 * object OBJ become sites too (cli/analyze/spin-loop.h) */
	const char **spin_sites;
	int n_spin_sites;
	/* --lock values: functions whose compare-and-swap is a blocking lock's acquire
	 * (LP_SITE_LOCK); "none" drops the built-in ones (analyze-locks.c) */
	const char **locks;
	int n_locks;
	const char *preload; /* the preload library (never instrumented), or NULL */
	/* --test: the client is the built-in driver, which calls the targets through dlsym:
	 * its own imports are no operations, and errors speak of no client */
	bool driver;
	/* per target and per signature, "FILE:LINE" of the description line that gave it,
	 * prefixed to its errors; NULL entries (or arrays) for command-line values */
	const char *const *target_where;
	const char *const *signature_where;
	/* per --lock value, the same (NULL for command-line ones; the client's notes add none) */
	const char *const *lock_where;
	/* --header values ("<name.h>" or a path) and --pkg-config packages (their --cflags):
	 * types of functions that no DWARF gives (header-types.c); signatures still win */
	const char **headers;
	int n_headers;
	const char **pkg_configs;
	int n_pkg_configs;
	/* the functions whose types the header must give: NULL for the ones the client
	 * imports; the built-in driver names the description's calls here */
	const char **wanted;
	const char **wanted_at; /* "FILE:LINE" of each one's first call, or NULL */
	int n_wanted;
	/* functions that are never operations (a description's thread-init and thread-fini
	 * calls): left out of the plan, so their calls pass straight through */
	const char **not_ops;
	int n_not_ops;
	/* out-parameters of the description's calls: set in the plan, after the types */
	const struct lp_out_param *outs;
	int n_outs;
};

struct lp_plan_target {
	char *path; /* resolved absolute path */
	char *name; /* as the user named it, or the DT_NEEDED soname */
	dev_t dev;
	ino_t ino;
	bool has_dwarf;
	int load_order; /* position in the loader's list of the client's libraries, or -1
			   when the client does not link it (it may be dlopen'ed: the driver
			   checks at run time that it was loaded) */
};

struct lp_plan_func {
	int target; /* index into targets */
	char *name;
	uint64_t offset;  /* st_value */
	enum lp_kind ret; /* LP_K_UNKNOWN when untyped */
	int nargs;
	enum lp_kind args[LP_MAX_ARGS];
	const struct lp_layout *layout[LP_MAX_ARGS]; /* LP_K_STRUCT arguments (interned) */
	bool varargs;
	bool typed;		 /* ret and args known */
	const char *type_source; /* "target DWARF", "client DWARF", "--signature", NULL */
	bool imported_by_client; /* the client's own dynamic symbols reference it and bind
				    to this target (the first target in load order that
				    exports the name) */
	bool ifunc;		 /* STT_GNU_IFUNC: offset is the resolver's, not the
				    implementation's (the GOT holds the implementation) */
	size_t n_pure;		 /* region starts with no shared access (pure-regions.h) */
	uint64_t *pure;		 /* file addresses, ascending */
	bool called;		 /* the client's import, or a function its test names */
	size_t n_spans;		 /* steps through its callees (pure-spans.h): called only */
	struct lp_span *spans;
	char *untyped_reason; /* when !typed and the type is known but unsupported
				 ("struct passed by value", ...), else NULL */
	/* out-parameters (a description's `out T`): the pointee's size after the call, 0
	 * for other arguments, and its kind (LP_K_I4, I8, PTR, F8, or U1 for bytes) */
	uint16_t out_len[LP_MAX_ARGS];
	enum lp_kind out_kind[LP_MAX_ARGS];
};

/* One instruction to trap; object indexes targets, then instrument objects. The site's
 * func is NULL (the scan's names are not kept). */
struct lp_plan_site {
	int object;
	struct lp_site site;
};

/* What the scan found in one object, for the run summary. */
struct lp_plan_scan {
	size_t by_kind[LP_SITE_COUNT]; /* sites in the plan */
	size_t skipped[LP_SKIP_COUNT]; /* left out, by reason */
	uint64_t bad_bytes;	       /* undecodable bytes met */
	char *locks; /* the functions whose swap is a lock acquire ("a, b"), or NULL */
};

/* A library a target calls into that holds atomic instructions but is not instrumented
 * (cli/analyze/uninstrumented-deps.c): the run warns with --instrument NAME. */
struct lp_plan_dep {
	char *name;	  /* the target's DT_NEEDED name, what --instrument takes */
	int target;	  /* the target that links it */
	size_t n_atomics; /* atomic instructions in its code */
};

struct lp_plan {
	char *client_path; /* absolute path of the client executable */
	int n_targets;
	struct lp_plan_target *targets;
	int n_funcs;
	struct lp_plan_func *funcs;
	int n_instrument; /* --instrument objects (load_order as for targets) */
	struct lp_plan_target *instrument;
	enum lp_site_level level;
	size_t n_sites; /* sorted by object, then offset */
	struct lp_plan_site *sites;
	struct lp_plan_scan *scans; /* n_targets + n_instrument entries (NULL when none) */
	const char **spin_sites;    /* the options' (borrowed) */
	int n_spin_sites;
	const char **locks; /* --lock values, the options' (borrowed) */
	int n_locks;
	/* locks[i] for i < n_lock_where are the options' (lock_where[i], when there is one,
	 * "FILE:LINE" of its description line; borrowed), the others the client's notes */
	const char *const *lock_where;
	int n_lock_where;
	int n_uninstrumented;
	struct lp_plan_dep *uninstrumented;
};

/* Name of object i (target, then instrument), as the user named it. */
const char *lp_plan_object_name(const struct lp_plan *plan, int i);

/* Checks the client (exists, executable, ELF x86-64, dynamically linked), resolves the
 * targets (default: the client's DT_NEEDED libraries other than the C/C++ runtime and the
 * loader), lists their exported functions matching the globs and finds their types.
 * A function the client imports that has no type is an error naming it and --signature. */
struct lp_plan *lp_analyze(const struct lp_analyze_opts *opts);

/* Same, but returns -1 with the one-line message in err instead of dying (0 and *plan on
 * success). Warnings (a --signature that contradicts DWARF) still go to lp_warn. */
int lp_analyze_try(const struct lp_analyze_opts *opts, struct lp_plan **plan, char *err,
		   size_t errsize);

/* Writes the plan in the protocol.h text format (with_sites false: no instrument and
 * site lines, for a preload that predates them). Returns 0, or -1 with errno. */
int lp_plan_write(const struct lp_plan *plan, const char *path, bool with_sites);
void lp_plan_free(struct lp_plan *plan);

/* A buffer of this size holds any formatted value, a string of LP_MAX_STRING bytes
 * escaped as \xNN included. */
#define LP_VALUE_BUFSIZE (4 * LP_MAX_STRING + 16)

/* Text of a value of this kind, as it appears in a history (lineup-history(5)):
 * integers in decimal, bool true/false, pointers 0x..., strings C-quoted (NULL for a
 * null char *), floats with %.17g, void as "void". str/len/truncated only for LP_K_STR.
 * Returns the number of bytes written (always NUL-terminated, cut to bufsize). */
size_t lp_format_value(enum lp_kind kind, uint64_t raw, const char *str, uint32_t len,
		       bool truncated, char *buf, size_t bufsize);

/* Symbolization for reports, best effort and never fatal: "func+0x1a (file.c:23)" when
 * DWARF has a line, "func+0x1a in libx.so" without one, "libx.so+0x1234" without a
 * symbol, "0x7f..." when nothing is known, for an address in process pid (read from
 * /proc/pid/maps; with address randomisation off, the fork server's pid serves for the
 * addresses of its finished children). Returns a malloc'ed string. The modules of the
 * last pid are cached; lp_symbolize_reset() drops the cache. */
char *lp_symbolize(pid_t pid, uint64_t addr);
void lp_symbolize_reset(void);
/* "func+0x1c" for file address addr of the shared object at path (symbols, or its
 * separate debug file's), malloc'ed, or NULL when no symbol covers it. */
char *lp_symbolize_file(const char *path, uint64_t addr);
/* addr's function (malloc'ed), offset in it, and source file base name (malloc'ed) and line
 * when DWARF says (else NULL, 0). Returns 0, or -1 (and NULLs) outside any known function. */
int lp_symbolize_parts(pid_t pid, uint64_t addr, char **fn, uint64_t *off, char **src, int *line);
/* The instructions from start to end (inclusive: the last one starting there) of pid's
 * memory, disassembled, one line each prefixed by indent ("f+0x14: mov ..."). Trapped
 * instructions show as "(trapped)": their first byte is an int3. Malloc'ed, "" on error. */
char *lp_disassemble(pid_t pid, uint64_t start, uint64_t end, const char *indent);

#endif
