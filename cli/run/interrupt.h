/* cli/run/interrupt.h — SIGINT and SIGTERM end a check within a second, with the report of
 * what it covered and exit status 128 + the signal (lineup/exit-codes.h).
 *
 * The handler notes the signal and kills the checker process (its answer is not needed;
 * a reader waiting for it then sees the pipe close). The loops between executions look at
 * the signal and stop (lp_run_should_stop); the places that wait (for an execution, for
 * the fork server, for the checker) call lp_interrupt_poll, which hands over to the
 * function the run registered: it kills the executions, prints the partial report and
 * exits. A second signal within a second of the first is the same interruption (GNU
 * timeout signals its child, then the child's group); one later ends the process at once
 * (the impatient user), after killing everything it started. */
#ifndef LINEUP_CLI_INTERRUPT_H
#define LINEUP_CLI_INTERRUPT_H

void lp_interrupt_install(void);
/* The signal received (SIGINT or SIGTERM), or 0. */
int lp_interrupt_signal(void);
/* "SIGINT" or "SIGTERM" for the signal received; NULL if none. */
const char *lp_interrupt_name(void);
/* The function that ends the run on an interrupt (never returns); NULL: none. */
void lp_interrupt_on_stop(void (*fn)(void *arg), void *arg);
/* Called where the cli waits: after a signal, runs that function (once). */
void lp_interrupt_poll(void);
/* rc, or 128 + the signal after one (the exit status of an interrupted run). */
int lp_interrupt_exit_status(int rc);

#endif
