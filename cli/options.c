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
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void lp_options_usage(FILE *f)
{
	fputs(
	    "usage: lineup-preload [OPTIONS] [--] CLIENT [ARGS...]\n"
	    "       lineup-preload [OPTIONS] --test FILE\n"
	    "       lineup-preload report REPORT.json [--html FILE] [--export FORMAT FILE]\n"
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
	    "      --memory-model sc|tso  at -g memory: sequential consistency (default) or\n"
	    "                             x86-TSO (store buffers; flushes are scheduling choices)\n"
	    "      --header H             types of the targets' functions from C header H, a path\n"
	    "                             or <name.h> (repeatable; DWARF and -s still win)\n"
	    "      --pkg-config PKG       compile those headers with the include flags of PKG "
	    "(repeatable)\n"
	    "      --instrument OBJ       also trap the instructions of OBJ, a library CLIENT "
	    "loads\n"
	    "                             (path or soname; repeatable; never libc)\n"
	    "      --spin-site OBJ+0xOFF  at -g atomic, the plain loads of the loop at OFF in\n"
	    "                             target OBJ are scheduling points too (repeatable)\n"
	    "      --lock FUNC            FUNC's compare-and-swap is a blocking lock's acquire:\n"
	    "                             held back while it would fail (repeatable; OBJ+0xOFF:\n"
	    "                             the swap at OFF of OBJ; none: not even GLib's\n"
	    "                             g_mutex_lock)\n"
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
				 "      --html FILE            write the report as a "
				 "self-contained page\n"
				 "      --export porcupine|jepsen FILE   write the violating "
				 "history for\n"
				 "                             Porcupine (JSON) or Jepsen/Knossos "
				 "(EDN)\n"
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

/* The options, one row each. A row says how its value becomes a field of struct
 * lp_options; what depends on two options together is lp_options_check's, run after the
 * whole command line is read. To add an option: a row here, a line in the usage above and
 * in man/lineup-preload.1 (tests/cli/options-and-man.sh checks them against each other). */

/* How a row's value becomes its field. */
enum opt_kind {
	OPT_FLAG,     /* no value: the bool field becomes true */
	OPT_COUNT,    /* no value: the int field counts the times given */
	OPT_ACTION,   /* no value: .parse(o, NULL) does it */
	OPT_STRING,   /* the const char * field points at the value */
	OPT_LIST,     /* the value is appended to the const char ** field, .count counts */
	OPT_INT,      /* a number from .lo to .hi into an int field */
	OPT_UINT,     /* ... into an unsigned field */
	OPT_U64,      /* ... into a uint64_t field */
	OPT_DURATION, /* lp_duration_parse (90s, 5m, 1h) into a double field of seconds */
	OPT_CHOICE,   /* one of .words, its value into an enum field */
	OPT_PARSE,    /* .parse(o, value) */
};

/* Fills a field itself, for values no kind above fits. Returns 0, or -1 for a bad value
 * (with the row's .hint), or -1 having written its own message to err (rows without one). */
typedef int opt_parse_fn(struct lp_options *o, const char *v, char *err, size_t errsize);

struct opt_word {
	const char *word;
	int value;
};

struct opt_row {
	const char *name; /* --name */
	char short_name;  /* -c, or 0 */
	enum opt_kind kind;
	size_t field;	  /* offsetof(struct lp_options, ...); OPT_PARSE: what .parse sets */
	bool replay;	  /* kept in the replay command (cli/run/replay-cmd.c) */
	size_t count;	  /* OPT_LIST: the int field counting the list */
	size_t given;	  /* a bool field set when the option is given, or 0 for none */
	long long lo, hi; /* OPT_INT, OPT_UINT, OPT_U64: the accepted range */
	const struct opt_word *words; /* OPT_CHOICE: ends with a NULL word */
	opt_parse_fn *parse;	      /* OPT_PARSE, OPT_ACTION */
	const char *hint;	      /* a bad value's fix: "bad value 'V' for --NAME: HINT" */
	size_t then_file; /* a second value, a file, into this const char * field (or 0) */
};

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

static int parse_instrument(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	const char *why = lp_instrument_refusal(v);
	if (why)
		return lp_errf(err, errsize,
			       "cannot --instrument '%s': %s: instrument only the libraries above "
			       "libc",
			       v, why);
	append(&o->instrument, &o->n_instrument, v);
	return 0;
}

static int parse_quasi(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	const char *eq = strchr(v, '=');
	long long k;
	if (!eq || eq == v || number(eq + 1, 0, 1000000, &k))
		return -1;
	append(&o->quasi, &o->n_quasi, v);
	return 0;
}

static int parse_spec_from(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	if (access(v, R_OK))
		return lp_errf(err, errsize,
			       "cannot read the golden model '%s' given to --spec-from: %s: give "
			       "the path of a shared library with the target's functions",
			       v, strerror(errno));
	o->spec_from = v;
	return 0;
}

static int parse_criterion(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	if (strcmp(v, "linearizability") && strcmp(v, "sequential"))
		return -1;
	o->criterion = v;
	return 0;
}

static int parse_pct_depth(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	long long n;
	if (number(v, 1, LP_MAX_PCT_CHANGES + 1, &n))
		return lp_errf(err, errsize,
			       "bad value '%s' for --pct-depth: give a depth from 1 to %d", v,
			       LP_MAX_PCT_CHANGES + 1);
	o->pct_depth = (unsigned)n;
	return 0;
}

/* 0 is a bound too: no root causes at all. */
static int parse_root_cause_time(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	if (lp_duration_parse_zero(v, &o->root_cause_time))
		return -1;
	if (o->root_cause_time == 0)
		o->no_root_cause = true;
	return 0;
}

static int parse_shape(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	int th, calls;
	char x, extra;
	if (sscanf(v, "%d%c%d%c", &th, &x, &calls, &extra) != 3 || x != 'x' || th < 1 ||
	    calls < 1 || th > 16 || calls > 64)
		return -1;
	o->shape_threads = th, o->shape_calls = calls;
	return 0;
}

static int parse_shard(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	unsigned sk, sn;
	char slash, extra;
	/* auto or auto/N: K (and N) from the scheduler's array variables, read when the
	 * campaign starts (cli/campaign/shard-auto.c) */
	o->shard_auto = !strncmp(v, "auto", 4) && (!v[4] || v[4] == '/');
	if (o->shard_auto && !v[4]) {
		o->shard_k = o->shard_n = 0;
		return 0;
	}
	if (o->shard_auto ? sscanf(v + 5, "%u%c", &sn, &extra) != 1 || sn < 1
			  : sscanf(v, "%u%c%u%c", &sk, &slash, &sn, &extra) != 3 || slash != '/' ||
				sn < 1 || sk < 1 || sk > sn)
		return -1;
	o->shard_k = o->shard_auto ? 0 : sk, o->shard_n = sn;
	return 0;
}

static int set_no_reduction(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	o->reduction = LP_REDUCE_OFF;
	return 0;
}

static const struct opt_word granularities[] = {
    {"sync", LP_GRAN_SYNC}, {"atomic", LP_GRAN_ATOMIC}, {"memory", LP_GRAN_MEMORY}, {NULL, 0}};
static const struct opt_word strategies[] = {
    {"dfs", LP_STRATEGY_DFS}, {"pct", LP_STRATEGY_PCT}, {"random", LP_STRATEGY_RANDOM}, {NULL, 0}};
static const struct opt_word reductions[] = {{"sleep", LP_REDUCE_SLEEP},
					     {"race-free", LP_REDUCE_ASSUME_RACE_FREE},
					     {"off", LP_REDUCE_OFF},
					     {NULL, 0}};
static const struct opt_word phase1_modes[] = {
    {"eager", LP_P1_EAGER}, {"lazy", LP_P1_LAZY}, {"auto", LP_P1_AUTO}, {NULL, 0}};
/* OPT_CHOICE stores an int into an enum field. */
_Static_assert(sizeof(enum lp_granularity) == sizeof(int) &&
		   sizeof(enum lp_strategy_opt) == sizeof(int) &&
		   sizeof(enum lp_reduction) == sizeof(int) &&
		   sizeof(enum lp_phase1_mode) == sizeof(int),
	       "an option's enum is an int");
/* .given 0 means none: offset 0 is a list, never a flag. */
_Static_assert(offsetof(struct lp_options, targets) == 0, "struct lp_options starts with a list");

static int parse_export(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	(void)err, (void)errsize;
	if (strcmp(v, "porcupine") && strcmp(v, "jepsen"))
		return -1;
	o->export_format = v;
	return 0;
}

static int parse_memory_model(struct lp_options *o, const char *v, char *err, size_t errsize)
{
	(void)err, (void)errsize;
	if (strcmp(v, "sc") && strcmp(v, "tso"))
		return -1;
	o->tso = !strcmp(v, "tso");
	return 0;
}

#define F(f) offsetof(struct lp_options, f)
/* Rows in any order: the replay command keeps the options in the order they were given. */
static const struct opt_row rows[] = {
    {"target", 't', OPT_LIST, F(targets), .replay = true, .count = F(n_targets)},
    {"function", 'f', OPT_LIST, F(globs), .replay = true, .count = F(n_globs)},
    {"signature", 's', OPT_LIST, F(signatures), .replay = true, .count = F(n_signatures)},
    {"memory-model", 0, OPT_PARSE, F(tso), .replay = true, .parse = parse_memory_model,
     .hint = "use sc or tso"},
    {"header", 0, OPT_LIST, F(headers), .replay = true, .count = F(n_headers)},
    {"pkg-config", 0, OPT_LIST, F(pkg_configs), .replay = true, .count = F(n_pkg_configs)},
    {"preemption-bound", 'p', OPT_INT, F(bound), .replay = true, .lo = -1, .hi = 1000000,
     .given = F(bound_given), .hint = "give a number of preemptions >= 0, or -1 for no bound"},
    {"granularity", 'g', OPT_CHOICE, F(granularity), .replay = true, .words = granularities,
     .hint = "use sync, atomic or memory"},
    {"instrument", 0, OPT_PARSE, F(instrument), .replay = true, .parse = parse_instrument},
    {"spin-site", 0, OPT_LIST, F(spin_sites), .replay = true, .count = F(n_spin_sites)},
    {"lock", 0, OPT_LIST, F(locks), .replay = true, .count = F(n_locks)},
    {"max-steps", 0, OPT_U64, F(max_steps), .replay = true, .lo = 1, .hi = INT64_MAX,
     .hint = "give a number of steps >= 1"},
    {"quasi", 0, OPT_PARSE, F(quasi), .replay = true, .parse = parse_quasi,
     .hint = "use FUNC=K with K a number >= 0, e.g. --quasi queue_take=1"},
    {"spec-from", 0, OPT_PARSE, F(spec_from), .replay = true, .parse = parse_spec_from},
    {"criterion", 0, OPT_PARSE, F(criterion), .replay = true, .parse = parse_criterion,
     .hint = "use linearizability or sequential"},
    {"spurious-wakeups", 0, OPT_FLAG, F(spurious), .replay = true},
    {"reduction", 0, OPT_CHOICE, F(reduction), .replay = false, .words = reductions,
     .hint = "use sleep, race-free or off"},
    {"no-reduction", 0, OPT_ACTION, F(reduction), .replay = false, .parse = set_no_reduction},
    {"test", 0, OPT_STRING, F(test), .replay = true},
    {"random", 0, OPT_U64, F(random), .replay = false, .lo = 1, .hi = 100000000,
     .hint = "give a number of tests, 1 or more"},
    {"auto", 0, OPT_FLAG, F(autocheck), .replay = false},
    {"shape", 0, OPT_PARSE, F(shape_threads), .replay = false, .parse = parse_shape,
     .hint = "give THREADSxCALLS, e.g. 3x3 (1 to 16 threads, 1 to 64 calls)"},
    {"shard", 0, OPT_PARSE, F(shard_k), .replay = false, .parse = parse_shard,
     .hint = "give K/N with 1 <= K <= N (e.g. 2/8), auto, or auto/N"},
    {"no-minimise", 0, OPT_FLAG, F(no_minimise), .replay = false},
    {"emit-client", 0, OPT_STRING, F(emit_client), .replay = false},
    {"no-symmetry", 0, OPT_FLAG, F(no_symmetry), .replay = true},
    {"phase1", 0, OPT_CHOICE, F(phase1), .replay = true, .words = phase1_modes,
     .hint = "use eager, lazy or auto"},
    {"replay", 0, OPT_STRING, F(replay), .replay = false},
    {"observations", 0, OPT_STRING, F(observations), .replay = false},
    {"json", 0, OPT_STRING, F(json), .replay = false},
    {"html", 0, OPT_STRING, F(html), .replay = false},
    {"export", 0, OPT_PARSE, F(export_format), .replay = false, .parse = parse_export,
     .hint = "use porcupine or jepsen, then a file", .then_file = F(export_file)},
    {"jobs", 'j', OPT_INT, F(jobs), .replay = false, .lo = 1, .hi = LP_MAX_JOBS,
     .hint = "give a number of jobs from 1 to " LP_STR(LP_MAX_JOBS)},
    {"strategy", 0, OPT_CHOICE, F(strategy), .replay = false, .words = strategies,
     .hint = "use dfs, pct or random"},
    {"seed", 0, OPT_U64, F(seed), .replay = false, .lo = 0, .hi = INT64_MAX,
     .hint = "give a number >= 0"},
    {"samples", 0, OPT_U64, F(samples), .replay = false, .lo = 1, .hi = INT64_MAX,
     .hint = "give a number of schedules >= 1"},
    {"pct-depth", 0, OPT_PARSE, F(pct_depth), .replay = false, .parse = parse_pct_depth},
    {"time-budget", 0, OPT_DURATION, F(time_budget), .replay = false,
     .hint = "give a duration such as 90s, 5m or 1h"},
    {"coverage", 0, OPT_FLAG, F(coverage), .replay = false},
    {"no-root-cause", 0, OPT_FLAG, F(no_root_cause), .replay = false},
    {"root-cause-time", 0, OPT_PARSE, F(root_cause_time), .replay = false,
     .parse = parse_root_cause_time,
     .hint = "give a duration such as 5s, 2m, or 0 for no root causes"},
    {"watchdog", 0, OPT_UINT, F(watchdog), .replay = true, .lo = 1, .hi = 86400,
     .given = F(watchdog_given), .hint = "give a number of seconds >= 1"},
    {"quiet", 'q', OPT_FLAG, F(quiet), .replay = false},
    {"verbose", 'v', OPT_COUNT, F(verbose), .replay = false},
    {"help", 'h', OPT_FLAG, F(help), .replay = false},
    {"version", 'V', OPT_FLAG, F(version), .replay = false},
};
#undef F
#define N_ROWS (sizeof rows / sizeof *rows)

static bool takes_value(const struct opt_row *r)
{
	return r->kind != OPT_FLAG && r->kind != OPT_COUNT && r->kind != OPT_ACTION;
}

static int choose(const struct opt_word *w, const char *v, int *out)
{
	for (; w->word; w++)
		if (!strcmp(w->word, v)) {
			*out = w->value;
			return 0;
		}
	return -1;
}

static int apply(struct lp_options *o, const struct opt_row *r, const char *v, char *err,
		 size_t errsize)
{
	void *field = (char *)o + r->field;
	long long n = 0;
	int bad = 0;
	switch (r->kind) {
	case OPT_FLAG:
		*(bool *)field = true;
		break;
	case OPT_COUNT:
		++*(int *)field;
		break;
	case OPT_STRING:
		*(const char **)field = v;
		break;
	case OPT_LIST:
		append(field, (int *)((char *)o + r->count), v);
		break;
	case OPT_INT:
		if (!(bad = number(v, r->lo, r->hi, &n)))
			*(int *)field = (int)n;
		break;
	case OPT_UINT:
		if (!(bad = number(v, r->lo, r->hi, &n)))
			*(unsigned *)field = (unsigned)n;
		break;
	case OPT_U64:
		if (!(bad = number(v, r->lo, r->hi, &n)))
			*(uint64_t *)field = (uint64_t)n;
		break;
	case OPT_DURATION:
		bad = lp_duration_parse(v, field);
		break;
	case OPT_CHOICE:
		bad = choose(r->words, v, field);
		break;
	case OPT_ACTION:
	case OPT_PARSE:
		bad = r->parse(o, v, err, errsize);
		break;
	}
	if (bad)
		return r->hint ? lp_errf(err, errsize, "bad value '%s' for --%s: %s", v, r->name,
					 r->hint)
			       : -1;
	if (r->given)
		*(bool *)((char *)o + r->given) = true;
	if (r->replay) {
		struct lp_opt_given *g = realloc(o->given, (size_t)(o->n_given + 1) * sizeof *g);
		if (!g)
			abort();
		g[o->n_given++] = (struct lp_opt_given){r->name, takes_value(r) ? v : NULL};
		o->given = g;
	}
	return 0;
}

/* --NAME, --NAME=VALUE or --NAME VALUE (argv[*i + 1], then *i moves past it). */
static int long_option(struct lp_options *o, int argc, char **argv, int *i, char *err,
		       size_t errsize)
{
	const char *name = argv[*i] + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct opt_row *r = rows;
	while (r < rows + N_ROWS && (strlen(r->name) != len || strncmp(r->name, name, len)))
		r++;
	if (r == rows + N_ROWS)
		return lp_errf(err, errsize, "unknown option '--%.*s': see 'lineup-preload --help'",
			       (int)len, name);
	const char *v = NULL;
	if (takes_value(r)) {
		if (eq)
			v = eq + 1;
		else if (*i + 1 < argc)
			v = argv[++*i];
		else
			return lp_errf(err, errsize,
				       "option '--%s' needs a value: see 'lineup-preload --help'",
				       r->name);
	} else if (eq) {
		return lp_errf(err, errsize, "option '--%s' takes no value", r->name);
	}
	if (r->then_file) { /* --export FORMAT FILE */
		if (*i + 1 >= argc || argv[*i + 1][0] == '-')
			return lp_errf(
			    err, errsize,
			    "option '--%s' needs a format and a file: --%s porcupine FILE", r->name,
			    r->name);
		*(const char **)((char *)o + r->then_file) = argv[++*i];
	}
	return apply(o, r, v, err, errsize);
}

/* -abc (flags together), -pVALUE or -p VALUE. */
static int short_options(struct lp_options *o, int argc, char **argv, int *i, char *err,
			 size_t errsize)
{
	for (const char *c = argv[*i] + 1; *c; c++) {
		const struct opt_row *r = rows;
		while (r < rows + N_ROWS && r->short_name != *c)
			r++;
		if (r == rows + N_ROWS)
			return lp_errf(err, errsize,
				       "unknown option '-%c': see 'lineup-preload --help'", *c);
		const char *v = NULL;
		if (takes_value(r)) {
			if (c[1])
				v = c + 1;
			else if (*i + 1 < argc)
				v = argv[++*i];
			else
				return lp_errf(err, errsize,
					       "option '-%c' needs a value: see 'lineup-preload "
					       "--help'",
					       *c);
		}
		if (apply(o, r, v, err, errsize))
			return -1;
		if (v)
			break;
	}
	return 0;
}

int lp_options_check(const struct lp_options *o, char *err, size_t errsize)
{
	if (o->help || o->version)
		return 0;
	if (o->n_instrument && o->granularity == LP_GRAN_SYNC)
		return lp_errf(err, errsize,
			       "--instrument '%s' has no effect with -g sync, which traps no "
			       "instruction: use -g atomic or -g memory",
			       o->instrument[0]);
	for (int i = 0; i < o->n_locks && o->granularity == LP_GRAN_SYNC; i++)
		if (strcmp(o->locks[i], "none"))
			return lp_errf(err, errsize,
				       "--lock '%s' has no effect with -g sync, which traps no "
				       "instruction: use -g atomic or -g memory",
				       o->locks[i]);
	if (o->n_spin_sites && o->granularity != LP_GRAN_ATOMIC)
		return lp_errf(err, errsize,
			       "--spin-site '%s' is for -g atomic: -g memory traps every load "
			       "already, -g sync none",
			       o->spin_sites[0]);
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
	if (o->replay && (o->html || o->export_format))
		return lp_errf(err, errsize,
			       "--%s describes a check, and --replay runs one schedule: run the "
			       "check with it, or render its --json report with 'lineup-preload "
			       "report'",
			       o->html ? "html" : "export");
	if (o->tso && o->granularity != LP_GRAN_MEMORY)
		return lp_errf(err, errsize,
			       "--memory-model tso buffers the target's plain stores, which only "
			       "-g memory traps: add --granularity memory");
	if (o->random && o->autocheck)
		return lp_errf(err, errsize,
			       "--random and --auto both given: pick random tests or all tests of "
			       "growing size");
	if (o->test && o->client_argc)
		return lp_errf(err, errsize,
			       "both --test '%s' and a client '%s' given: a test description runs "
			       "without a client, drop one of them",
			       o->test, o->client_argv[0]);
	if (!o->test && !o->client_argc)
		return lp_errf(err, errsize,
			       "no client program given: name it after the options, e.g. "
			       "'lineup-preload -t libqueue.so -- ./client', or give a test "
			       "description with --test FILE");
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
		if (a[1] == '-' ? long_option(o, argc, argv, &i, err, errsize)
				: short_options(o, argc, argv, &i, err, errsize))
			return -1;
	}
	if (i < argc) {
		o->client_argv = argv + i;
		o->client_argc = argc - i;
	}
	if (lp_options_check(o, err, errsize))
		return -1;
	return 0;
}

void lp_options_free(struct lp_options *o)
{
	for (int i = 0; o->target_where && i < o->n_targets; i++)
		free(o->target_where[i]);
	for (int i = 0; o->signature_where && i < o->n_signatures; i++)
		free(o->signature_where[i]);
	for (int i = 0; o->lock_where && i < o->n_locks; i++)
		free(o->lock_where[i]);
	free(o->target_where);
	free(o->signature_where);
	free(o->lock_where);
	free(o->targets);
	free(o->globs);
	free(o->signatures);
	free(o->headers);
	free(o->pkg_configs);
	free(o->instrument);
	free(o->spin_sites);
	free(o->locks);
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
