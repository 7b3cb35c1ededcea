/* preload/plan.h — the patch plan (protocol.h text format) parsed into fixed tables
 * (struct lp_loaded_plan; the cli's struct lp_plan, cli/analyze/analyze.h, writes it).
 * Pure: no I/O and no allocation, so the parser runs in the preload's constructor and in
 * unit tests alike. */
#ifndef LP_PRELOAD_PLAN_H
#define LP_PRELOAD_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "lineup/protocol.h"

#define LP_PLAN_NAMES ((size_t)1 << 20) /* bytes of names and paths, NUL-terminated */

struct lp_loaded_target {
	uint64_t dev, ino;
	uint32_t path; /* offset in names */
};

struct lp_loaded_func {
	uint64_t offset; /* st_value in the target */
	uint32_t target;
	uint32_t name;	 /* offset in names */
	uint8_t ret;	 /* enum lp_kind */
	uint8_t nargs;	 /* recorded arguments (<= LP_MAX_ARGS) */
	uint8_t varargs; /* named arguments followed by "..." */
	uint8_t untyped; /* a kind is "?" or there are more than LP_MAX_ARGS arguments */
	uint8_t args[LP_MAX_ARGS];
	/* out-parameters (protocol.h "p>..."): bytes after the call, 0 for other arguments,
	 * and how they are printed (i4 i8 p f8, or u1 for bytes) */
	uint16_t out_len[LP_MAX_ARGS];
	uint8_t out_kind[LP_MAX_ARGS];
	/* struct arguments (protocol.h "S<size>:<classes>"): size, 0 for other arguments, and
	 * classes: LP_SCLS_MEMORY, or bit e set when eightbyte e is SSE */
	uint16_t struct_len[LP_MAX_ARGS];
	uint8_t struct_cls[LP_MAX_ARGS];
	uint32_t pure_first, pure_n; /* its pure region starts: pure[first .. first + n) */
	uint32_t span_first, span_n; /* its spans: spans[first .. first + n) */
};

#define LP_SCLS_MEMORY 0x80u

#define LP_SITE_MAX_BYTES 15 /* longest x86 instruction */

/* An instruction to trap (protocol.h "site"): object indexes targets then instruments. */
struct lp_loaded_site {
	uint64_t offset; /* file-relative address, like st_value */
	uint32_t object; /* < n_targets + n_instrument */
	uint8_t len;	 /* 1..LP_SITE_MAX_BYTES */
	uint8_t kind;	 /* enum lp_site_kind */
	int8_t disp_off; /* offset of a RIP-relative disp32, -1 if none */
	uint8_t bytes[LP_SITE_MAX_BYTES];
	uint64_t pad; /* file-relative padding for the jump to the stub, 0 if none */
};

struct lp_loaded_plan {
	uint32_t n_targets, n_funcs;
	uint32_t n_instrument, n_sites;
	struct lp_loaded_target targets[LP_MAX_TARGETS];
	/* --instrument objects: sites only, never operations; object n_targets + i */
	struct lp_loaded_target instrument[LP_MAX_TARGETS];
	struct lp_loaded_func funcs[LP_MAX_FUNCS];
	struct lp_loaded_site sites[LP_MAX_SITES];
	uint32_t n_pure;
	uint64_t pure[LP_MAX_PURE]; /* file addresses, grouped by func, ascending */
	uint32_t n_spans;
	struct lp_span spans[LP_MAX_SPANS]; /* grouped by func */
	size_t names_len;
	char names[LP_PLAN_NAMES];
};

/* Parses len bytes of plan text into *p (which need not be zeroed). Returns 0, or -1 with
 * a one-line message in err ("plan line 3: ..."). */
int lp_plan_parse(struct lp_loaded_plan *p, const char *buf, size_t len, char *err, size_t errlen);

/* Site kind token ("rmw") to enum lp_site_kind, or -1. The token is [s, s+n). */
int lp_plan_site_kind(const char *s, size_t n);

/* Kind token ("i4") to enum lp_kind, or -1. The token is [s, s+n). */
int lp_plan_kind(const char *s, size_t n);

/* Whether offset (file address) is a pure region start of func f (protocol.h). */
int lp_plan_pure(const struct lp_loaded_plan *p, uint32_t f, uint64_t offset);

static inline const char *lp_plan_name(const struct lp_loaded_plan *p, uint32_t off)
{
	return p->names + off;
}

#endif
