/* cli/run/watchdog.h — explaining a thread that kept the baton too long (an uncontrolled
 * blocking call): which system call, where, called from where. */
#ifndef LINEUP_CLI_WATCHDOG_H
#define LINEUP_CLI_WATCHDOG_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "lineup/protocol.h"

/* One-line message (malloc'ed) for thread tid (kernel tid ktid) of process pid; symbols
 * are looked up in sym_pid (same mappings) when nonzero, else in pid. */
char *lp_watchdog_explain(pid_t pid, pid_t ktid, lp_tid_t tid, unsigned seconds, pid_t sym_pid);

/* Seconds without a scheduling point after which the stalled thread is sampled for a spin
 * (unless --watchdog was given: then only the timer decides). */
#define LP_SPIN_CHECK_AFTER 1.0

/* True when thread ktid of process pid runs in user space in a tight loop that shows no
 * progress (sampled with ptrace, judged by spin-samples.h). */
bool lp_watchdog_spinning(pid_t pid, pid_t ktid);

/* The pc of running thread ktid (stopped briefly with ptrace), or 0. */
uint64_t lp_watchdog_pc(pid_t ktid);

#endif
