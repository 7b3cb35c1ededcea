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
/* The group's leader was reaped: its other members are killed, no longer watched, and
 * reaped as they become zombies of the cli (a child subreaper), here and at each
 * lp_cleanup_reap_orphans. */
void lp_cleanup_group_ended(pid_t pgid);
/* Reaps the zombies of ended groups, and only those (waitpid by group, never any child).
 * Cheap when there are none; called where the cli starts or ends a client. */
void lp_cleanup_reap_orphans(void);
/* A helper process of the cli's (the checker), outside the client's groups: killed by
 * lp_cleanup_helpers() and lp_cleanup_now(); forgotten once reaped. */
void lp_cleanup_watch_helper(pid_t pid);
void lp_cleanup_forget_helper(pid_t pid);
/* Kills the watched helpers with SIGKILL. Async-signal-safe; idempotent. */
void lp_cleanup_helpers(void);
/* Kills every watched group and helper with SIGKILL. Async-signal-safe; idempotent. */
void lp_cleanup_now(void);
/* After lp_cleanup_now: reaps our children, orphans of the killed groups included (the cli
 * is a child subreaper), and waits (ms at most) until those groups are empty: nothing
 * outlives the cli's exit. */
void lp_cleanup_wait(unsigned ms);

#endif
