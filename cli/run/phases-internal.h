/* cli/run/phases-internal.h — how the files of one check call each other: the phases
 * (phases.c), running an execution (exec-classify.c), phase 1 (phase1.c), phase 2
 * (phase2.c), the violation report (violation.c, violation-confirm.c), --replay (replay.c). */
#ifndef LINEUP_CLI_PHASES_INTERNAL_H
#define LINEUP_CLI_PHASES_INTERNAL_H

#include "lineup/buf.h"
#include "phases-exec.h"

struct lp_run_ahead;

/* exec-classify.c: runs s (on the workers ra, when given: run-ahead.h) and classifies
 * its outcome; replay: s is the user's (--replay), judged more leniently. */
void lp_phases_execute_on(struct lp_ctx *c, struct lp_run_ahead *ra, const struct lp_schedule *s,
			  struct lp_exec *e, bool replay);
/* The first error e's execution gave, for a one-line message. */
const char *lp_phases_first_error(const struct lp_exec *e);

/* phase1.c: phase 1, every serial schedule (replay: a rerun or --replay's, never stopped
 * early). Returns LP_EXIT_OK, or LP_EXIT_NONDETERMINISTIC after reporting it. */
int lp_phase1_run(struct lp_ctx *c, bool replay);
/* Phase 1 again from scratch: a new checker, every serial order run (no symmetry). */
int lp_phase1_rerun(struct lp_ctx *c);

/* phase2.c: phase 2, the bounded search; returns the exit status so far. */
int lp_phase2_run(struct lp_ctx *c);
/* Copies ex's pruned schedules per bound into the summary. */
void lp_phase2_pruned_counts(struct lp_ctx *c, const struct lp_explore *ex);

/* violation.c: the CAUTION lines that start a violation report (also replay's). */
void lp_phases_report_cautions(const struct lp_ctx *c, struct lp_buf *r);
/* Ends the report of the violation in c->sum: root causes, summary, verdict. */
void lp_phases_report_violation(struct lp_ctx *c);

/* phases.c: the summary, --coverage, --json and the verdict line, the end of every run. */
void lp_phases_finish_output(struct lp_ctx *c);
/* The interrupt.h stop handler of a check (arg: its struct lp_ctx). */
void lp_phases_end_interrupted(void *arg);

#endif
