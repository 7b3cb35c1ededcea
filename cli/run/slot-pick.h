/* cli/run/slot-pick.h — where the next execution of phase 2's (or eager phase 1's) workers
 * goes. Slot k (1..n) runs on worker (k - 1) % workers, which runs its slots' executions one
 * at a time (cli/run/run-server.h); pure, so that it is tested on its own. */
#ifndef LINEUP_CLI_SLOT_PICK_H
#define LINEUP_CLI_SLOT_PICK_H

#include <stdbool.h>

/* The worker (0..workers-1) that runs slot k (1..). */
static inline unsigned lp_slot_worker(unsigned k, unsigned workers) { return (k - 1) % workers; }

/* Executions submitted at once: one per worker, and one more queued behind the running one
 * when there is a single worker, so that it starts as soon as that one ends instead of
 * after the cli has read that end and chosen it. With more workers the CPUs are busy
 * anyway, and a queued speculative execution only delays a schedule the explorer asks for
 * that no worker guessed (measured: cli/run/slot-pick.c). */
unsigned lp_slot_submitted_max(unsigned workers);

/* Of slots 1..n (busy[k]: submitted, not yet collected; busy[0] unused), the idle one whose
 * worker has the fewest executions submitted, the lowest of those; 0 when none is idle or
 * lp_slot_submitted_max are submitted already. */
unsigned lp_slot_pick(const bool *busy, unsigned n, unsigned workers);

#endif
