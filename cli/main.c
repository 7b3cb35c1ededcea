/* cli/main.c — lineup-preload: parse options, analyse the client and its targets, write
 * the patch plan, then run the phases (or one --replay). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lineup/clock.h"
#include "cli/analyze/analyze.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "options.h"
#include "cli/run/phases.h"
#include "cli/report/html.h"
#include "cli/report/progress.h"
#include "cli/report/site-warnings.h"
#include "cli/run/budget-run.h"
#include "cli/run/cleanup.h"
#include "cli/run/find-programs.h"
#include "cli/run/interrupt.h"
#include "cli/run/output-check.h"
#include "cli/run/root-cause-run.h"
#include "cli/run/spin-restart.h"
#include "cli/campaign/test-run.h"
#include "cli/campaign/campaign.h"
#include "cli/campaign/merge.h"

/* LINEUP_PLAN_SITES=0 leaves the instrument and site lines out of the plan, for a preload
 * that predates them (the summary then says nothing was trapped). */
static bool plan_sites(void)
{
	const char *v = getenv("LINEUP_PLAN_SITES");
	return !v || strcmp(v, "0") != 0;
}

/* The plan lives in a memfd, not in $TMPDIR: no file is left behind whatever kills us.
 * The client inherits the descriptor (the preload closes it once read) and opens it as
 * /proc/self/fd/N, which works in the re-exec'd clients of single mode too. */
static char *write_plan(const struct lp_plan *plan)
{
	static char path[64];
	int fd = memfd_create("lineup-plan", MFD_CLOEXEC);
	if (fd < 0)
		lp_die(LP_EXIT_USAGE, "cannot create the patch plan (memfd_create): %m: is /proc "
				      "mounted and the kernel 3.17 or later?");
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	if (lp_plan_write(plan, path, plan_sites()))
		lp_die(LP_EXIT_USAGE, "cannot write the patch plan '%s': %m", path);
	return path;
}

/* --quasi without --spec-from: the golden model is the library under test itself, called
 * serially in whatever order the search asks (Round-Up), from a fresh copy with globals of
 * its own, kept in a memfd the client inherits (dlopen of another file loads another
 * copy, whatever its soname). */
static const char *target_copy(const struct lp_plan *plan)
{
	static char path[64];
	if (plan->n_targets != 1)
		lp_die(LP_EXIT_USAGE,
		       "--quasi needs a golden model: with %d targets, name the "
		       "library that is the specification with --spec-from",
		       plan->n_targets);
	const char *src = plan->targets[0].path;
	struct lp_buf b = {0};
	int fd = memfd_create("lineup-golden", MFD_CLOEXEC);
	if (fd < 0 || lp_buf_read_file(&b, src) ||
	    write(fd, lp_buf_str(&b), b.len) != (ssize_t)b.len)
		lp_die(LP_EXIT_USAGE, "cannot copy '%s' as the golden model for --quasi: %m", src);
	lp_buf_free(&b);
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	return path;
}

static void sites_summary(const struct lp_plan *plan, struct lp_sites_summary *s)
{
	s->enabled = plan->level != LP_SITES_NONE;
	s->memory = plan->level == LP_SITES_MEMORY;
	s->in_plan = plan_sites();
	s->n_objects = s->enabled ? (size_t)(plan->n_targets + plan->n_instrument) : 0;
	s->objects = lp_xcalloc(s->n_objects ? s->n_objects : 1, sizeof *s->objects);
	for (size_t i = 0; i < s->n_objects; i++) {
		s->objects[i].name = lp_plan_object_name(plan, (int)i);
		if (plan->scans) {
			memcpy(s->objects[i].planned, plan->scans[i].by_kind,
			       sizeof s->objects[i].planned);
			memcpy(s->objects[i].skipped, plan->scans[i].skipped,
			       sizeof s->objects[i].skipped);
			s->objects[i].locks = plan->scans[i].locks;
		}
	}
}

/* LINEUP_PROGRESS_INTERVAL (seconds) shortens the plain progress interval for tests. */
static double progress_interval(void)
{
	const char *v = getenv("LINEUP_PROGRESS_INTERVAL");
	double d = v ? atof(v) : 0;
	return d > 0 ? d : 10;
}

/* Shared areas: LP_LANES_PER_WORKER per worker (-j; a replay or a random strategy runs one
 * execution at a time, in area 0 alone), and area 0 for the runs made one at a time (lazy
 * serial runs, trace checks) even while the workers run. */
static unsigned check_slots(const struct lp_options *o)
{
	unsigned jobs = o->replay || o->strategy != LP_STRATEGY_DFS ? 0 : lp_options_jobs(o);
	return 1 + LP_LANES_PER_WORKER * jobs;
}

/* Which objects are instrumented, and a warning per library a target calls into whose
 * atomic instructions (its locks) are not (cli/analyze/uninstrumented-deps.c). */
static void deps_summary(struct lp_ctx *c)
{
	const struct lp_plan *plan = c->plan;
	size_t n =
	    plan->level == LP_SITES_NONE ? 0 : (size_t)(plan->n_targets + plan->n_instrument);
	c->sum.n_instrumented = n;
	c->sum.instrumented = lp_xcalloc(n ? n : 1, sizeof *c->sum.instrumented);
	for (size_t i = 0; i < n; i++)
		c->sum.instrumented[i] = lp_plan_object_name(plan, (int)i);
	for (int i = 0; i < plan->n_uninstrumented; i++) {
		const struct lp_plan_dep *d = &plan->uninstrumented[i];
		struct lp_buf b = {0};
		lp_buf_printf(&b,
			      "%s calls into %s, whose %zu atomic instruction%s (its locks?) %s "
			      "not instrumented: interleavings there are not explored; add "
			      "--instrument %s",
			      plan->targets[d->target].name, d->name, d->n_atomics,
			      d->n_atomics == 1 ? "" : "s", d->n_atomics == 1 ? "is" : "are",
			      d->name);
		lp_summary_warn(&c->sum, lp_buf_str(&b));
		lp_buf_free(&b);
	}
}

/* The warnings of earlier restarts for spinning loops, and this run's own restarts
 * (never a replay's: its schedule must keep its meaning). */
static void spin_notes(struct lp_ctx *c, char **argv)
{
	lp_spin_restart_init(argv, c->plan);
	char *all = lp_xstrdup(lp_spin_restart_notes()), *save = NULL;
	for (char *line = strtok_r(all, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		lp_summary_warn(&c->sum, line);
	free(all);
}

/* What the summary knows before the phases run: the bound, the targets, the criterion. */
static void summary_begin(struct lp_ctx *c, const struct lp_options *o, char **argv)
{
	spin_notes(c, argv);
	/* A budget without -p goes on bound by bound for as long as they fit. */
	c->sum.bound = o->time_budget > 0 && !o->bound_given ? -1 : o->bound;
	c->sum.functions = (size_t)c->plan->n_funcs;
	c->sum.criterion = o->criterion ? o->criterion : "linearizability";
	c->p1.no_symmetry = o->no_symmetry;
	c->sum.quasi = o->quasi, c->sum.n_quasi = o->n_quasi;
	c->sum.n_targets = (size_t)c->plan->n_targets;
	c->sum.targets = lp_xcalloc(c->sum.n_targets, sizeof *c->sum.targets);
	for (int i = 0; i < c->plan->n_targets; i++)
		c->sum.targets[i] = c->plan->targets[i].name;
	deps_summary(c);
	/* Untyped functions the client does not import are common (a library exports more than
	 * a test calls) and harmless: one reached anyway (dlsym) ends the run with an error
	 * naming it. Only -v mentions them up front. */
	for (int i = 0; i < c->plan->n_funcs && o->verbose > 0; i++)
		if (!c->plan->funcs[i].typed)
			lp_summary_warn(&c->sum, "some functions of the target have no known type: "
						 "a call to one ends the "
						 "run with an error naming it (give --signature)");
}

/* What the analysis needs of the options. */
static struct lp_analyze_opts analyze_opts(const struct lp_options *o, const char *preload)
{
	return (struct lp_analyze_opts){
	    .client = o->client_argv[0],
	    .targets = o->targets,
	    .n_targets = o->n_targets,
	    .globs = o->globs,
	    .n_globs = o->n_globs,
	    .signatures = o->signatures,
	    .n_signatures = o->n_signatures,
	    .instrument = o->instrument,
	    .n_instrument = o->n_instrument,
	    .spin_sites = o->spin_sites,
	    .n_spin_sites = o->n_spin_sites,
	    .locks = o->locks,
	    .n_locks = o->n_locks,
	    .preload = preload,
	    .driver = o->test != NULL,
	    .target_where = (const char *const *)o->target_where,
	    .signature_where = (const char *const *)o->signature_where,
	    .lock_where = (const char *const *)o->lock_where,
	    .headers = o->headers,
	    .n_headers = o->n_headers,
	    .pkg_configs = o->pkg_configs,
	    .n_pkg_configs = o->n_pkg_configs,
	    .sites = o->granularity == LP_GRAN_SYNC	? LP_SITES_NONE
		     : o->granularity == LP_GRAN_MEMORY ? LP_SITES_MEMORY
							: LP_SITES_ATOMIC,
	};
}

int main(int argc, char **argv)
{
	lp_progname = "lineup-preload";
	lp_cleanup_install();
	lp_site_namer = lp_symbolize_file;
	if (argc > 1 && !strcmp(argv[1], "merge"))
		return lp_test_merge(argc - 2, argv + 2);
	if (argc > 1 && !strcmp(argv[1], "report"))
		return lp_html_report_command(argc - 2, argv + 2);
	struct lp_options o;
	char err[512];
	if (lp_options_parse(argc, argv, &o, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "%s", err);
	if (o.help) {
		lp_options_usage(stdout);
		return LP_EXIT_OK;
	}
	if (o.version) {
		printf("lineup-preload %s (protocol %d)\n", PACKAGE_VERSION, LP_PROTOCOL_VERSION);
		return LP_EXIT_OK;
	}
	lp_output_check(o.json, "the --json report");
	lp_output_check(o.observations, "the --observations file");
	lp_output_check(o.html, "the --html page");
	lp_output_check(o.export_file, "the --export file");

	struct lp_tdesc test = {0};
	struct lp_out_param *test_outs = NULL;
	char *driver_argv[4];
	if (o.test && !lp_test_prepare(&o, &test, driver_argv)) {
		lp_tdesc_free(&test);
		int rc = lp_test_campaign(&o);
		lp_options_free(&o);
		return lp_interrupt_exit_status(rc);
	}
	if (o.test)
		o.client_argv = driver_argv;
	/* Needed early only to refuse instrumenting the preload itself. */
	char *preload = o.n_instrument ? lp_find_preload() : NULL;
	struct lp_analyze_opts ao = analyze_opts(&o, preload);
	struct lp_ctx c = {
	    .o = &o, .argv0 = argv[0], .fmt = lp_format_value, .started = lp_clock_now()};
	if (o.test) {
		ao.n_wanted = lp_test_wanted(&test, &ao.wanted, &ao.wanted_at);
		ao.n_not_ops = lp_test_setup_calls(&test, &ao.not_ops);
		ao.n_outs = lp_test_outs(&test, &test_outs);
		ao.outs = test_outs;
	}
	c.plan = lp_analyze(&ao);
	if (o.test) {
		lp_test_check_plan(&test, c.plan);
		driver_argv[2] = lp_test_driver_layouts(&test, c.plan);
		driver_argv[3] = NULL;
	}
	c.ao = &ao;
	c.write_plan = write_plan;
	sites_summary(c.plan, &c.cov.sites);
	bool own_model = o.n_quasi && !o.spec_from;
	if (own_model) { /* then every part of the run takes the copy for --spec-from */
		o.spec_from = target_copy(c.plan);
		struct lp_buf b = {0};
		lp_buf_printf(&b, "%s itself (a fresh copy)", c.plan->targets[0].name);
		c.sum.golden_model = lp_buf_take(&b);
	} else if (o.spec_from) {
		c.sum.golden_model = o.spec_from;
	}
	c.sum.memory_model = o.tso ? "tso" : "sc";
	c.sv = (struct lp_server){
	    .shm_fd = -1,
	    .cmd_wr = -1,
	    .reply_rd = -1,
	    .log_rd = -1,
	    .client_name = o.client_argv[0],
	    .client_path = c.plan->client_path,
	    .client_argv = o.client_argv,
	    .plan_path = write_plan(c.plan),
	    .preload_lib = preload ? preload : lp_find_preload(),
	    .watchdog = o.watchdog,
	    .spin_check = !o.watchdog_given,
	    .spec_from = own_model || !o.spec_from ? o.spec_from : realpath(o.spec_from, NULL),
	    /* -f may leave target calls in the client's code: phase 1 still runs only the
	       serial orders of the operations, and a violation is confirmed against every
	       switch point (violation-confirm.c) */
	    .run_flags = (o.spurious ? LP_RUN_SPURIOUS : 0) | (o.tso ? LP_RUN_TSO : 0),
	    .verbose = o.verbose > 0,
	    .slots = check_slots(&o),
	};
	int rc;
	if (o.replay) {
		rc = lp_replay_run(&c);
	} else {
		summary_begin(&c, &o, argv);
		/* A terminal gets a live line; a log (CI) one plain line every 10 s. */
		lp_progress_start(!o.quiet, isatty(2), isatty(2) ? 0.25 : progress_interval());
		rc = lp_phases_run(&c);
	}
	/* A replay runs phase 1 too (to judge its history): the same things to free. */
	free(c.sum.targets);
	free(c.sum.instrumented);
	lp_summary_free(&c.sum);
	lp_keyset_clear(&c.p1.histories);
	lp_keyset_clear(&c.p1.call_keys);
	lp_interception_free(&c.cov.interception);
	free(c.sv.slot);		    /* the server has stopped */
	lp_rc_sample_free(&c.p2.rc_sample); /* kept for root causes, used or not */
	free(c.cov.sites.objects);
	free(c.sv.log_lines);
	free((char *)c.sv.preload_lib);
	lp_plan_free(c.plan);
	if (o.test) {
		lp_test_wanted_free(ao.wanted, ao.wanted_at, ao.n_wanted);
		free(ao.not_ops);
		lp_test_outs_free(test_outs, ao.n_outs);
		free(driver_argv[0]);
		free(driver_argv[2]);
		lp_tdesc_free(&test);
		o.client_argv = NULL;
	}
	lp_options_free(&o);
	return lp_interrupt_exit_status(rc); /* the report says what was checked */
}
