/* cli/analyze/unwind.h — a crashed execution's backtrace from its LP_REC_CRASH record
 * (protocol.h: the crashing thread's registers and a copy of the top of its stack).
 *
 * The process is gone when the cli reads the record. Its objects are where they are in a
 * live process that maps them at the same addresses: the fork server (executions are its
 * forks, with address randomisation off), plus what the execution loaded after the fork
 * point (its LP_REC_LOAD records). libdwfl unwinds with those objects' CFI (.eh_frame,
 * .debug_frame), reading the stack from the copy; frames are then symbolized as the rest
 * of the report is (function+offset, file:line where DWARF has it). */
#ifndef LINEUP_CLI_UNWIND_H
#define LINEUP_CLI_UNWIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cli/report/crash-text.h"
#include "lineup/protocol.h"

#define LP_UNWIND_MAX_FRAMES 64

/* The word at addr in the stack copy that starts at sp; false outside it. Pure. */
bool lp_unwind_stack_word(uint64_t sp, const void *copy, size_t len, uint64_t addr, uint64_t *out);

/* The crash's thread, signal, fault and frames (malloc'ed; lp_crash_info_free). pid: a
 * process with the crashed one's mappings (0: none, then only log's LP_REC_LOAD objects
 * are known); log: the execution's records (for LP_REC_LOAD), may be NULL. Never fails:
 * what cannot be unwound or symbolized is left out or shown as an address. */
struct lp_crash_info *lp_unwind_crash(pid_t pid, const struct lp_rec_crash *r, const void *log,
				      size_t log_len);

#endif
