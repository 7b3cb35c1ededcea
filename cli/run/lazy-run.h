/* cli/run/lazy-run.h — lazy phase 1 (--phase1 lazy): the checker asks for the serial
 * executions its witness search needs (checker/lazy.c); each runs as a directed serial
 * execution in the fork server (protocol.h, struct lp_order) and its history is the answer.
 * Also the choice of mode (--phase1 auto) from the first serial execution. */
#ifndef LINEUP_CLI_LAZY_RUN_H
#define LINEUP_CLI_LAZY_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "lineup/protocol.h"

struct lp_ctx;

/* --phase1 auto runs every serial order first up to this many orders, and lazily beyond. */
#define LP_P1_EAGER_MAX 100

/* How many serial orders the operations of a serial history have, each thread's order
 * kept (the multinomial coefficient of the per-thread operation counts), leaving out the
 * first `before` operations (made before the fork point) and the main thread's operations
 * after every other thread's (after its joins): exact for clients whose calls do not
 * depend on results; saturates at 1e18. */
double lp_lazy_orders(const char *history, size_t before);

/* Fills o from a request "T1 T2 ... Tk\n" (creation paths), maybe followed by a hint
 * "+ U1 U2 ...": the order to go on in as far as the client lets it (o->firm = k; without
 * a hint firm = n); 0, or -1 with a reason. */
int lp_lazy_fill(struct lp_order *o, const char *request, char *err, size_t errsize);

/* Makes the checker pipe answer lazy requests through c (the checker runs --lazy). */
void lp_lazy_attach(struct lp_ctx *c);
/* Makes the checker pipe answer requests for serial executions through c, whatever the
 * mode: confirming a violation asks for them too (protocol.h, "confirm"). */
void lp_lazy_serve(struct lp_ctx *c);

/* Runs the directed serial execution of request ("T1 ... Tk\n", maybe with a hint);
 * returns its history (malloc'ed), or NULL when no serial execution starts operations in
 * that order (a hint it cannot follow to its end only ends the hint). Counts
 * it in phase 1's figures; dies on what ends phase 1 (crash, nondeterminism). */
char *lp_lazy_run(struct lp_ctx *c, const char *request);

/* The request for a history's operations in the order of their calls. */
char *lp_lazy_call_order(const char *history);

#endif
