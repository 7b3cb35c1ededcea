/* cli/run/watchdog.h — explaining a thread that kept the baton too long (an uncontrolled
 * blocking call): which system call, where, called from where. */
#ifndef LINEUP_CLI_WATCHDOG_H
#define LINEUP_CLI_WATCHDOG_H

#include <sys/types.h>

#include "lineup/protocol.h"

/* One-line message (malloc'ed) for thread tid (kernel tid ktid) of process pid; symbols
 * are looked up in sym_pid (same mappings) when nonzero, else in pid. */
char *lp_watchdog_explain(pid_t pid, pid_t ktid, lp_tid_t tid, unsigned seconds, pid_t sym_pid);

#endif
