/* include/lineup/layout.h — a struct passed by value (lineup-test(5) `struct{...}`): its members
 * as leaves in declaration order and its System V x86-64 classification. Shared by the analysis
 * (built from DWARF), the history (members formatted by kind), the built-in driver (the call
 * through libffi) and --emit-client. The preload sees only the size and the classes
 * (protocol.h's "S<size>:<classes>" argument kind).
 *
 * Classification (System V ABI 3.2.3, for the members accepted here: integers, pointers,
 * float, double, nested structs; no arrays, unions, bit-fields or long double): a struct over
 * 16 bytes, or with a member at an offset that is not a multiple of its size (packed), is
 * MEMORY: copied on the stack. Otherwise each eightbyte is SSE when it holds only float and
 * double members, else INTEGER. A struct whose eightbytes do not all fit in the registers
 * left (6 integer, 8 vector) goes whole on the stack; later arguments still take registers. */
#ifndef LINEUP_LAYOUT_H
#define LINEUP_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lineup/protocol.h"

#define LP_LAYOUT_MAX_LEAVES 32
#define LP_LAYOUT_MAX_DEPTH 8

struct lp_layout_leaf {
	uint16_t off;  /* bytes from the start of the struct */
	uint8_t kind;  /* enum lp_kind: LP_K_I1..LP_K_F8, never LP_K_STR (a char * is a pointer) */
	uint8_t open;  /* nested structs that start at this leaf ('{' before it) */
	uint8_t close; /* nested structs that end after it ('}') */
};

struct lp_layout {
	uint16_t size;	 /* <= LP_MAX_STRUCT */
	uint8_t memory;	 /* class MEMORY: on the stack */
	uint8_t n_eight; /* eightbytes (registers when not memory) */
	uint8_t sse[2];	 /* eightbyte i is SSE (else INTEGER) */
	uint8_t n;	 /* leaves */
	char ctype[80];	 /* how C names the type: "struct point" or a typedef name; "" if none */
	struct lp_layout_leaf leaf[LP_LAYOUT_MAX_LEAVES];
};

/* Size in bytes of a leaf kind (0 for a kind that cannot be a member). */
unsigned lp_layout_kind_size(enum lp_kind k);
/* Sets memory, n_eight and sse[] from size and the leaves. */
void lp_layout_classify(struct lp_layout *l);
/* The members a literal gives at the top level (a nested struct counts once). */
int lp_layout_top_members(const struct lp_layout *l);
/* Leaves of the top-level member i: [*first, *first + *count). */
void lp_layout_member(const struct lp_layout *l, int i, int *first, int *count);

/* The preload's kind token "S<size>:<classes>": one letter per eightbyte, 'i' INTEGER, 's'
 * SSE, or "m" for MEMORY ("S8:i", "S16:si", "S24:m"). */
void lp_layout_token(const struct lp_layout *l, char *buf, size_t n);
/* The whole layout in one word (no spaces or commas): the token, then per leaf
 * ":<off>.<kind>.<open>.<close>", then "=" and ctype with spaces as '+'. Returns 0, or -1
 * when parse meets text of another shape. */
void lp_layout_text(const struct lp_layout *l, char *buf, size_t n);
int lp_layout_parse(const char *s, struct lp_layout *l);

/* The text of a struct value: "{1, 2.5, {3, 0x0}}", each leaf formatted by fmt (the
 * history's value syntax) from the bytes (size bytes of the struct). */
typedef size_t (*lp_layout_fmt_fn)(enum lp_kind kind, uint64_t raw, const char *str, uint32_t len,
				   bool truncated, char *buf, size_t bufsize);
void lp_layout_format(const struct lp_layout *l, const unsigned char *bytes, lp_layout_fmt_fn fmt,
		      char *buf, size_t n);

/* A stable copy of *l (the same pointer for equal layouts), kept to the end of the process. */
const struct lp_layout *lp_layout_intern(const struct lp_layout *l);

#endif
