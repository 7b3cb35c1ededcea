/* preload/sites.h — the pure half of instruction traps: out-of-line copies of a trapped
 * instruction (RIP-relative displacement rewritten) and the sorted address -> copy table
 * the SIGTRAP handler searches. No I/O, no allocation: unit tested as is. */
#ifndef LP_PRELOAD_SITES_H
#define LP_PRELOAD_SITES_H

#include <stddef.h>
#include <stdint.h>

#define LP_COPY_SLOT 64	 /* bytes per site: its out-of-line copy, then its stub */
#define LP_COPY_BYTES 32 /* the copy: up to 15 bytes + a 5-byte jmp, aligned */
#define LP_STUB_BYTES 32 /* the stub, at LP_COPY_BYTES into the slot */

/* Writes the copy of the len-byte instruction `bytes` (originally at orig) as it must be
 * at copy: the disp32 at disp_off (>= 0) rewritten so it addresses the same memory, then
 * "jmp rel32" to orig + len. Returns the bytes written (len + 5), or -1 when the new
 * displacement or the jump does not fit in 32 bits. */
int lp_sites_copy(uint8_t *out, uintptr_t copy, uintptr_t orig, const uint8_t *bytes, unsigned len,
		  int disp_off);

/* Writes the stub of site idx at `at` (LP_STUB_BYTES at most): it steps below the red zone,
 * pushes idx, calls the function whose address is stored at entry_ptr (lp_stub_entry, which
 * saves every register and the flags and makes the scheduling point), steps back up and
 * jumps to the site's copy. Nothing on the way touches a flag or a register the code around
 * the site may hold. Returns the bytes written, or -1 when entry_ptr or copy is out of reach
 * (rel32). */
int lp_sites_stub(uint8_t *out, uintptr_t at, uint32_t idx, uintptr_t entry_ptr, uintptr_t copy);

/* "jmp rel32" from `from` to `to` in 5 bytes; -1 when out of reach. */
int lp_sites_jmp32(uint8_t out[5], uintptr_t from, uintptr_t to);
/* "jmp rel8" from `from` to `to` in 2 bytes; -1 when farther than -128..127 bytes. */
int lp_sites_jmp8(uint8_t out[2], uintptr_t from, uintptr_t to);

/* Whether the n bytes at p can be alignment padding as compilers emit it (nop forms, int3):
 * the plan says where padding lies, this only confirms the bytes in memory agree. */
int lp_sites_padding_bytes(const uint8_t *p, unsigned n);

/* The operand size of the cmpxchg whose len bytes are at p, legacy and REX prefixes first
 * (0f b0: 1; 0f b1: 2 with 66, 8 with REX.W, else 4); 0 when they are no cmpxchg. */
unsigned lp_sites_cmpxchg_size(const uint8_t *p, unsigned len);

/* How a site is patched: int3 (the SIGTRAP handler runs the point), or a jump to its stub,
 * directly (5 bytes or more) or by a short jump to a 5-byte jump in nearby padding. */
enum lp_patch_mode { LP_PATCH_INT3, LP_PATCH_JMP32, LP_PATCH_JMP8 };

struct lp_trap_site {
	uintptr_t addr; /* the instruction, where the int3 is */
	uintptr_t copy; /* its out-of-line copy */
	uint32_t kind;	/* enum lp_site_kind */
	uint32_t len;	/* instruction length */
	uintptr_t pad;	/* LP_PATCH_JMP8: the 5 bytes of padding holding the jump to the stub */
	uint32_t mode;	/* enum lp_patch_mode */
};

struct lp_site_table {
	struct lp_trap_site *e; /* sorted by addr, no duplicates */
	uint32_t n, cap;
};

/* Merges the m entries of add (sorted here, in place) into t. An address already in t
 * takes the new entry (the object was mapped again). Returns -1 if t would overflow. */
int lp_sites_merge(struct lp_site_table *t, struct lp_trap_site *add, uint32_t m);

/* The entry at addr, or NULL. Async-signal-safe. */
const struct lp_trap_site *lp_sites_find(const struct lp_site_table *t, uintptr_t addr);

/* The memory address that the len-byte instruction p accesses, from the general registers
 * regs (x86 numbering: rax rcx rdx rbx rsp rbp rsi rdi r8..r15) and next, the address
 * after the instruction (for a RIP-relative operand). 0 when not known: no ModRM memory
 * operand, %fs/%gs, VEX/EVEX, string instructions. Async-signal-safe. */
uintptr_t lp_sites_address(const uint8_t *p, unsigned len, const uint64_t regs[16], uintptr_t next);

#endif
