/* cli/analyze/pure-regions.h — where an operation's code between two scheduling points
 * cannot touch memory another thread sees, so its step needs no "ran target code"
 * dependence (protocol.h LP_FP_TARGET; scheduler/explore.h, "Reduction").
 *
 * A step of a thread inside an operation starts at the function's entry (operation start)
 * or where a call to a synchronisation function returns (after a sync or block point) and
 * runs to its next scheduling point. Such a *region start* is pure when every instruction
 * reachable from it, up to a `ret` or a call of a synchronisation function (each makes a
 * scheduling point before acting), is local:
 *   - no memory operand, or one based on %rsp, on %rbp where the function keeps it as its
 *     frame pointer (`push %rbp; mov %rsp,%rbp` at the entry, never written otherwise), or
 *     on %fs/%gs (thread-local), or a RIP-relative read of a constant (outside every
 *     writable segment, or in the RELRO part: the GOT's addresses); lea, nops and
 *     prefetches access nothing;
 *   - no other call (except to __stack_chk_fail, abort and __assert_fail, which end the
 *     process), no indirect or outside jump, no locked or atomic instruction, no system
 *     call or trap;
 *   - control stays inside the function.
 * A `ret` ends the step at the operation's end only in the operation's own top-level
 * activation, so a function qualifies only when nothing it calls can enter it again: its
 * calls all go through PLT entries of functions this object does not define, and it has
 * no indirect call or jump. The preload applies a region only while the thread runs that
 * very function as its operation (plan `pure` lines).
 * Synchronisation functions: those the preload models with a point before the action
 * (pthread mutex, condition, rwlock and spin functions, sem_wait/post and variants). */
#ifndef LINEUP_CLI_PURE_REGIONS_H
#define LINEUP_CLI_PURE_REGIONS_H

#include <stddef.h>
#include <stdint.h>

struct lp_pure_func {
	uint64_t offset; /* in: the function's st_value */
	size_t n;	 /* out: pure region starts (file addresses), ascending */
	uint64_t *starts;
};

/* Fills funcs[i].starts (malloc'ed; none when the function does not qualify or is not
 * found) for the object at path. Returns 0, or -1 with a one-line message in err when the
 * object cannot be read (then nothing is filled). */
int lp_pure_regions(const char *path, struct lp_pure_func *funcs, size_t n, char *err,
		    size_t errsize);

/* Whether a PLT symbol name is one of the synchronisation functions above. */
int lp_pure_sync_name(const char *name);

#endif
