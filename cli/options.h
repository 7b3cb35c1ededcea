/* cli/options.h — the command line of lineup-preload (design.md's contract), parsed by a
 * pure function so that every error path can be unit tested. */
#ifndef LINEUP_CLI_OPTIONS_H
#define LINEUP_CLI_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../scheduler/explore.h"

enum lp_granularity { LP_GRAN_SYNC, LP_GRAN_ATOMIC, LP_GRAN_MEMORY };
/* Phase 2's strategy: preemption-bounded depth-first search, or seeded random samples. */
enum lp_strategy_opt { LP_STRATEGY_DFS, LP_STRATEGY_PCT, LP_STRATEGY_RANDOM };

/* One option as given, kept to rebuild the replay command. */
struct lp_opt_given {
	const char *name;  /* long name without dashes */
	const char *value; /* NULL for flags */
};

/* --phase1: every serial order first, or serial executions on demand (checker/lazy.c);
 * auto picks lazy when the serial orders are too many to run first. */
enum lp_phase1_mode { LP_P1_AUTO = 0, LP_P1_EAGER, LP_P1_LAZY };

struct lp_options {
	const char **targets, **globs, **signatures, **quasi, **instrument;
	int n_targets, n_globs, n_signatures, n_quasi, n_instrument;
	const char **headers, **pkg_configs; /* --header, --pkg-config (and the test's lines) */
	int n_headers, n_pkg_configs;
	const char **spin_sites; /* --spin-site OBJ+0xOFF (cli/analyze/spin-loop.h) */
	int n_spin_sites;
	const char **locks; /* --lock FUNC ("none": not even the built-in ones) */
	int n_locks;
	int bound;	  /* -1 unbounded */
	bool bound_given; /* -p given (else --time-budget goes on past bound 2) */
	enum lp_granularity granularity;
	uint64_t max_steps;
	const char *spec_from, *criterion, *replay, *observations, *json;
	const char *html, *export_format, *export_file; /* --html, --export FORMAT FILE */
	const char *test; /* --test FILE: a lineup-test(5) description, no client */
	/* per target and per signature, "FILE:LINE" of the description line that gave it
	 * (NULL for a command-line value); set by lp_test_prepare, NULL otherwise */
	char **target_where, **signature_where, **lock_where;
	/* test generation from a description's op lines (cli/campaign/) */
	uint64_t random;		/* --random N; 0 = not given */
	bool autocheck;			/* --auto */
	int shape_threads, shape_calls; /* --shape TxK (default 3x3) */
	unsigned shard_k, shard_n;	/* --shard K/N; 0/0 = all */
	bool shard_auto;  /* --shard auto[/N]: K (and N) from the environment; shard_n = N or 0 */
	bool no_minimise; /* --no-minimise */
	const char *emit_client; /* --emit-client FILE */
	int jobs;
	unsigned watchdog;   /* seconds */
	bool watchdog_given; /* --watchdog: only the timer decides (no early spin check) */
	bool quiet, help, version;
	bool spurious;		     /* --spurious-wakeups */
	bool tso;		     /* --memory-model tso (else sc) */
	bool no_symmetry;	     /* --no-symmetry: no identical-thread reduction in phase 1 */
	enum lp_phase1_mode phase1;  /* --phase1 */
	enum lp_reduction reduction; /* phase 2 (scheduler/explore.h) */
	int verbose;
	enum lp_strategy_opt strategy; /* --strategy */
	uint64_t seed, samples;	       /* --seed (default 1), --samples (default 1000) */
	unsigned pct_depth;	       /* --pct-depth (default 3) */
	double time_budget;	       /* --time-budget in seconds; 0 = none */
	bool coverage;		       /* --coverage: the interception coverage report */
	bool no_root_cause;	       /* --no-root-cause: no root causes of a violation */
	double root_cause_time;	       /* --root-cause-time in seconds; 0 = the default bound */
	char **client_argv;	       /* CLIENT ARGS..., NULL-terminated (points into argv) */
	int client_argc;
	struct lp_opt_given *given; /* options that matter for a replay, in order */
	int n_given;
};

/* Parses argv[1..argc-1]. Returns 0, or -1 with a one-line message (no program name, no
 * trailing newline) in err. With --help or --version, sets o->help / o->version and
 * returns 0 without requiring a client. Allocates arrays; free with lp_options_free. */
int lp_options_parse(int argc, char **argv, struct lp_options *o, char *err, size_t errsize);
/* Every rule between options ("X is not allowed with Y", "X needs Y", a client or --test),
 * in one place, run by lp_options_parse after the command line is read. Returns 0, or -1
 * with a one-line message in err. */
int lp_options_check(const struct lp_options *o, char *err, size_t errsize);
void lp_options_free(struct lp_options *o);
void lp_options_usage(FILE *f);
/* -j: executions (or generated tests) at once; not given: every online CPU; at most
 * LP_MAX_JOBS. */
unsigned lp_options_jobs(const struct lp_options *o);

#endif
