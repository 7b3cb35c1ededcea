/* cli/run/root-cause-run.h — root causes of a violation (cli/report/root-cause.h) run against
 * the client: the failing execution's accesses, each candidate repair checked by exploring
 * again with its regions atomic, the repairs ranked by the linearizable executions of phase
 * 2 they forbid. Never changes the verdict: every failure ends in one line of the report. */
#ifndef LINEUP_CLI_ROOT_CAUSE_RUN_H
#define LINEUP_CLI_ROOT_CAUSE_RUN_H

#include "cli/report/root-cause.h"
#include "cli/run/phases-exec.h"
#include "cli/run/root-cause-budget.h"

/* Where a search of candidate repairs stands against its budget (root-cause-budget.h):
 * atomic regions here, fences under --memory-model tso (fence-run.h). */
struct lp_rc_run {
	struct lp_rc_budget budget;
	double started;
	uint64_t execs;
	size_t tried; /* candidates checked to the end */
	enum lp_rc_stop stop;
	unsigned bound; /* of the exploration running (the progress line) */
};

/* The budget of a search after a check that took check_seconds, starting now. */
struct lp_rc_run lp_rc_run_start(const struct lp_ctx *c, double check_seconds);

/* The preemption bound of a candidate's check: the failing execution's preemptions, at
 * most the check's bound. */
unsigned lp_rc_bound(const struct lp_ctx *c, const struct lp_exec_log *log);

/* Explores every schedule up to bound one at a time in area 0 of the fork server (the
 * shared area's atomic regions and fences as the caller set them), checking each history,
 * until a violation. Returns 1 when none showed, 0 when one did (its log copied to
 * *faillog), -1 when the search could not finish: the budget of run, a signal, an
 * abnormal end (*why set). regions: atomic regions are on, so a deadlock they cause or any
 * checker answer but "linearizable" cuts the search. The linearizable executions go to
 * sample when not NULL. Shows a progress line. */
int lp_rc_explore(struct lp_ctx *c, unsigned bound, struct lp_rc_run *run, bool regions,
		  struct lp_rc_sample *sample, void **faillog, size_t *faillen, const char **why);

/* Keeps the decisions of an execution whose history passed. */
void lp_rc_sample_add(struct lp_rc_sample *s, const struct lp_exec_log *log);
void lp_rc_sample_free(struct lp_rc_sample *s);

/* Searches the root causes of the violation e (still in the shared area), within the budget
 * of a check that took check_seconds (root-cause-budget.h), and sets v->root_causes (report
 * lines), v->root_causes_json and v->rc_*. Uses the fork server and the checker, which must
 * both still run. */
void lp_root_causes(struct lp_ctx *c, const struct lp_exec *e, double check_seconds,
		    struct lp_violation *v);

#endif
