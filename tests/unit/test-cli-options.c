/* tests/unit/test-cli-options.c — option parsing: defaults, forms, errors, replay command. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "cli/run/replay-cmd.h"

#define ARGV(...) ((char *[]){"lineup-preload", __VA_ARGS__, NULL})
#define ARGC(v) ((int)(sizeof(v) / sizeof *(v)) - 1)

static int parse(char **argv, int argc, struct lp_options *o, char *err)
{
	return lp_options_parse(argc, argv, o, err, 256);
}

static void defaults(void **state)
{
	char **v = ARGV("./client");
	struct lp_options o;
	char err[256];
	assert_int_equal(parse(v, ARGC(ARGV("./client")), &o, err), 0);
	assert_int_equal(o.bound, 2);
	assert_int_equal(o.granularity, LP_GRAN_ATOMIC);
	assert_int_equal(o.max_steps, 10000);
	assert_int_equal(o.jobs, 0); /* not given */
	assert_int_equal(o.watchdog, 10);
	assert_int_equal(o.client_argc, 1);
	assert_string_equal(o.client_argv[0], "./client");
	lp_options_free(&o);
}

static void forms(void **state)
{
	char *v[] = {"lineup-preload",
		     "-t",
		     "liba.so",
		     "--target=libb.so",
		     "-p0",
		     "-qv",
		     "--max-steps",
		     "50",
		     "-g",
		     "sync",
		     "--quasi",
		     "take=1",
		     "--criterion=sequential",
		     "-j2",
		     "--",
		     "./c",
		     "-p",
		     "x",
		     NULL};
	struct lp_options o;
	char err[256];
	assert_int_equal(parse(v, ARGC(v), &o, err), 0);
	assert_int_equal(o.n_targets, 2);
	assert_string_equal(o.targets[1], "libb.so");
	assert_int_equal(o.bound, 0);
	assert_true(o.quiet);
	assert_int_equal(o.verbose, 1);
	assert_int_equal(o.max_steps, 50);
	assert_int_equal(o.granularity, LP_GRAN_SYNC);
	assert_int_equal(o.n_quasi, 1);
	assert_string_equal(o.criterion, "sequential");
	assert_int_equal(o.jobs, 2);
	assert_int_equal(o.client_argc, 3); /* the client's own -p is left alone */
	assert_string_equal(o.client_argv[1], "-p");
	lp_options_free(&o);
}

static void stops_at_client(void **state)
{
	char *v[] = {"lineup-preload", "-p", "-1", "./c", "--target", "x", NULL};
	struct lp_options o;
	char err[256];
	assert_int_equal(parse(v, ARGC(v), &o, err), 0);
	assert_int_equal(o.bound, -1);
	assert_int_equal(o.n_targets, 0);
	assert_int_equal(o.client_argc, 3);
	lp_options_free(&o);
}

static void errors(void **state)
{
	struct {
		char *argv[8];
		const char *needle;
	} cases[] = {
	    {{"lp", "--bogus", "./c"}, "unknown option '--bogus'"},
	    {{"lp", "-x", "./c"}, "unknown option '-x'"},
	    {{"lp", "-p", "two", "./c"}, "bad value 'two'"},
	    {{"lp", "-p", "-2", "./c"}, "bad value '-2'"},
	    {{"lp", "--max-steps", "0", "./c"}, "--max-steps"},
	    {{"lp", "--instrument", "libc.so.6", "./c"},
	     "glibc has branches into the middle of lock-prefixed"},
	    {{"lp", "--instrument=/lib/x86_64-linux-gnu/libc.so.6", "./c"},
	     "cannot --instrument '/lib/x86_64-linux-gnu/libc.so.6'"},
	    {{"lp", "--instrument", "ld-linux-x86-64.so.2", "./c"}, "loader"},
	    {{"lp", "--instrument", "/opt/lib/liblineup-preload.so", "./c"},
	     "lineup-preload's own library"},
	    {{"lp", "--instrument", "libfoo.so", "-g", "sync", "./c"}, "no effect with -g sync"},
	    {{"lp", "--instrument"}, "needs a value"},
	    {{"lp", "--spin-site", "libx.so+0x10", "-g", "memory", "./c"}, "is for -g atomic"},
	    {{"lp", "--spin-site", "libx.so+0x10", "-g", "sync", "./c"}, "is for -g atomic"},
	    {{"lp", "-g", "fine", "./c"}, "sync, atomic or memory"},
	    {{"lp", "--spec-from", "/no/libx.so", "./c"},
	     "cannot read the golden model '/no/libx.so'"},
	    {{"lp", "--quasi", "f=1", "--observations", "o.txt", "./c"},
	     "with --quasi there is no phase 1"},
	    {{"lp", "--quasi", "take", "./c"}, "FUNC=K"},
	    {{"lp", "--criterion", "strict", "./c"}, "linearizability or sequential"},
	    {{"lp", "--jobs", "0", "./c"}, "--jobs"},
	    {{"lp", "--watchdog", "0", "./c"}, "--watchdog"},
	    {{"lp", "--quiet=1", "./c"}, "takes no value"},
	    {{"lp", "--strategy", "bfs", "./c"}, "use dfs, pct or random"},
	    {{"lp", "--samples", "0", "./c"}, "--samples"},
	    {{"lp", "--pct-depth", "17", "./c"}, "from 1 to 16"},
	    {{"lp", "--seed", "x", "./c"}, "--seed"},
	    {{"lp", "--time-budget", "5x", "./c"}, "such as 90s, 5m or 1h"},
	    {{"lp", "--time-budget", "0", "./c"}, "--time-budget"},
	    {{"lp", "-t"}, "needs a value"},
	    {{"lp", "--target"}, "needs a value"},
	    {{"lp", "-q"}, "no client program"},
	    {{"lp", "--"}, "no client program"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		int argc = 0;
		while (cases[i].argv[argc])
			argc++;
		struct lp_options o;
		char err[256] = "";
		assert_int_equal(parse(cases[i].argv, argc, &o, err), -1);
		if (!strstr(err, cases[i].needle))
			fail_msg("case %zu: '%s' lacks '%s'", i, err, cases[i].needle);
		assert_null(strchr(err, '\n'));
		lp_options_free(&o);
	}
}

/* --spin-site: repeatable, kept in the replay command (its sites are steps). */
static void spin_site(void **state)
{
	(void)state;
	char *v[] = {"lp", "--spin-site", "libx.so+0x1a", "--spin-site=liby.so+0x2", "./c", NULL};
	struct lp_options o;
	char err[256];
	assert_int_equal(parse(v, ARGC(v), &o, err), 0);
	assert_int_equal(o.n_spin_sites, 2);
	assert_string_equal(o.spin_sites[1], "liby.so+0x2");
	char *cmd = lp_replay_command("lp", &o, "c:");
	assert_string_equal(
	    cmd, "lp --spin-site libx.so+0x1a --spin-site liby.so+0x2 --replay c: -- ./c");
	free(cmd);
	lp_options_free(&o);
}

static void granularity_and_instrument(void **state)
{
	char *v[] = {"lineup-preload",
		     "-g",
		     "memory",
		     "--instrument",
		     "libfoo.so.1",
		     "--instrument=/opt/libbar.so",
		     "--",
		     "./c",
		     NULL};
	struct lp_options o;
	char err[256];
	assert_int_equal(parse(v, ARGC(v), &o, err), 0);
	assert_int_equal(o.granularity, LP_GRAN_MEMORY);
	assert_int_equal(o.n_instrument, 2);
	assert_string_equal(o.instrument[0], "libfoo.so.1");
	assert_string_equal(o.instrument[1], "/opt/libbar.so");
	/* kept in the replay command: the sites decide where the schedule's steps are */
	char *cmd = lp_replay_command("lp", &o, "c:");
	assert_string_equal(
	    cmd, "lp --granularity memory --instrument libfoo.so.1 --instrument /opt/libbar.so "
		 "--replay c: -- ./c");
	free(cmd);
	lp_options_free(&o);

	char *w[] = {"lineup-preload", "-gsync", "./c", NULL};
	assert_int_equal(parse(w, ARGC(w), &o, err), 0);
	assert_int_equal(o.granularity, LP_GRAN_SYNC);
	assert_int_equal(o.n_instrument, 0);
	lp_options_free(&o);
	/* libc-like names that are not libc are fine */
	char *x[] = {"lineup-preload", "--instrument", "libcds.so.2", "--instrument",
		     "libcrypto.so.3", "./c",	       NULL};
	assert_int_equal(parse(x, ARGC(x), &o, err), 0);
	assert_int_equal(o.n_instrument, 2);
	lp_options_free(&o);
}

static void reduction(void **state)
{
	(void)state;
	struct lp_options o;
	char err[256];
	char *v[] = {"lineup-preload", "./c", NULL};
	assert_int_equal(parse(v, ARGC(v), &o, err), 0);
	assert_int_equal(o.reduction, LP_REDUCE_SLEEP); /* the sound one by default */
	lp_options_free(&o);
	char *w[] = {"lineup-preload", "--no-reduction", "./c", NULL};
	assert_int_equal(parse(w, ARGC(w), &o, err), 0);
	assert_int_equal(o.reduction, LP_REDUCE_OFF);
	/* a replay runs one schedule: the reduction is not part of its command */
	char *cmd = lp_replay_command("lp", &o, "c:");
	assert_string_equal(cmd, "lp --replay c: -- ./c");
	free(cmd);
	lp_options_free(&o);
	char *x[] = {"lineup-preload", "--reduction=race-free", "./c", NULL};
	assert_int_equal(parse(x, ARGC(x), &o, err), 0);
	assert_int_equal(o.reduction, LP_REDUCE_ASSUME_RACE_FREE);
	lp_options_free(&o);
	char *y[] = {"lineup-preload", "--reduction", "dpor", "./c", NULL};
	assert_int_equal(parse(y, ARGC(y), &o, err), -1);
	assert_non_null(strstr(err, "sleep, race-free or off"));
	lp_options_free(&o);
}

static void memory_model(void **state)
{
	(void)state;
	struct lp_options o;
	char err[256];
	char *v[] = {"lineup-preload", "-g", "memory", "./c", NULL};
	assert_int_equal(parse(v, ARGC(v), &o, err), 0);
	assert_false(o.tso); /* sc by default */
	lp_options_free(&o);
	char *w[] = {"lineup-preload", "-g", "memory", "--memory-model", "tso", "./c", NULL};
	assert_int_equal(parse(w, ARGC(w), &o, err), 0);
	assert_true(o.tso);
	assert_int_equal(o.reduction, LP_REDUCE_SLEEP); /* flushes are steps of their own */
	char *cmd = lp_replay_command("lp", &o, "c:4@b0.1");
	assert_string_equal(cmd,
			    "lp --granularity memory --memory-model tso --replay c:4@b0.1 -- ./c");
	free(cmd);
	lp_options_free(&o);
	char *x[] = {"lineup-preload", "--memory-model=tso", "./c", NULL};
	assert_int_equal(parse(x, ARGC(x), &o, err), -1);
	assert_non_null(strstr(err, "add --granularity memory"));
	lp_options_free(&o);
	char *y[] = {"lineup-preload", "-g", "memory", "--memory-model", "pso", "./c", NULL};
	assert_int_equal(parse(y, ARGC(y), &o, err), -1);
	assert_non_null(strstr(err, "use sc or tso"));
	lp_options_free(&o);
}

static void help_needs_no_client(void **state)
{
	char *v[] = {"lineup-preload", "--help", NULL};
	struct lp_options o;
	char err[256];
	assert_int_equal(parse(v, 2, &o, err), 0);
	assert_true(o.help);
	lp_options_free(&o);
}

static void replay_command(void **state)
{
	char *v[] = {"lineup-preload", "-t",	 "lib q.so", "--json", "out.json", "-p", "1",
		     "--quasi",	       "it's=2", "--",	     "./c",    "a b",	   NULL};
	struct lp_options o;
	char err[256];
	assert_int_equal(parse(v, ARGC(v), &o, err), 0);
	char *cmd = lp_replay_command("/usr/bin/lineup-preload", &o, "c:4@0.2,9@0.1");
	assert_string_equal(cmd, "/usr/bin/lineup-preload --target 'lib q.so' --preemption-bound 1 "
				 "--quasi 'it'\\''s=2' --replay c:4@0.2,9@0.1 -- ./c 'a b'");
	free(cmd);
	lp_options_free(&o);
}

static void strategy_and_budget(void **state)
{
	struct lp_options o;
	char err[256];
	char *d[] = {"lp", "./c"};
	assert_int_equal(lp_options_parse(2, d, &o, err, sizeof err), 0);
	assert_int_equal(o.strategy, LP_STRATEGY_DFS);
	assert_true(o.seed == 1 && o.samples == 1000 && o.pct_depth == 3 && o.time_budget == 0 &&
		    !o.bound_given);
	lp_options_free(&o);
	char *a[] = {"lp", "--strategy=pct", "--seed", "7",  "--samples", "50", "--pct-depth",
		     "4",  "--time-budget",  "2m",     "-p", "1",	  "./c"};
	assert_int_equal(lp_options_parse(13, a, &o, err, sizeof err), 0);
	assert_int_equal(o.strategy, LP_STRATEGY_PCT);
	assert_true(o.seed == 7 && o.samples == 50 && o.pct_depth == 4 && o.time_budget == 120 &&
		    o.bound_given);
	assert_int_equal(o.n_given,
			 1); /* only -p goes into a replay command: replays need no seed */
	lp_options_free(&o);
}

/* lp_options_check alone: each rule between options, on a struct set by hand. */
static void cross_option_check(void **state)
{
	(void)state;
	char *client[] = {"./c", NULL};
	const char *inst[] = {"libfoo.so"};
	const char *quasi[] = {"take=1"};
	struct {
		struct lp_options o;
		const char *needle; /* NULL: accepted */
	} cases[] = {
	    {{.client_argv = client, .client_argc = 1}, NULL},
	    {{.test = "t.lineup"}, NULL},
	    {{0}, "no client program given"},
	    {{.help = true}, NULL}, /* --help and --version need nothing else */
	    {{.version = true, .random = 5}, NULL},
	    {{.test = "t.lineup", .client_argv = client, .client_argc = 1},
	     "both --test 't.lineup' and a client './c' given"},
	    {{.instrument = inst,
	      .n_instrument = 1,
	      .granularity = LP_GRAN_SYNC,
	      .client_argv = client,
	      .client_argc = 1},
	     "--instrument 'libfoo.so' has no effect with -g sync"},
	    {{.instrument = inst,
	      .n_instrument = 1,
	      .granularity = LP_GRAN_MEMORY,
	      .client_argv = client,
	      .client_argc = 1},
	     NULL},
	    {{.random = 5, .client_argv = client, .client_argc = 1}, "give it with --test FILE"},
	    {{.autocheck = true, .client_argv = client, .client_argc = 1}, "--test FILE"},
	    {{.shard_k = 1, .shard_n = 2, .client_argv = client, .client_argc = 1}, "--test FILE"},
	    {{.emit_client = "c.c", .client_argv = client, .client_argc = 1}, "--test FILE"},
	    {{.random = 5, .autocheck = true, .test = "t.lineup"}, "--random and --auto both"},
	    {{.observations = "o", .spec_from = "g.so", .client_argv = client, .client_argc = 1},
	     "with --spec-from there is no phase 1"},
	    {{.observations = "o",
	      .quasi = quasi,
	      .n_quasi = 1,
	      .client_argv = client,
	      .client_argc = 1},
	     "with --quasi there is no phase 1"},
	    {{.phase1 = LP_P1_LAZY, .observations = "o", .client_argv = client, .client_argc = 1},
	     /* the --observations rule comes first only with a golden model */
	     "--phase1 lazy runs only the serial executions phase 2 needs, and --observations"},
	    {{.phase1 = LP_P1_LAZY, .spec_from = "g.so", .client_argv = client, .client_argc = 1},
	     "with a golden model there is no phase 1"},
	    {{.phase1 = LP_P1_EAGER, .spec_from = "g.so", .client_argv = client, .client_argc = 1},
	     NULL},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char err[256] = "";
		int rc = lp_options_check(&cases[i].o, err, sizeof err);
		if (!cases[i].needle) {
			if (rc)
				fail_msg("case %zu: refused: %s", i, err);
			continue;
		}
		assert_int_equal(rc, -1);
		if (!strstr(err, cases[i].needle))
			fail_msg("case %zu: '%s' lacks '%s'", i, err, cases[i].needle);
		assert_null(strchr(err, '\n'));
	}
}

/* The check runs after the whole command line: a rule holds whatever the order. */
static void check_after_parse(void **state)
{
	(void)state;
	struct lp_options o;
	char err[256];
	char *v[] = {"lp", "-g", "sync", "--instrument", "libfoo.so", "./c", NULL};
	assert_int_equal(parse(v, ARGC(v), &o, err), -1);
	assert_non_null(strstr(err, "no effect with -g sync"));
	lp_options_free(&o);
	char *w[] = {"lp", "--instrument", "libfoo.so", "-g", "sync", "-g", "atomic", "./c", NULL};
	assert_int_equal(parse(w, ARGC(w), &o, err), 0);
	lp_options_free(&o);
	/* a bad value is refused before any rule between options is looked at */
	char *x[] = {"lp", "--random", "0", "./c", NULL};
	assert_int_equal(parse(x, ARGC(x), &o, err), -1);
	assert_string_equal(err, "bad value '0' for --random: give a number of tests, 1 or more");
	lp_options_free(&o);
	/* -p and --watchdog note that they were given, whatever the value */
	char *y[] = {"lp", "-p2", "--watchdog=10", "./c", NULL};
	assert_int_equal(parse(y, ARGC(y), &o, err), 0);
	assert_true(o.bound_given && o.watchdog_given);
	assert_int_equal(o.n_given, 2);
	lp_options_free(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(defaults),
	    cmocka_unit_test(forms),
	    cmocka_unit_test(stops_at_client),
	    cmocka_unit_test(errors),
	    cmocka_unit_test(help_needs_no_client),
	    cmocka_unit_test(replay_command),
	    cmocka_unit_test(granularity_and_instrument),
	    cmocka_unit_test(spin_site),
	    cmocka_unit_test(memory_model),
	    cmocka_unit_test(strategy_and_budget),
	    cmocka_unit_test(reduction),
	    cmocka_unit_test(cross_option_check),
	    cmocka_unit_test(check_after_parse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
