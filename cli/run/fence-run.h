/* cli/run/fence-run.h — under --memory-model tso, whether an mfence after a store the stale
 * loads of a violation name removes it (cli/report/report-fence.h chooses and words them).
 *
 * Each candidate is checked like a root-cause candidate (root-cause-run.h): the same test,
 * the same observations, every schedule up to the failing execution's preemptions explored
 * again one at a time in the fork server's area 0 (lp_rc_explore), with the shared area's
 * fences set (protocol.h lp_shm.fences): the store at a fenced site drains its thread's
 * buffer as it runs. All the candidates share the root-cause budget (--root-cause-time).
 * Never changes the verdict. */
#ifndef LINEUP_CLI_FENCE_RUN_H
#define LINEUP_CLI_FENCE_RUN_H

#include "cli/run/phases-exec.h"

/* Tries the fences of the violation e (its log still in the shared area) within the budget of
 * a check that took check_seconds, and sets v->root_causes (report lines), v->fences_json
 * and v->rc_*. Uses the fork server and the checker, which must both still run. */
void lp_tso_fences(struct lp_ctx *c, const struct lp_exec *e, double check_seconds,
		   struct lp_violation *v);

#endif
