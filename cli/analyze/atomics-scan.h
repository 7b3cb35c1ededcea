/* cli/analyze/atomics-scan.h — finds the instructions of a target library that become scheduling
 * points (granularity atomic, and memory): offsets, lengths, bytes and RIP-relative
 * displacement positions, so the preload can trap them with int3 and run them out of line.
 *
 * What counts as a site
 * ---------------------
 * - rmw:   any lock-prefixed instruction (lock read from the bytes: capstone 4.0.2 drops
 *          it from `f0 f2 ...`, lock then xacquire) with a memory operand (lock add/sub/and/or/xor/
 *          inc/dec/neg/not/bts/btr/btc/xadd/cmpxchg/cmpxchg8b/cmpxchg16b), plus cmpxchg and
 *          xadd without lock (not atomic, but written as if they were).
 * - xchg:  xchg with a memory operand (implicitly locked: GCC's seq_cst stores).
 * - fence: mfence, and any locked instruction whose memory operand is based on %rsp
 *          (`lock orq $0,(%rsp)`, GCC's seq_cst fence).
 * - load/store (only when `memory` is asked): every other instruction with a memory
 *          operand, except lea, nops, prefetches, %fs/%gs (thread-local) accesses and stack
 *          accesses (based on %rsp, or on %rbp in a function that does `mov %rsp,%rbp`;
 *          %rbp is a general register elsewhere). Reading and writing counts as store.
 *          GCC compiles atomic loads and relaxed/release stores to plain mov: they are
 *          sites only here.
 * - pause: the spin-wait hint `f3 90` (always, like the atomics): a yield point.
 *
 * What the preload must know to patch a site
 * ------------------------------------------
 * - Patch the int3 at `offset` (load base + offset), which is the instruction start: its
 *   first byte is not always the lock byte (66 and REX prefixes may come first). Resume
 *   after `len` bytes. Check the `len` bytes at the address equal `bytes` first.
 * - A copy executed elsewhere computes RIP-relative addresses from its own address. When
 *   disp_off >= 0, the 4 bytes there are a signed little-endian disp32 relative to the end
 *   of the instruction (immediates may follow it: `lock addq $1, x(%rip)`); a copy of the
 *   same length placed at new_start needs disp32 + (offset + base - new_start), which
 *   must fit in 32 bits (copies within +-2 GB of the library).
 * - Sites never are control transfers. Instructions that cannot be run out of line, or
 *   whose patching is unsafe, are listed in `skipped` with a reason, never dropped.
 * - Every direct jmp/jcc/call/loop of the object is checked, also with a function filter;
 *   an indirect jump (jump table, function pointer) into a site's middle goes unseen.
 *   Compilers never emit those; hand-written assembly (glibc) does the direct kind.
 */
#ifndef LINEUP_CLI_ATOMICS_SCAN_H
#define LINEUP_CLI_ATOMICS_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lineup/protocol.h" /* enum lp_site_kind, LP_SITE_TOKENS: the plan's site kinds */

#define LP_SITE_MAX_LEN 15 /* longest x86 instruction */

struct lp_site {
	uint64_t offset;		/* virtual address in the file (same space as st_value) */
	uint8_t len;			/* whole instruction, prefixes included */
	uint8_t bytes[LP_SITE_MAX_LEN]; /* original bytes, to verify before patching */
	int8_t disp_off; /* offset of the RIP-relative disp32 in the instruction; -1: none */
	enum lp_site_kind kind;
	const char *func; /* containing function; NULL for code no symbol covers (static
			     functions of a stripped library, found by the gap sweep) */
	uint64_t pad;	  /* shorter than a jump: dead padding for the jump to its stub
			     (stub-pads.h), 0 if none */
};

enum lp_skip_reason {
	LP_SKIP_BRANCH_INTO,	/* a direct branch lands strictly inside the instruction */
	LP_SKIP_RIP_UNVERIFIED, /* RIP-relative, but its disp32 is not where capstone says */
	LP_SKIP_CONTROL,	/* indirect call/jmp through memory (memory granularity) */
	LP_SKIP_LOCK_NO_MEM,	/* lock prefix without a memory operand (#UD: data or bad decode) */
	LP_SKIP_AFTER_BAD,	/* decoded after undecodable bytes, before the next known
				   instruction boundary (symbol or FDE start): maybe misaligned */
	LP_SKIP_OVERLAP,	/* overlaps another site (symbols overlapping at odd offsets) */
	LP_SKIP_COUNT
};

struct lp_skipped {
	struct lp_site site; /* kind is what it would have been */
	enum lp_skip_reason why;
};

/* A run of bytes capstone could not decode (the scan skipped them one at a time). */
struct lp_undecodable {
	uint64_t offset;
	uint32_t len;
	const char *func; /* NULL in the gap sweep */
};

struct lp_scan {
	struct lp_site *sites; /* sorted by offset, no duplicates */
	size_t n;
	struct lp_skipped *skipped; /* sorted by offset */
	size_t n_skipped;
	struct lp_undecodable *bad; /* sorted by offset */
	size_t n_bad;
	uint64_t bad_bytes;  /* sum of bad[].len */
	size_t n_funcs;	     /* distinct function ranges scanned */
	uint64_t func_bytes; /* bytes in those ranges */
	uint64_t gap_bytes;  /* executable bytes outside every function, swept linearly */
	uint64_t n_insns;    /* instructions decoded */
	size_t n_fde_starts; /* .eh_frame_hdr entries: restart points of the gap sweep */
	size_t n_short;	     /* sites shorter than a jump */
	size_t n_padded;     /* of those, given padding for the jump to their stub */
	bool symtab;	     /* symbols came from .symtab (else .dynsym only: stripped) */
	/* private: storage of the function names */
	char **names_;
	size_t n_names_;
};

/* Scans the shared object at path. nfuncs == 0: every function (STT_FUNC, size > 0,
 * from .symtab when present, else .dynsym), then every executable byte no function
 * covers (linear sweep from each gap's start and from every function start listed in
 * .eh_frame_hdr, which a stripped object keeps for its static functions too). Otherwise only the
 * named functions (each must exist). memory: also plain loads and stores. Returns 0, or -1 with a
 * one-line message in err ("what is wrong 'subject': detail"); *out is then empty. */
int lp_atomics_scan(const char *path, const char *const *funcs, size_t nfuncs, bool memory,
		    struct lp_scan *out, char *err, size_t errlen);
void lp_atomics_scan_free(struct lp_scan *scan);

/* Plan line "site <target> <offset-hex> <len> <kind> <disp_off> <bytes-hex> [<pad-hex>]" (no
 * newline): offset, bytes and pad in lowercase hex without 0x (bytes as 2*len digits),
 * disp_off decimal; pad only when the site has one.
 * Returns what snprintf returns. */
int lp_site_format(const struct lp_site *site, int target, char *buf, size_t bufsize);

const char *lp_site_kind_name(enum lp_site_kind kind);
/* Whether the legacy prefixes of the instruction's bytes include lock (capstone 4.0.2 keeps
 * only one of lock/rep/repne and loses the lock of `f0 f2 ...`). */
bool lp_insn_has_lock(const uint8_t *bytes, unsigned len);
/* Whether a capstone x86 instruction id with a memory operand accesses no data there
 * (lea, nops, prefetches). */
bool lp_insn_no_data_access(unsigned id);
const char *lp_skip_reason_text(enum lp_skip_reason why);

/* Where the disp32 of a RIP-relative operand is, checked against the bytes: capstone's
 * disp_offset first, then the byte after ModRM (mod=00 rm=101 means disp32 follows it
 * directly); the 4 bytes there must equal disp (as decoded) and fit before len. Returns
 * the offset, or -1 when neither place holds it. Pure, for the scan and its tests. */
int lp_atomics_disp_off(const uint8_t *bytes, unsigned len, unsigned cs_disp_off,
			unsigned cs_modrm_off, int64_t disp);

#endif
