/* preload/sites.h — the pure half of instruction traps: out-of-line copies of a trapped
 * instruction (RIP-relative displacement rewritten) and the sorted address -> copy table
 * the SIGTRAP handler searches. No I/O, no allocation: unit tested as is. */
#ifndef LP_PRELOAD_SITES_H
#define LP_PRELOAD_SITES_H

#include <stddef.h>
#include <stdint.h>

#define LP_COPY_SLOT 32 /* bytes per out-of-line copy: 15 + a 5-byte jmp, aligned */

/* Writes the copy of the len-byte instruction `bytes` (originally at orig) as it must be
 * at copy: the disp32 at disp_off (>= 0) rewritten so it addresses the same memory, then
 * "jmp rel32" to orig + len. Returns the bytes written (len + 5), or -1 when the new
 * displacement or the jump does not fit in 32 bits. */
int lp_sites_copy(uint8_t *out, uintptr_t copy, uintptr_t orig, const uint8_t *bytes, unsigned len,
		  int disp_off);

struct lp_trap_site {
	uintptr_t addr; /* the instruction, where the int3 is */
	uintptr_t copy; /* its out-of-line copy */
	uint32_t kind;	/* enum lp_site_kind */
	uint32_t len;	/* instruction length */
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
