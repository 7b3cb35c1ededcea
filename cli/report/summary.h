/* cli/report/summary.h — what a run found, for the text summary, the verdict and --json. */
#ifndef LINEUP_CLI_SUMMARY_H
#define LINEUP_CLI_SUMMARY_H

#include "cli/report/site-warnings.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LP_MAX_BOUND_SLOTS 64

/* A whole run's verdict (the checker's enum lp_verdict is one history's). LP_RUN_UNCHECKED:
 * no concurrent history was checked (cut short before: phase 1 unfinished, or phase 2 not
 * past its first check), so "no violation found" would claim what was never looked at. */
enum lp_run_verdict { LP_RUN_OK, LP_RUN_VIOLATION, LP_RUN_NONDETERMINISTIC, LP_RUN_UNCHECKED };

struct lp_violation {
	const char *kind; /* "non-linearizable", "stuck", "crash" */
	char *history, *schedule, *replay, *report;
	char *switches;	   /* the preemptions and switches the schedule forces, one per line */
	char *root_causes; /* report lines (cli/run/root-cause-run.h), NULL when not searched */
	char *root_causes_json; /* JSON array of the ranked root causes, NULL when none */
	char *crash_json;	/* kind "crash": JSON object (cli/report/crash-text.h), or NULL */
	char *fences_json;	/* --memory-model tso: JSON array of the fences tried, NULL: none */
	char *stale_loads_json; /* --memory-model tso: JSON array of the stale loads, else NULL */
	char *passing_loads_json; /* --memory-model tso: JSON array of the passing loads */
	/* The root-cause search (cli/run/root-cause-budget.h), when rc_searched. */
	bool rc_searched;
	double rc_time_limit;	   /* seconds it was given */
	uint64_t rc_exec_limit;	   /* executions it was given; 0 = no limit */
	size_t rc_tried;	   /* candidate repairs checked to the end */
	const char *rc_stopped_by; /* "time", "executions", "interrupted", "other"; NULL: done */
	bool head_printed;	   /* the report up to its replay line is out */
	char *preemptions_json;	   /* switches as a JSON array (lp_report_schedule_json) */
};

/* What phase 2 covered when it did not simply run every schedule up to the bound: a run
 * cut short (--time-budget, SIGINT, SIGTERM) or random samples (--strategy pct|random). */
struct lp_coverage {
	int complete_bound;    /* highest bound whose schedules all ran; -1 none */
	bool exhaustive;       /* an unbounded search ran to its end: every schedule ran */
	int partial_bound;     /* bound cut short; -1 none */
	uint64_t partial_done; /* its schedules run */
	double partial_total;  /* estimate of all its schedules; 0 unknown */
	uint64_t samples;      /* random schedules run */
	const char *sampler;   /* "PCT" or "random"; NULL when none ran */
	unsigned pct_depth;
	uint64_t seed;
	uint64_t pct_k;		/* most scheduling points seen in one execution (PCT's k) */
	unsigned threads;	/* most threads seen in one execution (PCT's n) */
	int phase;		/* phase running when the run ended early (1 or 2), 0 none */
	const char *stopped_by; /* "SIGINT", "SIGTERM", "the time budget"; NULL: ran to the end */
	double budget;		/* --time-budget in seconds, 0 none */
};

struct lp_summary {
	enum lp_run_verdict verdict;
	const char **targets;
	size_t n_targets;
	const char **instrumented; /* the targets, then the --instrument objects */
	size_t n_instrumented;
	size_t functions;
	uint64_t p1_executions, p1_histories;
	const char *p1_mode;	       /* "eager": every serial order run first; "lazy" */
	bool p1_auto;		       /* lazy picked by --phase1 auto */
	double p1_orders;	       /* serial orders of the first execution's operations */
	const char *golden_model;      /* --spec-from: no phase 1, the model is asked */
	uint64_t golden_executions;    /* sequences run on it */
	uint64_t p1_derived;	       /* serial histories derived by symmetry, not run */
	uint64_t p1_symmetric;	       /* orders the explorer left out for symmetry */
	unsigned p1_workers;	       /* eager phase 1 on the workers (--jobs): how many */
	uint64_t p1_speculated;	       /* of p1_executions, run ahead of their turn */
	char *p1_symmetry;	       /* "0.1, 0.2, 0.3": the identical threads, or NULL */
	double p1_seconds, p2_seconds; /* wall-clock time of each phase */
	uint64_t p2_executions;
	uint64_t p2_histories;	/* histories checked in phase 2 */
	uint64_t p2_checked;	/* concurrent executions whose histories all passed the checker */
	bool p2_commute;	/* calls and returns commuted: an execution stood for its trace */
	uint64_t p2_trace_runs; /* histories of a trace run for real (a violation in one) */
	unsigned p2_workers;	/* executions run at once (--jobs) */
	const char *p2_serial;	/* why one at a time although --jobs asked for more */
	uint64_t p2_speculated; /* of p2_executions, run ahead of their turn by a worker */
	uint64_t p2_wasted;	/* run ahead of their turn, then not needed (pruned first) */
	uint64_t root_cause_executions; /* run to find the root causes of the violation */
	uint64_t confirm_executions;	/* serial ones run again to confirm a violation */
	double root_cause_seconds;
	uint64_t p2_per_bound[LP_MAX_BOUND_SLOTS]; /* executions by preemptions */
	int p2_max_cost;			   /* highest cost run, -1 none */
	uint64_t p2_pruned[LP_MAX_BOUND_SLOTS];	   /* alternatives the reduction left out */
	const char *reduction;			   /* "sleep", "race-free" or "off" */
	/* with a reduction (-v; scheduler/explore-stats.h): executions whose trace no earlier
	 * one ran, by preemptions; executions that ended at a sleeping thread, at a point
	 * explored before */
	uint64_t p2_traces[LP_MAX_BOUND_SLOTS], p2_asleep, p2_covered;
	const char *memory_model; /* "sc" or "tso" (--memory-model) */
	const char *criterion;	  /* "linearizability" or "sequential" */
	const char **quasi;	  /* --quasi FUNC=K settings */
	int n_quasi;
	int bound;
	char **warnings;
	size_t n_warnings;
	struct lp_site_groups site_groups; /* warnings about single instructions, each
					      group standing as one of warnings */
	struct lp_violation *violation;	   /* NULL when none */
	char *instrumentation;		   /* the summary's site lines, NULL before set */
	char *nondeterminism;		   /* the checker's two histories, exit 3 only */
	struct lp_coverage cov;
	char *interception; /* JSON object (cli/interception.c), or NULL */
};

/* Adds a warning once (same text is not repeated); warnings about single instructions
 * are summed up, one line per object and reason (site-warnings.h). */
void lp_summary_warn(struct lp_summary *s, const char *text);
const char *lp_run_verdict_text(enum lp_run_verdict v);
/* The verdict line's text (after "verdict: "): the verdict, and for a run that checked
 * nothing, what ended it before what ("nothing checked: SIGINT ended the run before phase
 * 1 finished"). malloc'ed. */
char *lp_verdict_text(const struct lp_summary *s);
/* Frees warnings and the violation (not targets: they belong to the plan). */
void lp_summary_free(struct lp_summary *s);

#endif
