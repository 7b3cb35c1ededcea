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
 * (pthread mutex, condition, rwlock and spin functions, sem_wait/post and variants).
 *
 * Spans (pure-spans.c; plan `span` lines, protocol.h struct lp_span_place). A lock of the
 * library's own (GLib's g_mutex_lock: a cmpxchg in a function the operation calls
 * directly) makes no pure region above: the call leaves the function. A span names a
 * step by where it starts and where it ends, each a *place*: the operation's entry, its
 * end (the top-level return), or a trapped atomic instruction (rmw, xchg) with the stack
 * pointer at a depth below the operation's return slot and the return addresses of the
 * frames in between (at most LP_SPAN_FRAMES). The analysis walks every path from a start
 * place: it follows direct jumps anywhere in the object and direct calls into it up to
 * LP_SPAN_FRAMES frames, tracking the stack pointer (push, pop, add/sub/lea of %rsp,
 * leave with a %rbp it knows) and whether %rbp points into the stack; a path is tainted
 * once it runs an instruction that is not local by the rules above (memory through %rsp,
 * a stack %rbp, %fs/%gs or constants; an atomic instruction that is not trapped counts as
 * shared), calls code it does not follow (a PLT function, a call deeper than the bound,
 * an indirect call: it is taken to return with the stack as before, and the path goes on
 * tainted), or tail-jumps to a PLT function (tainted, then as a return). A path ends at a
 * trapped instruction (a place when atomic), at a call or jump to a synchronisation
 * function or one that never returns, at the return from depth 0 (the end place), and
 * at a call or jump to syscall(): a futex place, named by the return address the call
 * will see (0: the operation's return trampoline, after a tail jump at depth 0) and its
 * slot's depth; the preload's futex model makes its point there before acting (its
 * syscall() hook records the slot), and the step from it starts at that return. A jump through a
 * pointer or this object's own PLT, a return where the stack is not a frame's, or a stack pointer
 * it cannot follow makes the start place's spans unknown (none), unless the path is tainted inside
 * a call the walk made: that call is then taken as not followed (its return goes on tainted) and
 * every place inside it is given up. (start, end) is a span when some path reaches end and none
 * that does is tainted (walked only for the functions the client imports or its test names:
 * GLib's 1,799 took 10 s). The places reached are explored as starts in turn (the step after a
 * trapped instruction runs it, then the code after it). The preload (runtime-span.c) checks a
 * step's start (its point, site, stack pointer and the return addresses in their slots) when it
 * starts, its end when the thread reaches its next point, and drops LP_FP_TARGET only when both are
 * a span's; a span that starts at a trapped atomic gets LP_FP_MEMORY instead (the atomic wrote a
 * line that other threads' untracked code may read plainly, as a lock-free queue's loads of its
 * tail do: without it the MS queue's CAS-to-return steps commuted with those loads). syscall()
 * voids the step when it makes no point (not a futex call, a futex call the model fails before its
 * point), and so does an operation entered again through another object's call. Why the step ran a
 * walked path. Compiled code enters a function only at its entry (by a call or a jump) and writes a
 * return address only by the call that pushes it, and every instruction of a function runs at one
 * stack depth below its entry (what its unwind tables say). At the end place, the return address in
 * the innermost named slot belongs to the live activation of the place's function, called from the
 * named call site, and so on out to the operation's function at depth 0 — the depths pin each
 * activation: one entered by a call during the step (from code the walk did not follow, however
 * deep) has its entry strictly deeper than the one at that slot. Code at depth 0 other than the
 * operation's own frame runs only after a tail jump, which the walk follows (a PLT tail
 * jump aside: assumed not to jump back into a target). So the step ran the named
 * activations from the start place, and every instruction it ran in them is on a walked
 * path; calls it made from them either were followed (their instructions on the path) or
 * taint the path. Assumed as well: no longjmp, unwinding or context switch inside a step,
 * and the ABI's callee-saved %rbp. */
#ifndef LINEUP_CLI_PURE_REGIONS_H
#define LINEUP_CLI_PURE_REGIONS_H

#include <stddef.h>
#include <stdint.h>

#include <stdbool.h>

#include "pure-spans.h"

struct lp_pure_func {
	uint64_t offset;   /* in: the function's st_value */
	bool spans_wanted; /* in: look for its spans (a walk each: the client's imports only) */
	size_t n;	   /* out: pure region starts (file addresses), ascending */
	uint64_t *starts;
	size_t n_spans; /* out: spans (pure-spans.h) */
	struct lp_span *spans;
};

/* Fills funcs[i].starts and .spans (malloc'ed; none when the function does not qualify or
 * is not found) for the object at path, whose trapped instructions are sites (ascending
 * offsets). Returns 0, or -1 with a one-line message in err when the
 * object cannot be read (then nothing is filled). */
int lp_pure_regions(const char *path, struct lp_pure_func *funcs, size_t n,
		    const struct lp_span_site *sites, size_t n_sites, char *err, size_t errsize);

/* Whether a PLT symbol name is one of the synchronisation functions above. */
int lp_pure_sync_name(const char *name);

#endif
