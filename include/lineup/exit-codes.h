/* lineup/exit-codes.h — exit statuses of lineup-preload and lineup-checker (contract:
 * documented in both man pages' EXIT STATUS sections). */
#ifndef LINEUP_EXIT_CODES_H
#define LINEUP_EXIT_CODES_H

#define LP_EXIT_OK 0		   /* no violation found */
#define LP_EXIT_VIOLATION 1	   /* non-linearizable or unjustified stuck history, or a crash */
#define LP_EXIT_USAGE 2		   /* usage or set-up error */
#define LP_EXIT_NONDETERMINISTIC 3 /* phase 1 observations are nondeterministic */

#endif
