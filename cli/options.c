/* cli/options.c — parses lineup-preload's options (no getopt: no global state, messages
 * in our own words, and parsing stops at the client so its own options are left alone). */
#include "options.h"

#include "cli/analyze/instrument-refusal.h"
#include "cli/run/budget.h"
#include "cli/run/lazy-run.h"
#include "lineup/stringify.h"
#include "lineup/protocol.h"
#include "lineup/die.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum opt_id {
	O_TARGET,
	O_FUNCTION,
	O_SIGNATURE,
	O_INSTRUMENT,
	O_BOUND,
	O_GRAN,
	O_MAX_STEPS,
	O_QUASI,
	O_SPEC_FROM,
	O_CRITERION,
	O_SPURIOUS,
	O_REPLAY,
	O_OBSERVATIONS,
	O_JSON,
	O_JOBS,
	O_WATCHDOG,
	O_QUIET,
	O_VERBOSE,
	O_HELP,
	O_VERSION,
	O_STRATEGY,
	O_SEED,
	O_SAMPLES,
	O_PCT_DEPTH,
	O_TIME_BUDGET,
	O_COVERAGE,
	O_NO_ROOT_CAUSE,
	O_ROOT_CAUSE_TIME,
	O_REDUCTION,
	O_NO_REDUCTION,
	O_TEST,
	O_RANDOM,
	O_AUTO,
	O_SHAPE,
	O_SHARD,
	O_NO_MINIMISE,
	O_EMIT_CLIENT,
	O_NO_SYMMETRY,
	O_PHASE1,
};

static const struct {
	const char *name;
	char short_name;
	bool arg;
	bool replay; /* kept in the replay command */
	enum opt_id id;
} table[] = {
    {"target", 't', true, true, O_TARGET},
    {"function", 'f', true, true, O_FUNCTION},
    {"signature", 's', true, true, O_SIGNATURE},
    {"preemption-bound", 'p', true, true, O_BOUND},
    {"granularity", 'g', true, true, O_GRAN},
    {"instrument", 0, true, true, O_INSTRUMENT},
    {"max-steps", 0, true, true, O_MAX_STEPS},
    {"quasi", 0, true, true, O_QUASI},
    {"spec-from", 0, true, true, O_SPEC_FROM},
    {"criterion", 0, true, true, O_CRITERION},
    {"spurious-wakeups", 0, false, true, O_SPURIOUS},
    {"reduction", 0, true, false, O_REDUCTION},
    {"no-reduction", 0, false, false, O_NO_REDUCTION},
    {"test", 0, true, true, O_TEST},
    {"random", 0, true, false, O_RANDOM},
    {"auto", 0, false, false, O_AUTO},
    {"shape", 0, true, false, O_SHAPE},
    {"shard", 0, true, false, O_SHARD},
    {"no-minimise", 0, false, false, O_NO_MINIMISE},
    {"emit-client", 0, true, false, O_EMIT_CLIENT},
    {"no-symmetry", 0, false, true, O_NO_SYMMETRY},
    {"phase1", 0, true, true, O_PHASE1},
    {"replay", 0, true, false, O_REPLAY},
    {"observations", 0, true, false, O_OBSERVATIONS},
    {"json", 0, true, false, O_JSON},
    {"jobs", 'j', true, false, O_JOBS},
    {"strategy", 0, true, false, O_STRATEGY},
    {"seed", 0, true, false, O_SEED},
    {"samples", 0, true, false, O_SAMPLES},
    {"pct-depth", 0, true, false, O_PCT_DEPTH},
    {"time-budget", 0, true, false, O_TIME_BUDGET},
    {"coverage", 0, false, false, O_COVERAGE},
    {"no-root-cause", 0, false, false, O_NO_ROOT_CAUSE},
    {"root-cause-time", 0, true, false, O_ROOT_CAUSE_TIME},
    {"watchdog", 0, true, true, O_WATCHDOG},
    {"quiet", 'q', false, false, O_QUIET},
    {"verbose", 'v', false, false, O_VERBOSE},
    {"help", 'h', false, false, O_HELP},
    {"version", 'V', false, false, O_VERSION},
};
#define N_TABLE (sizeof table / sizeof *table)

void lp_options_usage(FILE *f)
{
	fputs(
	    "usage: lineup-preload [OPTIONS] [--] CLIENT [ARGS...]\n"
	    "       lineup-preload [OPTIONS] --test FILE\n"
	    "Checks that the library functions CLIENT calls from several threads are "
	    "linearizable.\n"
	    "\n"
	    "  -p, --preemption-bound N   preemptions per phase-2 execution (default 2; -1 "
	    "unbounded)\n"
	    "  -t, --target LIB           library under test, path or soname (repeatable;\n"
	    "                             default: the libraries CLIENT links, except libc and the "
	    "loader)\n"
	    "  -f, --function GLOB        only matching functions are operations (repeatable)\n"
	    "  -s, --signature 'name(int,ptr)->long'  types of a function without DWARF "
	    "(repeatable)\n"
	    "  -g, --granularity sync|atomic|memory  scheduling points besides pthread calls: "
	    "none,\n"
	    "                             atomic instructions and pause (default), or also every\n"
	    "                             load and store of shared memory (much slower)\n"
	    "      --instrument OBJ       also trap the instructions of OBJ, a library CLIENT "
	    "loads\n"
	    "                             (path or soname; repeatable; never libc)\n"
	    "      --max-steps N          scheduling points in one operation before it counts as\n"
	    "                             stuck (default 10000)\n"
	    "      --quasi FUNC=K         FUNC's results may be out of order by K (repeatable)\n"
	    "      --spec-from LIB2       LIB2 is the specification (golden model): sequences of\n"
	    "                             the test's operations run on it on demand\n"
	    "      --criterion linearizability|sequential  correctness criterion\n"
	    "      --reduction sleep|race-free|off  phase-2 partial-order reduction: skip "
	    "schedules\n"
	    "                             that only reorder independent steps (default sleep;\n"
	    "                             race-free also takes target code as free of data races)\n"
	    "      --no-reduction         same as --reduction off\n"
	    "      --no-symmetry          phase 1 runs every serial order, also of threads that\n"
	    "                             make the same calls (default: one of each swap class)\n"
	    "      --phase1 eager|lazy|auto  run every serial order before phase 2, or only those\n"
	    "                             phase 2's checks need, when they need them (default\n"
	    "                             auto: lazy past " LP_STR(
		LP_P1_EAGER_MAX) " serial orders)\n"
				 "      --spurious-wakeups     in phase 2 a condition wait may "
				 "return without a signal\n"
				 "                             (once per operation, when no other "
				 "thread can run)\n"
				 "      --test FILE            run the test described in FILE "
				 "(lineup-test(5)) with\n"
				 "                             the built-in driver instead of a "
				 "client\n"
				 "      --random N             with a generator FILE (op lines): "
				 "run N random tests\n"
				 "                             (default 100) of --shape, seeded by "
				 "--seed\n"
				 "      --auto                 with a generator FILE: every "
				 "distinct test of growing\n"
				 "                             size (1x1, 2x1, 2x2, ... up to "
				 "--shape) until one fails\n"
				 "      --shape TxK            generated tests: T threads of K "
				 "calls (default 3x3)\n"
				 "      --shard K/N            run only the generated tests whose "
				 "number is K modulo N\n"
				 "                             (N for 0); 'lineup-preload merge' "
				 "joins the reports;\n"
				 "                             auto[/N]: K/N from Slurm's "
				 "SLURM_ARRAY_TASK_* or a\n"
				 "                             Kubernetes Indexed Job's "
				 "JOB_COMPLETION_INDEX\n"
				 "      --no-minimise          report the first failing generated "
				 "test as it is\n"
				 "      --emit-client FILE     write a C client equivalent to the "
				 "failing test\n"
				 "      --replay SCHEDULE      run one schedule (e.g. "
				 "c:4@0.2,9@0.1), print its "
				 "history\n"
				 "                             and whether it has a serial witness "
				 "(exit 1 if not)\n"
				 "      --observations FILE    write the phase-1 observations to "
				 "FILE\n"
				 "      --json FILE            write a machine-readable report to "
				 "FILE\n"
				 "  -j, --jobs N               executions run at once (default: "
				 "the "
				 "number of\n"
				 "                             CPUs): both phases run the next "
				 "schedules\n"
				 "                             ahead, the result is the same; "
				 "generated tests\n"
				 "                             are checked N at a time\n"
				 "      --strategy dfs|pct|random  phase 2: every schedule up to "
				 "the preemption bound\n"
				 "                             (dfs, default), or --samples seeded "
				 "random schedules:\n"
				 "                             PCT priorities (pct) or uniform "
				 "choices (random)\n"
				 "      --seed S               seed of the random strategies "
				 "(default 1)\n"
				 "      --samples N            random schedules to run (default "
				 "1000)\n"
				 "      --pct-depth D          bug depth PCT aims at: D-1 priority "
				 "changes (default 3)\n"
				 "      --time-budget DURATION  e.g. 90s, 5m, 1h: bound by bound "
				 "while the next one is\n"
				 "                             expected to fit, then PCT schedules "
				 "until the time is "
				 "up\n"
				 "      --coverage             say which target functions were "
				 "called and how they are\n"
				 "                             typed, which instructions were "
				 "trapped, what was not "
				 "controlled\n"
				 "      --no-root-cause        on a violation, do not search for "
				 "the code that should\n"
				 "                             have been atomic (root causes)\n"
				 "      --root-cause-time DURATION  time the root-cause search may "
				 "take (default: as\n"
				 "                             long as the check took, at least "
				 "1s; "
				 "0: no search)\n"
				 "      --watchdog SECONDS     a thread that runs this long "
				 "without reaching a "
				 "scheduling\n"
				 "                             point is in an uncontrolled "
				 "blocking call (default 10)\n"
				 "  -q, --quiet                no progress display, no run "
				 "summary\n"
				 "  -v, --verbose              more detail; with --replay, trace "
				 "every scheduling "
				 "point\n"
				 "  -h, --help                 show this help\n"
				 "  -V, --version              show the version\n"
				 "\n"
				 "Exit status: 0 no violation found, 1 violation, 2 usage or "
				 "set-up error,\n"
				 "3 nondeterministic (two serial runs disagree). See "
				 "lineup-preload(1).\n",
	    f);
}

static void append(const char ***v, int *n, const char *s)
{
	const char **nv = realloc(*v, (size_t)(*n + 1) * sizeof **v);
	if (!nv)
		abort();
	nv[(*n)++] = s;
	*v = nv;
}

static int number(const char *s, long long lo, long long hi, long long *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (!*s || *end || errno || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int apply(struct lp_options *o, int k, const char *v, char *err, size_t errsize)
{
	long long n;
	const char *name = table[k].name;
	switch (table[k].id) {
	case O_TARGET:
		append(&o->targets, &o->n_targets, v);
		break;
	case O_FUNCTION:
		append(&o->globs, &o->n_globs, v);
		break;
	case O_SIGNATURE:
		append(&o->signatures, &o->n_signatures, v);
		break;
	case O_INSTRUMENT: {
		const char *why = lp_instrument_refusal(v);
		if (why)
			return lp_errf(err, errsize,
				       "cannot --instrument '%s': %s: instrument only the "
				       "libraries above libc",
				       v, why);
		append(&o->instrument, &o->n_instrument, v);
		break;
	}
	case O_BOUND:
		if (number(v, -1, 1000000, &n))
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: give a number of preemptions >= "
				       "0, or -1 for no bound",
				       v, name);
		o->bound = (int)n;
		o->bound_given = true;
		break;
	case O_GRAN:
		if (!strcmp(v, "sync"))
			o->granularity = LP_GRAN_SYNC;
		else if (!strcmp(v, "atomic"))
			o->granularity = LP_GRAN_ATOMIC;
		else if (!strcmp(v, "memory"))
			o->granularity = LP_GRAN_MEMORY;
		else
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: use sync, atomic or memory", v,
				       name);
		break;
	case O_MAX_STEPS:
		if (number(v, 1, INT64_MAX, &n))
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: give a number of steps >= 1", v,
				       name);
		o->max_steps = (uint64_t)n;
		break;
	case O_QUASI: {
		const char *eq = strchr(v, '=');
		if (!eq || eq == v || number(eq + 1, 0, 1000000, &n))
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: use FUNC=K with K a number >= 0, "
				       "e.g. --quasi queue_take=1",
				       v, name);
		append(&o->quasi, &o->n_quasi, v);
		break;
	}
	case O_SPEC_FROM:
		if (access(v, R_OK))
			return lp_errf(
			    err, errsize,
			    "cannot read the golden model '%s' given to --%s: %s: give the "
			    "path of a shared library with the target's functions",
			    v, name, strerror(errno));
		o->spec_from = v;
		break;
	case O_CRITERION:
		if (strcmp(v, "linearizability") && strcmp(v, "sequential"))
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: use linearizability or sequential",
				       v, name);
		o->criterion = v;
		break;
	case O_REPLAY:
		o->replay = v;
		break;
	case O_OBSERVATIONS:
		o->observations = v;
		break;
	case O_JSON:
		o->json = v;
		break;
	case O_JOBS:
		if (number(v, 1, LP_MAX_JOBS, &n))
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: give a number of jobs from 1 to "
				       "63",
				       v, name);
		o->jobs = (int)n;
		break;
	case O_WATCHDOG:
		if (number(v, 1, 86400, &n))
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: give a number of seconds >= 1", v,
				       name);
		o->watchdog = (unsigned)n;
		o->watchdog_given = true;
		break;
	case O_STRATEGY:
		if (!strcmp(v, "dfs"))
			o->strategy = LP_STRATEGY_DFS;
		else if (!strcmp(v, "pct"))
			o->strategy = LP_STRATEGY_PCT;
		else if (!strcmp(v, "random"))
			o->strategy = LP_STRATEGY_RANDOM;
		else
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: use dfs, pct or random", v, name);
		break;
	case O_SEED:
		if (number(v, 0, INT64_MAX, &n))
			return lp_errf(err, errsize, "bad value '%s' for --%s: give a number >= 0",
				       v, name);
		o->seed = (uint64_t)n;
		break;
	case O_SAMPLES:
		if (number(v, 1, INT64_MAX, &n))
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: give a number of schedules >= 1",
				       v, name);
		o->samples = (uint64_t)n;
		break;
	case O_PCT_DEPTH:
		if (number(v, 1, LP_MAX_PCT_CHANGES + 1, &n))
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: give a depth from 1 to %d", v,
				       name, LP_MAX_PCT_CHANGES + 1);
		o->pct_depth = (unsigned)n;
		break;
	case O_TIME_BUDGET:
		if (lp_duration_parse(v, &o->time_budget))
			return lp_errf(
			    err, errsize,
			    "bad value '%s' for --%s: give a duration such as 90s, 5m or 1h", v,
			    name);
		break;
	case O_COVERAGE:
		o->coverage = true;
		break;
	case O_NO_ROOT_CAUSE:
		o->no_root_cause = true;
		break;
	case O_ROOT_CAUSE_TIME:
		if (lp_duration_parse_zero(v, &o->root_cause_time))
			return lp_errf(
			    err, errsize,
			    "bad value '%s' for --%s: give a duration such as 5s, 2m, or "
			    "0 for no root causes",
			    v, name);
		if (o->root_cause_time == 0)
			o->no_root_cause = true;
		break;
	case O_SPURIOUS:
		o->spurious = true;
		break;
	case O_REDUCTION:
		if (!strcmp(v, "sleep"))
			o->reduction = LP_REDUCE_SLEEP;
		else if (!strcmp(v, "race-free"))
			o->reduction = LP_REDUCE_ASSUME_RACE_FREE;
		else if (!strcmp(v, "off"))
			o->reduction = LP_REDUCE_OFF;
		else
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: use sleep, race-free or off", v,
				       name);
		break;
	case O_TEST:
		o->test = v;
		break;
	case O_RANDOM: {
		char *end;
		errno = 0;
		unsigned long long tests = strtoull(v, &end, 10);
		if (errno || *end || !*v || tests == 0 || tests > 100000000 || v[0] == '-')
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: give a number of tests, 1 or more",
				       v, name);
		o->random = tests;
		break;
	}
	case O_AUTO:
		o->autocheck = true;
		break;
	case O_SHAPE: {
		int th, calls;
		char x, extra;
		if (sscanf(v, "%d%c%d%c", &th, &x, &calls, &extra) != 3 || x != 'x' || th < 1 ||
		    calls < 1 || th > 16 || calls > 64)
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: give THREADSxCALLS, e.g. 3x3 "
				       "(1 to 16 threads, 1 to 64 calls)",
				       v, name);
		o->shape_threads = th, o->shape_calls = calls;
		break;
	}
	case O_SHARD: {
		unsigned sk, sn;
		char slash, extra;
		/* auto or auto/N: K (and N) from the scheduler's array variables, read when
		 * the campaign starts (cli/test/shard-auto.c) */
		o->shard_auto = !strncmp(v, "auto", 4) && (!v[4] || v[4] == '/');
		if (o->shard_auto && !v[4]) {
			o->shard_k = o->shard_n = 0;
			break;
		}
		if (o->shard_auto ? sscanf(v + 5, "%u%c", &sn, &extra) != 1 || sn < 1
				  : sscanf(v, "%u%c%u%c", &sk, &slash, &sn, &extra) != 3 ||
					slash != '/' || sn < 1 || sk < 1 || sk > sn)
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: give K/N with 1 <= K <= N (e.g. "
				       "2/8), auto, or auto/N",
				       v, name);
		o->shard_k = o->shard_auto ? 0 : sk, o->shard_n = sn;
		break;
	}
	case O_NO_MINIMISE:
		o->no_minimise = true;
		break;
	case O_EMIT_CLIENT:
		o->emit_client = v;
		break;
	case O_NO_SYMMETRY:
		o->no_symmetry = true;
		break;
	case O_PHASE1:
		if (!strcmp(v, "eager"))
			o->phase1 = LP_P1_EAGER;
		else if (!strcmp(v, "lazy"))
			o->phase1 = LP_P1_LAZY;
		else if (!strcmp(v, "auto"))
			o->phase1 = LP_P1_AUTO;
		else
			return lp_errf(err, errsize,
				       "bad value '%s' for --%s: use eager, lazy or auto", v, name);
		break;
	case O_NO_REDUCTION:
		o->reduction = LP_REDUCE_OFF;
		break;
	case O_QUIET:
		o->quiet = true;
		break;
	case O_VERBOSE:
		o->verbose++;
		break;
	case O_HELP:
		o->help = true;
		break;
	case O_VERSION:
		o->version = true;
		break;
	}
	if (table[k].replay) {
		struct lp_opt_given *g = realloc(o->given, (size_t)(o->n_given + 1) * sizeof *g);
		if (!g)
			abort();
		g[o->n_given++] = (struct lp_opt_given){name, table[k].arg ? v : NULL};
		o->given = g;
	}
	return 0;
}

int lp_options_parse(int argc, char **argv, struct lp_options *o, char *err, size_t errsize)
{
	memset(o, 0, sizeof *o);
	o->bound = 2;
	o->reduction = LP_REDUCE_SLEEP;
	o->granularity = LP_GRAN_ATOMIC;
	o->max_steps = 10000;
	o->jobs = 0; /* not given: generated tests use every CPU, a check one process */
	o->watchdog = 10;
	o->seed = 1;
	o->shape_threads = o->shape_calls = 3;
	o->samples = 1000;
	o->pct_depth = 3;
	int i = 1;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[0] != '-' || a[1] == 0)
			break;
		if (a[1] == '-') {
			const char *name = a + 2, *eq = strchr(name, '=');
			size_t len = eq ? (size_t)(eq - name) : strlen(name);
			size_t k = 0;
			while (k < N_TABLE &&
			       (strlen(table[k].name) != len || strncmp(table[k].name, name, len)))
				k++;
			if (k == N_TABLE)
				return lp_errf(
				    err, errsize,
				    "unknown option '--%.*s': see 'lineup-preload --help'",
				    (int)len, name);
			const char *v = NULL;
			if (table[k].arg) {
				if (eq)
					v = eq + 1;
				else if (i + 1 < argc)
					v = argv[++i];
				else
					return lp_errf(err, errsize,
						       "option '--%s' needs a value: see "
						       "'lineup-preload --help'",
						       table[k].name);
			} else if (eq) {
				return lp_errf(err, errsize, "option '--%s' takes no value",
					       table[k].name);
			}
			if (apply(o, (int)k, v, err, errsize))
				return -1;
			continue;
		}
		for (const char *c = a + 1; *c; c++) {
			size_t k = 0;
			while (k < N_TABLE && table[k].short_name != *c)
				k++;
			if (k == N_TABLE)
				return lp_errf(err, errsize,
					       "unknown option '-%c': see 'lineup-preload --help'",
					       *c);
			const char *v = NULL;
			if (table[k].arg) {
				if (c[1])
					v = c + 1;
				else if (i + 1 < argc)
					v = argv[++i];
				else
					return lp_errf(err, errsize,
						       "option '-%c' needs a value: see "
						       "'lineup-preload --help'",
						       *c);
			}
			if (apply(o, (int)k, v, err, errsize))
				return -1;
			if (v)
				break;
		}
	}
	if (o->help || o->version)
		return 0;
	if (o->n_instrument && o->granularity == LP_GRAN_SYNC)
		return lp_errf(err, errsize,
			       "--instrument '%s' has no effect with -g sync, which traps no "
			       "instruction: use -g atomic or -g memory",
			       o->instrument[0]);
	if ((o->random || o->autocheck || o->shard_n || o->shard_auto || o->emit_client) &&
	    !o->test)
		return lp_errf(err, errsize,
			       "--random, --auto, --shard and --emit-client generate tests from a "
			       "description: give it with --test FILE");
	if (o->observations && (o->spec_from || o->n_quasi))
		return lp_errf(
		    err, errsize,
		    "--observations writes phase 1's serial histories, and with %s there "
		    "is no phase 1 (a golden model is asked instead): drop one of them",
		    o->spec_from ? "--spec-from" : "--quasi");
	if (o->phase1 == LP_P1_LAZY && (o->observations || o->spec_from || o->n_quasi))
		return lp_errf(
		    err, errsize,
		    "--phase1 lazy runs only the serial executions phase 2 needs, and %s: "
		    "drop one of them",
		    o->observations ? "--observations writes them all"
				    : "with a golden model there is no phase 1");
	if (o->random && o->autocheck)
		return lp_errf(err, errsize,
			       "--random and --auto both given: pick random tests or all tests of "
			       "growing size");
	if (o->test && i < argc)
		return lp_errf(err, errsize,
			       "both --test '%s' and a client '%s' given: a test description runs "
			       "without a client, drop one of them",
			       o->test, argv[i]);
	if (o->test)
		return 0;
	if (i >= argc)
		return lp_errf(err, errsize,
			       "no client program given: name it after the options, e.g. "
			       "'lineup-preload -t libqueue.so -- ./client', or give a test "
			       "description with --test FILE");
	o->client_argv = argv + i;
	o->client_argc = argc - i;
	return 0;
}

void lp_options_free(struct lp_options *o)
{
	for (int i = 0; o->target_where && i < o->n_targets; i++)
		free(o->target_where[i]);
	for (int i = 0; o->signature_where && i < o->n_signatures; i++)
		free(o->signature_where[i]);
	free(o->target_where);
	free(o->signature_where);
	free(o->targets);
	free(o->globs);
	free(o->signatures);
	free(o->instrument);
	free(o->quasi);
	free(o->given);
	memset(o, 0, sizeof *o);
}

unsigned lp_options_jobs(const struct lp_options *o)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned n = o->jobs > 0 ? (unsigned)o->jobs : cpus > 0 ? (unsigned)cpus : 1;
	return n > LP_MAX_JOBS ? LP_MAX_JOBS : n;
}
