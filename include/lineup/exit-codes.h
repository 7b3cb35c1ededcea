/* include/lineup/exit-codes.h — exit statuses of lineup-preload and lineup-checker (contract:
 * documented in both man pages' EXIT STATUS sections). */
#ifndef LINEUP_EXIT_CODES_H
#define LINEUP_EXIT_CODES_H

#define LP_EXIT_OK 0		   /* no violation found */
#define LP_EXIT_VIOLATION 1	   /* non-linearizable or unjustified stuck history, or a crash */
#define LP_EXIT_USAGE 2		   /* usage or set-up error */
#define LP_EXIT_NONDETERMINISTIC 3 /* phase 1 observations are nondeterministic */
/* Interrupted (lineup-preload): 128 + the signal, as a shell reports a process killed by
 * it; the partial report was printed (and --json written, "interrupted": true). */
#define LP_EXIT_SIGNAL_BASE 128
#define LP_EXIT_SIGINT 130  /* LP_EXIT_SIGNAL_BASE + SIGINT */
#define LP_EXIT_SIGTERM 143 /* LP_EXIT_SIGNAL_BASE + SIGTERM */

#endif
