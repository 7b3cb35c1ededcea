/* preload/worker-line.h — the order in which a worker's executions run. Its fork server
 * forks each execution's process as soon as the command comes, while the one ahead still
 * runs; each takes a ticket and waits until the shared turn word is its ticket, and the
 * one ahead passes the turn on as soon as it has recorded its end, before its process
 * exits. A process that ended without passing it (killed, crashed) is passed by the
 * server, now or once the turn reaches its ticket. Pure (the caller does the futex calls),
 * so that the passing rules are unit tested. */
#ifndef LP_PRELOAD_WORKER_LINE_H
#define LP_PRELOAD_WORKER_LINE_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup/protocol.h"

/* The server's side: tickets of ended processes the turn has not reached yet (at most one
 * per child, plus the one being added). */
struct lp_worker_line {
	uint32_t ended[LP_MAX_SLOTS + 1];
	unsigned n_ended;
};

/* a comes before b (tickets wrap around) */
static inline bool lp_ticket_before(uint32_t a, uint32_t b) { return (int32_t)(a - b) < 0; }

/* The process holding `ticket` ended: passes *turn past every ended ticket it stands at
 * (a plain store: an ended process cannot pass its own turn any more, and only the
 * holder of the turn does). Returns whether the turn moved (the caller wakes its
 * waiters). The tickets kept are those of ended processes still behind a live one: the
 * cli keeps two executions at most in a worker's line, and the server stops with a line
 * rather than overflow (forksrv.c). */
bool lp_worker_line_ended(struct lp_worker_line *l, volatile uint32_t *turn, uint32_t ticket);

#endif
