/* cli/report/report-livelock.h — why a history is stuck when the outcome is LP_OUT_LIVELOCK: the
 * thread that took --max-steps scheduling points inside one operation and where it spins.
 * Pure: the decisions of the execution and a symbolizer in, one line out. */
#ifndef LINEUP_CLI_REPORT_LIVELOCK_H
#define LINEUP_CLI_REPORT_LIVELOCK_H

/* A step bound cannot tell a livelock from a long operation: every livelock report says so. */
#define LP_LIVELOCK_CAUTION                                                                        \
	"(a livelock, unless the operation merely needs more scheduling points: then rerun with "  \
	"a "                                                                                       \
	"larger --max-steps)\n"

#include <stdint.h>

#include "cli/run/shm-log.h"

/* Returns a malloc'ed description of code address addr ("stack_pop+0x1c (stack.c:31)"). */
typedef char *(*lp_symbolize_fn)(void *arg, uint64_t addr);

#define LP_LIVELOCK_SITES 3   /* distinct sites named */
#define LP_LIVELOCK_WINDOW 64 /* last decisions looked at */

/* "stuck: thread 0.1 took more than N scheduling points (--max-steps) inside one operation
 * without finishing; it is spinning at A, B\n". The thread is the one the last decision
 * let run; the sites are the distinct code addresses of its last points, newest first. */
char *lp_livelock_text(const struct lp_exec_log *log, uint64_t max_steps, lp_symbolize_fn sym,
		       void *arg);

#endif
