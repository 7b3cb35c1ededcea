/* cli/run/run-ahead.h — eager phase 1 and phase 2 on the workers (--jobs) with the result of
 * running one schedule at a time.
 *
 * The explorer stays sequential: it asks for one schedule at a time and takes its decision
 * log before handing out the next (scheduler/explore.h). The workers' slots (1..; slot 0
 * is kept for the runs made one at a time; which slot: slot-pick.h) run the schedule asked
 * for and the ones the explorer will ask for next (lp_explore_upcoming, which skips those
 * marked started), and their results wait, copied, until it does (at most
 * LP_SPEC_HELD_MAX). Phase 1 also hands each result that ran ahead to the explorer at once
 * (lp_spec_set_expand): its children, which the DFS asks for right after it and which no
 * list could name before, can then run ahead too. A result is
 * used only when its schedule's turn comes, and executions are deterministic, so the
 * explorer sees exactly the results a single worker gives it: the same verdict, the same
 * first violation, the same counts whatever the number of workers. Speculation is lost
 * only when the schedule is pruned before its turn or the run ends first; a watchdog
 * expiry in a speculative execution ends the run only at its turn. */
#ifndef LINEUP_CLI_RUN_AHEAD_H
#define LINEUP_CLI_RUN_AHEAD_H

#include <stdint.h>

#include "run-server.h"
#include "scheduler/explore.h"

struct lp_spec;

/* Speculates over sv's parallel slots (lp_server_parallel > 1) for explorer ex. */
struct lp_spec *lp_spec_new(struct lp_server *sv, struct lp_explore *ex, uint64_t max_steps);
/* Called with each result of a schedule run ahead of its turn as it comes in: phase 1
 * gives the explorer its children then (lp_explore_expand), for the workers to run them
 * before the schedule's turn too. */
typedef void lp_spec_expand_fn(void *arg, struct lp_explore *ex, uint64_t id, unsigned iteration,
			       const struct lp_exec_result *res);
void lp_spec_set_expand(struct lp_spec *sp, lp_spec_expand_fn *fn, void *arg);
/* The result of s, the schedule lp_explore_next just returned: a speculative one, or run
 * now in slot 0. *res stays valid until the next call or lp_spec_free. */
void lp_spec_run(struct lp_spec *sp, const struct lp_schedule *s, struct lp_exec_result *res);
/* Executions that ran ahead of their turn and were then not needed (pruned first). */
uint64_t lp_spec_wasted(const struct lp_spec *sp);
uint64_t lp_spec_used(const struct lp_spec *sp); /* results taken from speculation */
/* Kills the speculative executions still running and waits for them; the result last
 * handed out stays valid. */
void lp_spec_stop(struct lp_spec *sp);
void lp_spec_free(struct lp_spec *sp);

#endif
