/* preload/plan.h — the patch plan (protocol.h text format) parsed into fixed tables.
 * Pure: no I/O and no allocation, so the parser runs in the preload's constructor and in
 * unit tests alike. */
#ifndef LP_PRELOAD_PLAN_H
#define LP_PRELOAD_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "lineup/protocol.h"

#define LP_PLAN_NAMES ((size_t)1 << 20) /* bytes of names and paths, NUL-terminated */

struct lp_plan_target {
	uint64_t dev, ino;
	uint32_t path; /* offset in names */
};

struct lp_plan_func {
	uint64_t offset;  /* st_value in the target */
	uint32_t target;
	uint32_t name;    /* offset in names */
	uint8_t ret;      /* enum lp_kind */
	uint8_t nargs;    /* recorded arguments (<= LP_MAX_ARGS) */
	uint8_t varargs;  /* named arguments followed by "..." */
	uint8_t untyped;  /* a kind is "?" or there are more than LP_MAX_ARGS arguments */
	uint8_t args[LP_MAX_ARGS];
};

struct lp_plan {
	uint32_t n_targets, n_funcs;
	struct lp_plan_target targets[LP_MAX_TARGETS];
	struct lp_plan_func funcs[LP_MAX_FUNCS];
	size_t names_len;
	char names[LP_PLAN_NAMES];
};

/* Parses len bytes of plan text into *p (which need not be zeroed). Returns 0, or -1 with
 * a one-line message in err ("plan line 3: ..."). */
int lp_plan_parse(struct lp_plan *p, const char *buf, size_t len, char *err, size_t errlen);

/* Kind token ("i4") to enum lp_kind, or -1. The token is [s, s+n). */
int lp_plan_kind(const char *s, size_t n);

static inline const char *lp_plan_name(const struct lp_plan *p, uint32_t off)
{
	return p->names + off;
}

#endif
