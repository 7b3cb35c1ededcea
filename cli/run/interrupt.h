/* cli/run/interrupt.h — SIGINT and SIGTERM end a check cleanly: the handler only notes the
 * signal; the phase loops look at it between executions, stop, and report what they
 * covered (a second signal of the same kind ends the process at once). */
#ifndef LINEUP_CLI_INTERRUPT_H
#define LINEUP_CLI_INTERRUPT_H

void lp_interrupt_install(void);
/* The signal received (SIGINT or SIGTERM), or 0. */
int lp_interrupt_signal(void);
/* "SIGINT" or "SIGTERM" for the signal received; NULL if none. */
const char *lp_interrupt_name(void);

#endif
