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

struct lp_ctx {
	const struct lp_options *o;
	const char *argv0;
	struct lp_plan *plan;
	struct lp_server sv;
	struct lp_checker_pipe ck;
	struct lp_summary sum;
	struct lp_sites_summary sites; /* instrumentation lines of the summary */
	lp_value_fmt_fn fmt;
	uint32_t loaded;	    /* targets mapped in any execution */
	uint64_t calls;		    /* operations recorded in all executions */
	uint64_t p1_livelocks;	    /* serial executions cut at --max-steps (recorded as stuck) */
	bool p1_dropped;	    /* serial schedules the explorer could not express */
	struct lp_keyset histories; /* distinct serial histories (hashes of their events) */
	struct lp_keyset call_keys; /* per-thread calls of the serial histories (call-keys.h) */
	/* phase 1's identical threads (cli/run/symmetry.h) */
	bool no_symmetry; /* every order is run: turned off, or given up */
	struct lp_symmetry_member sym[64];
	size_t n_sym;
	bool sym_broken;	      /* the members did not behave alike: phase 1 again without */
	bool p1_reran;		      /* a confirmation ran phase 1 again (lp_phases_refresh) */
	struct lp_override sym_probe; /* a swapped start to run for real, tid 0: none */
	/* Ending early and estimating (cli/budget-run.c). */
	double started;	 /* CLOCK_MONOTONIC seconds at the start (the budget counts the analysis) */
	double deadline; /* CLOCK_MONOTONIC seconds when --time-budget ends; 0 none */
	double p2_start; /* when the bounded search began */
	unsigned p2_iter;     /* preemption bound the search is in */
	uint64_t p2_seeds;    /* its seeds (explore.h) */
	double p2_prior_mean; /* schedules per seed in the previous bound */
	double p2_estimate;   /* estimated executions when the current bound ends */
	bool p2_declined;     /* the search stopped: the bound would not fit */
	bool p2_rechecked;    /* the fit of the current bound was checked on its first seeds */
	uint64_t max_points;  /* most scheduling points in one execution (PCT's k) */
	struct lp_interception icov;   /* calls per function, for --coverage and --json */
	struct lp_rc_sample rc_sample; /* linearizable executions of phase 2 (root causes) */
	/* How the plan was made and written, to make another at -g memory (root causes). */
	const struct lp_analyze_opts *ao;
	char *(*write_plan)(const struct lp_plan *plan);
	struct lp_golden_state golden; /* --spec-from (golden-run.h) */
	bool lazy;		       /* phase 1 runs serial executions on demand (lazy-run.h) */
	bool confirming;	/* running a history of a trace (phase2.c): it may fail to follow */
	double p1_lazy_seconds; /* spent running them */
	/* When each phase started (0: not yet), so that every way out reports its time. */
	double p1_started, p2_started;
	/* The bounded search under way, for the coverage of a run interrupted inside it. */
	struct lp_explore *p2_ex;
};

/* Runs both phases; prints the report and returns the exit status. */
int lp_phases_run(struct lp_ctx *c);
/* Runs o->replay (after phase 1 when it is concurrent); prints its history and, as
 * comments, the verdict on it; returns the exit status. */
int lp_replay_run(struct lp_ctx *c);

#endif
