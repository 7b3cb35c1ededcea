/* cli/run/spin-restart.h — a controlled thread spins in a target's loop at -g atomic
 * without a scheduling point (a wait on a plain load while the holder is preempted): the
 * loop's plain loads become scheduling points (--spin-site, cli/analyze/spin-loop.h) and
 * the whole run starts again, at most LP_SPIN_RESTARTS times; the summary says so. */
#ifndef LINEUP_CLI_SPIN_RESTART_H
#define LINEUP_CLI_SPIN_RESTART_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "cli/analyze/analyze.h"
#include "lineup/protocol.h"

#define LP_SPIN_RESTARTS 4
/* The warnings of the restarts so far, one a line (internal, set for the new process). */
#define LP_SPIN_NOTES_ENV "LINEUP_SPIN_NOTES"

/* What a restart needs: the command line as given and the plan (NULL: never restart).
 * Takes the earlier restarts' warnings out of the environment (the client never sees them). */
void lp_spin_restart_init(char **argv, const struct lp_plan *plan);
/* Those warnings, one a line ("" when this is the first run). */
const char *lp_spin_restart_notes(void);

/* For a thread spinning at pc of process pid: true when that loop is a target's, reads
 * and never writes plain memory, and has loads that are no scheduling points yet; then
 * *site is its --spin-site value and *note the warning (both malloc'ed). */
bool lp_spin_restart_prepare(pid_t pid, uint64_t pc, lp_tid_t tid, char **site, char **note);

/* Runs this program again with --spin-site site, the note added to the earlier ones;
 * returns only when that is impossible. The run's processes must be ended first. */
void lp_spin_restart_exec(const char *site, const char *note);

#endif
