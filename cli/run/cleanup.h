/* cli/run/cleanup.h — nothing the cli started outlives it: the client's process groups are
 * killed at exit, on SIGINT/SIGTERM/SIGHUP, and (PR_SET_PDEATHSIG, set where the client is
 * spawned) when the cli itself is killed. */
#ifndef LINEUP_CLI_CLEANUP_H
#define LINEUP_CLI_CLEANUP_H

#include <sys/types.h>

/* Installs the signal handlers and the atexit hook (once; main calls it first thing).
 * The handlers clean up, then die of the same signal with the default action. Code that
 * installs its own handler for these signals (a clean end with a summary) must call
 * lp_cleanup_now() itself. */
void lp_cleanup_install(void);
/* A process group the client runs in (its leader's pid); killed by lp_cleanup_now(). */
void lp_cleanup_watch_group(pid_t pgid);
/* The group ended (its leader was reaped): no longer ours to kill. */
void lp_cleanup_forget_group(pid_t pgid);
/* A helper process of the cli's (the checker), outside the client's groups: killed by
 * lp_cleanup_helpers() and lp_cleanup_now(); forgotten once reaped. */
void lp_cleanup_watch_helper(pid_t pid);
void lp_cleanup_forget_helper(pid_t pid);
/* Kills the watched helpers with SIGKILL. Async-signal-safe; idempotent. */
void lp_cleanup_helpers(void);
/* Kills every watched group and helper with SIGKILL. Async-signal-safe; idempotent. */
void lp_cleanup_now(void);
/* After lp_cleanup_now: reaps our children and waits (ms at most) until the groups it
 * killed are empty (their orphans are reaped by init): nothing outlives the cli's exit. */
void lp_cleanup_wait(unsigned ms);

#endif
