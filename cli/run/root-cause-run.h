/* cli/run/root-cause-run.h — root causes of a violation (cli/report/root-cause.h) run against
 * the client: the failing execution's accesses, each candidate repair checked by exploring
 * again with its regions atomic, the repairs ranked by the linearizable executions of phase
 * 2 they forbid. Never changes the verdict: every failure ends in one line of the report. */
#ifndef LINEUP_CLI_ROOT_CAUSE_RUN_H
#define LINEUP_CLI_ROOT_CAUSE_RUN_H

#include "cli/report/root-cause.h"
#include "cli/run/phases-exec.h"

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
