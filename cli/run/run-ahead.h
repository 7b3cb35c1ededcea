/* cli/run/run-ahead.h — eager phase 1 and phase 2 on the workers (--jobs) with the result of
 * running one schedule at a time.
 *
 * The explorer stays sequential: it asks for one schedule at a time and takes its decision
 * log before handing out the next (scheduler/explore.h). The workers' slots (1..; slot 0
 * is kept for the runs made one at a time; which slot: slot-pick.h) run the schedule asked
 * for and the ones the explorer will ask for next (lp_explore_upcoming, which skips those
 * marked started), and their results wait, copied, until it does (at most
 * LP_AHEAD_HELD_MAX). Phase 1 also hands each result that ran ahead to the explorer at once
 * (lp_run_ahead_set_expand): its children, which the DFS asks for right after it and which no
 * list could name before, can then run ahead too. A result is
 * used only when its schedule's turn comes, and executions are deterministic, so the
 * explorer sees exactly the results a single worker gives it: the same verdict, the same
 * first violation, the same counts whatever the number of workers. Speculation is lost
 * only when the schedule is pruned before its turn or the run ends first; a watchdog
 * expiry in a speculative execution ends the run only at its turn. */
#ifndef LINEUP_CLI_SPEC_RUN_H
#define LINEUP_CLI_SPEC_RUN_H

#include <stdint.h>

#include "run-server.h"
#include "scheduler/explore.h"

struct lp_run_ahead;

/* Speculates over sv's parallel slots (lp_server_parallel > 1) for explorer ex. */
struct lp_run_ahead *lp_run_ahead_new(struct lp_server *sv, struct lp_explore *ex,
				      uint64_t max_steps);
/* Called with each result of a schedule run ahead of its turn as it comes in: phase 1
 * gives the explorer its children then (lp_explore_expand), for the workers to run them
 * before the schedule's turn too. */
typedef void lp_run_ahead_expand_fn(void *arg, struct lp_explore *ex, uint64_t id,
				    unsigned iteration, const struct lp_exec_result *res);
void lp_run_ahead_set_expand(struct lp_run_ahead *ra, lp_run_ahead_expand_fn *fn, void *arg);
/* The result of s, the schedule lp_explore_next just returned: a speculative one, or run
 * now in slot 0. *res stays valid until the next call or lp_run_ahead_free. */
void lp_run_ahead_result(struct lp_run_ahead *ra, const struct lp_schedule *s,
			 struct lp_exec_result *res);
/* Executions that ran ahead of their turn and were then not needed (pruned first). */
uint64_t lp_run_ahead_wasted(const struct lp_run_ahead *ra);
uint64_t lp_run_ahead_used(const struct lp_run_ahead *ra); /* results taken from speculation */
/* Kills the speculative executions still running and waits for them; the result last
 * handed out stays valid. */
void lp_run_ahead_stop(struct lp_run_ahead *ra);
/* The run flags of the executions it starts from now on lose flags. */
void lp_run_ahead_clear_flags(struct lp_run_ahead *ra, uint32_t flags);
void lp_run_ahead_free(struct lp_run_ahead *ra);

#endif
