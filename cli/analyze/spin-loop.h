/* cli/analyze/spin-loop.h — the loop a spinning thread was caught in, and the plain memory
 * instructions of that loop (--spin-site): at -g atomic a spin-wait on a plain load never
 * reaches a scheduling point; trapping its loads as -g memory does lets the read-cycle
 * machinery (preload/runtime-spin.c) make it wait for another thread's write. */
#ifndef LINEUP_CLI_SPIN_LOOP_H
#define LINEUP_CLI_SPIN_LOOP_H

#include <stddef.h>
#include <stdint.h>

#include "atomics-scan.h"

#define LP_SPIN_LOOP_MAX 256 /* bytes from the pc to the loop's back edge, at most */

/* The loop around pc (a virtual address of the object at path, an instruction start):
 * decoding on from pc, the first direct jump back to pc or before it, within
 * LP_SPIN_LOOP_MAX bytes; [*lo, *hi) from its target to its end. -1 with err filled when
 * there is none (a ret, an indirect jump or undecodable bytes come first), or when the
 * loop calls out (call, syscall, int: writes no trapped instruction would show). */
int lp_spin_loop(const char *path, uint64_t pc, uint64_t *lo, uint64_t *hi, char *err,
		 size_t errlen);

/* The plain loads and stores of the loop around pc, from a -g memory scan of the object
 * (its rules: no stack, no thread-local accesses, no unpatchable instruction): *out gets
 * lp_atomics_scan's result cut to the loop (loads and stores only). 0, or -1 with err. */
int lp_spin_loop_sites(const char *path, uint64_t pc, struct lp_scan *out, char *err,
		       size_t errlen);

#endif
