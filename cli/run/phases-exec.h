/* cli/run/phases-exec.h — one execution as the phase loops see it (exec-classify.c), shared by
 * the loops in other files (phase1.c, phase2.c, phase-sample.c, lazy-run.c). */
#ifndef LINEUP_CLI_PHASES_EXEC_H
#define LINEUP_CLI_PHASES_EXEC_H

#include "phases.h"

struct lp_exec {
	struct lp_exec_result res;
	struct lp_exec_log log;
	char *history; /* NULL when the execution crashed before completing */
	char *sched;
	bool stuck, crashed;
	/* A randomized execution (c->sv.strategy): its decisions as an override list, which
	 * replays it; e->sched is its text. */
	struct lp_schedule derived;
	bool unexpressible; /* more than LP_MAX_OVERRIDES: no replayable schedule */
	bool diverged;	    /* a directed serial execution could not follow its order */
};

/* Runs s and classifies the outcome; dies on set-up errors that make any verdict void. */
void lp_phases_execute(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e);
/* Reports the violation found by e (run under s), prints the report, returns exit status 1. */
int lp_phases_violation(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e,
			const char *kind, const char *checker_text);
void lp_phases_exec_clear(struct lp_exec *e);
/* Counts a serial history for phase 1: distinct histories, per-thread call keys; whether
 * it is a new one. */
bool lp_phases_count_serial(struct lp_ctx *c, const char *history);
/* Reports the nondeterminism the checker found (its text), ends the run: exit status 3. */
int lp_phases_nondeterministic(struct lp_ctx *c, const char *text);
/* The end of a run without a violation: stops the server and the checker, prints the
 * summary (and --json), returns exit status 0. */
int lp_phases_finish_ok(struct lp_ctx *c);
/* A violation found against observations of phase 1's exact serial enumeration (client
 * code between operations not a choice) is confirmed against observations with every
 * switch point a choice before it is reported: the exact enumeration assumes threads meet
 * only in operations. Not needed when some serial execution made exactly the failing
 * history's calls, thread by thread. Updates *r and *text; returns LP_EXIT_OK, or the exit status
 * of a nondeterminism found (already reported). */
int lp_phases_confirm(struct lp_ctx *c, const char *history, enum lp_check_reply *r, char **text);
/* After a confirmation that ran phase 1 again, e's decision log (which points into the
 * shared area) belongs to the last serial execution: runs s again so that e is its
 * execution once more (a violation report reads the log). */
void lp_phases_refresh(struct lp_ctx *c, const struct lp_schedule *s, struct lp_exec *e);

/* cli/phase-sample.c: phase 2 as seeded random schedules (--strategy pct|random, and the
 * rest of a --time-budget). Returns the exit status so far (0 or 1). */
int lp_phase_sample(struct lp_ctx *c, int strategy, unsigned pct_depth, uint64_t samples);

#endif
