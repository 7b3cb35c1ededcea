/* cli/report/crash-text.h — a crash as the report says it: which thread, which signal and
 * fault, where, and the backtrace down to the thread's start routine or main; as text
 * lines and as the JSON "crash" object. Pure: the frames come unwound and symbolized
 * (cli/analyze/unwind.h), so tests can pin the wording.
 *
 *   thread 0.2 crashed: SIGSEGV at address 0x0 (address not mapped) in box_get+0x4 (box.c:31)
 *     #0 box_get+0x4 (box.c:31)
 *     #1 getter+0x9 (client-box.c:16)
 */
#ifndef LINEUP_CLI_CRASH_TEXT_H
#define LINEUP_CLI_CRASH_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lineup/buf.h"
#include "lineup/protocol.h"

/* One frame: frame 0 is where the signal struck (pc exact), the others return addresses. */
struct lp_crash_frame {
	uint64_t pc;
	char *fn;     /* demangled function name; NULL when no symbol covers pc */
	uint64_t off; /* pc - fn's start, or pc's offset in obj when fn is NULL */
	char *file;   /* source file (base name) of the line; NULL without DWARF */
	int line;
	char *obj; /* base name of the object mapping pc; NULL when none does */
};

struct lp_crash_info {
	lp_tid_t tid; /* LP_TID_NONE: a thread not of the execution */
	int signo, code;
	uint64_t addr, pc;
	struct lp_crash_frame *frames;
	size_t n_frames;
};

/* What si_code says of signo ("address not mapped"); NULL when nothing useful. */
const char *lp_crash_code_text(int signo, int code);
/* Whether si_addr is a fault address worth showing (a kernel-sent SIGSEGV, SIGBUS, SIGFPE,
 * SIGILL; not a general-protection fault, whose address the kernel does not give). */
bool lp_crash_has_addr(int signo, int code);
/* "box_get+0x4 (box.c:31)", "box_get+0x4 in libbox.so", "libbox.so+0x1139", "0x7f..." */
void lp_crash_frame_text(struct lp_buf *b, const struct lp_crash_frame *f);
/* The frames worth showing: up to main, or without the runtime's frames below the thread's
 * start routine (libc's start_thread, clone, the preload's thread entry, _start). */
size_t lp_crash_shown(const struct lp_crash_frame *f, size_t n);
/* "thread 0.2 crashed: SIGSEGV at address 0x0 (address not mapped) in box_get+0x4 (...)" */
void lp_crash_headline(struct lp_buf *b, const struct lp_crash_info *ci);
/* The headline, a newline, then one "  #i frame" line per frame shown. */
char *lp_crash_text(const struct lp_crash_info *ci);
/* The headline and ", called from F1, called from F2" for the frames shown: one line. */
char *lp_crash_line(const struct lp_crash_info *ci);
/* {"thread": "0.2", "signal": "SIGSEGV", "code": 1, "code_text": ..., "address": "0x0",
 *  "pc": "0x...", "frames": [{"pc", "function", "offset", "file", "line", "object"}]} */
void lp_crash_json(struct lp_buf *b, const struct lp_crash_info *ci);
void lp_crash_info_free(struct lp_crash_info *ci);

#endif
