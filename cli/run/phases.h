/* cli/run/phases.h — one check: phase 1 (every serial schedule, observations) and phase 2
 * (concurrent schedules by increasing preemptions), or a single --replay. */
#ifndef LINEUP_CLI_PHASES_H
#define LINEUP_CLI_PHASES_H

#include "scheduler/explore.h"
#include "cli/analyze/analyze.h"
#include "call-keys.h"
#include "checker-pipe.h"
#include "cli/options.h"
#include "cli/report/interception.h"
#include "cli/report/root-cause.h"
#include "run-server.h"
#include "shm-log.h"
#include "cli/report/summary-sites.h"
#include "golden-run.h"
#include "lazy-run.h"
#include "cli/report/summary.h"

/* Phase 1: the serial executions and what they showed (phase1.c, lazy-run.c). */
struct lp_ctx_phase1 {
	double started;		    /* when it started (0: not yet) */
	bool lazy;		    /* serial executions on demand (lazy-run.h) */
	double lazy_seconds;	    /* spent running them */
	uint64_t livelocks;	    /* serial executions cut at --max-steps (recorded as stuck) */
	bool dropped;		    /* serial schedules the explorer could not express */
	bool reran;		    /* a confirmation ran phase 1 again (lp_phases_refresh) */
	struct lp_keyset histories; /* distinct serial histories (hashes of their events) */
	struct lp_keyset call_keys; /* per-thread calls of the serial histories (call-keys.h) */
	/* identical threads (cli/run/symmetry.h) */
	bool no_symmetry; /* every order is run: turned off, or given up */
	struct lp_symmetry_member sym[64];
	size_t n_sym;
	bool sym_broken;	      /* the members did not behave alike: phase 1 again without */
	struct lp_override sym_probe; /* a swapped start to run for real, tid 0: none */
};

/* Phase 2: the concurrent schedules (phase2.c, phase-sample.c). */
struct lp_ctx_phase2 {
	double started;		       /* when it started (0: not yet) */
	struct lp_explore *ex;	       /* the bounded search under way (coverage if interrupted) */
	bool confirming;	       /* running a history of a trace: it may fail to follow */
	uint64_t max_points;	       /* most scheduling points in one execution (PCT's k) */
	struct lp_rc_sample rc_sample; /* its linearizable executions (root causes) */
};

/* Ending early and estimating (budget-run.c): --time-budget and the bound that fits. */
struct lp_ctx_budget {
	double deadline;     /* CLOCK_MONOTONIC seconds when --time-budget ends; 0 none */
	double search_start; /* when the bounded search began */
	unsigned iter;	     /* preemption bound the search is in */
	uint64_t seeds;	     /* its seeds (explore.h) */
	double prior_mean;   /* schedules per seed in the previous bound */
	double estimate;     /* estimated executions when the current bound ends */
	bool declined;	     /* the search stopped: the bound would not fit */
	bool rechecked;	     /* the fit of the current bound was checked on its first seeds */
};

/* What the executions reached, for the summary's lines and --coverage. */
struct lp_ctx_coverage {
	struct lp_sites_summary sites;	     /* instrumentation lines of the summary */
	struct lp_interception interception; /* calls per function, for --coverage and --json */
	uint32_t loaded;		     /* targets mapped in any execution */
	uint64_t calls;			     /* operations recorded in all executions */
};

/* One check. The set-up and what every part uses at the top; below it, each phase's own. */
struct lp_ctx {
	const struct lp_options *o;
	const char *argv0;
	double started; /* CLOCK_MONOTONIC seconds at the start (the budget counts the analysis) */
	struct lp_plan *plan;
	/* How the plan was made and written, to make another at -g memory (root causes). */
	const struct lp_analyze_opts *ao;
	char *(*write_plan)(const struct lp_plan *plan);
	struct lp_server sv;
	struct lp_checker_pipe ck;
	struct lp_golden_state golden; /* --spec-from (golden-run.h) */
	lp_value_fmt_fn fmt;
	struct lp_summary sum; /* the report, filled by every part */
	struct lp_ctx_coverage cov;
	struct lp_ctx_phase1 p1;
	struct lp_ctx_phase2 p2;
	struct lp_ctx_budget budget;
};

/* Runs both phases; prints the report and returns the exit status. */
int lp_phases_run(struct lp_ctx *c);
/* Runs o->replay (after phase 1 when it is concurrent); prints its history and, as
 * comments, the verdict on it; returns the exit status. */
int lp_replay_run(struct lp_ctx *c);

#endif
