/* cli/campaign/campaign.c — the campaign of generated tests (see campaign.h): its set-up, the
 * loop over the slice by batches of -j checks, interruption, and the verdict it prints. */
#include "cli/campaign/campaign.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/run/interrupt.h"
#include "cli/campaign/campaign-internal.h"
#include "cli/campaign/shard-auto.h"
#include "cli/campaign/test-gen.h"
#include "lineup/buf.h"
#include "cli/analyze/analyze-internal.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

/* Relative target and header paths (already relative to the working directory) made
 * absolute: the generated tests live elsewhere. */
/* paths[i] made absolute against cwd where relative() says it is a relative path. */
static void absolute_paths(char **paths, int n, const char *cwd, bool (*relative)(const char *))
{
	for (int i = 0; i < n; i++)
		if (relative(paths[i])) {
			struct lp_buf b = {0};
			lp_buf_printf(&b, "%s/%s", cwd, paths[i]);
			free(paths[i]);
			paths[i] = lp_buf_take(&b);
		}
}

/* A target or helper: a relative path (a bare soname is looked up, not joined). */
static bool relative_path(const char *p) { return strchr(p, '/') && p[0] != '/'; }
/* A header: relative unless absolute or from the include path (<name.h>). */
static bool relative_header(const char *p) { return p[0] != '<' && p[0] != '/'; }

static void absolute_targets(struct lp_tdesc *g)
{
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd))
		return;
	absolute_paths(g->targets, g->n_targets, cwd, relative_path);
	absolute_paths(g->helpers, g->n_helpers, cwd, relative_path);
	absolute_paths(g->headers, g->n_headers, cwd, relative_header);
}

static const char *env_lookup(const char *name) { return getenv(name); }

/* The slice this process checks: --shard K/N as given, or read by --shard auto. */
static void pick_shard(struct lp_campaign *c, const struct lp_options *o)
{
	c->shard_k = o->shard_k, c->shard_n = o->shard_n;
	c->shard_kind = o->shard_n ? "option" : NULL;
	if (!o->shard_auto)
		return;
	struct lp_shard_auto a;
	char err[400];
	if (lp_shard_auto(env_lookup, o->shard_n, &a, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "%s", err);
	c->shard_k = a.k, c->shard_n = a.n, c->shard_kind = a.kind;
	snprintf(c->shard_source, sizeof c->shard_source, "%s", a.source);
}

static void setup(struct lp_campaign *c, const struct lp_options *o)
{
	c->o = o;
	pick_shard(c, o);
	char err[600];
	if (lp_tdesc_parse(o->test, &c->g, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "%s", err);
	if (!c->g.n_ops)
		lp_die(LP_EXIT_USAGE,
		       "'%s' is a fixed test (thread lines): --random, --auto, --shard and "
		       "--emit-client need a generator (op lines)",
		       o->test);
	absolute_targets(&c->g);
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0)
		lp_die(LP_EXIT_USAGE, "cannot find lineup-preload's own path (/proc/self/exe): %m");
	self[n] = 0;
	c->self = lp_xstrdup(self);
	/* the checks' errors name the description, not their temporary test files */
	setenv("LINEUP_TEST_ORIGIN", o->test, 1);
	const char *tmpdir = getenv("TMPDIR");
	struct lp_buf b = {0};
	lp_buf_printf(&b, "%s/lineup-gen.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
	c->tmp = lp_buf_take(&b);
	if (!mkdtemp(c->tmp))
		lp_die(LP_EXIT_USAGE, "cannot create a folder for the generated tests in '%s': %m",
		       tmpdir && *tmpdir ? tmpdir : "/tmp");
	if (c->g.n_headers || o->n_headers)
		setenv(LP_ENV_HEADER_CACHE, c->tmp, 1);
	/* every option that defines the check, but --test: the targets, bound, granularity */
	c->argv = lp_xcalloc((size_t)o->n_given * 2 + 1, sizeof *c->argv);
	for (int i = 0; i < o->n_given; i++) {
		if (!strcmp(o->given[i].name, "test"))
			continue;
		struct lp_buf a = {0};
		lp_buf_printf(&a, "--%s", o->given[i].name);
		c->argv[c->argc++] = lp_buf_take(&a);
		if (o->given[i].value)
			c->argv[c->argc++] = o->given[i].value;
	}
	if (o->autocheck) {
		c->n_shapes = lp_tgen_auto_shapes(o->shape_threads, o->shape_calls, c->shapes_t,
						  c->shapes_k, LP_CAMPAIGN_MAX_SHAPES);
		c->shape_first[0] = 1;
		for (int s = 0; s < c->n_shapes; s++) {
			uint64_t k = lp_tgen_auto_count(&c->g, c->shapes_t[s], c->shapes_k[s]);
			if (k > 1000000)
				lp_die(LP_EXIT_USAGE,
				       "--auto: shape %dx%d alone has %s distinct tests of '%s': "
				       "give a smaller --shape or use --random",
				       c->shapes_t[s], c->shapes_k[s],
				       k == UINT64_MAX ? "too many" : "over a million", o->test);
			c->shape_first[s + 1] = c->shape_first[s] + k;
		}
		c->total = c->shape_first[c->n_shapes] - 1;
	} else
		c->total = o->random ? o->random : 100;
}

static void cleanup(struct lp_campaign *c)
{
	DIR *dir = opendir(c->tmp); /* the checks' compiled headers (header-types.c) */
	struct dirent *e;
	while (dir && (e = readdir(dir)))
		if (!strncmp(e->d_name, LP_HEADER_CACHE_PREFIX, strlen(LP_HEADER_CACHE_PREFIX))) {
			struct lp_buf b = {0};
			lp_buf_printf(&b, "%s/%s", c->tmp, e->d_name);
			unlink(lp_buf_str(&b));
			lp_buf_free(&b);
		}
	if (dir)
		closedir(dir);
	rmdir(c->tmp);
	free(c->tmp);
	free(c->self);
	for (int i = 0; i < c->argc; i++)
		if (c->argv[i][0] == '-' && c->argv[i][1] == '-')
			free((char *)c->argv[i]);
	free(c->argv);
	for (size_t i = 0; i < c->n_res; i++)
		free(c->res[i].text);
	free(c->res);
	lp_tdesc_free(&c->g);
}

static bool in_shard(const struct lp_campaign *c, uint64_t i)
{
	return !c->shard_n || i % c->shard_n == c->shard_k % c->shard_n;
}

/* Where the minimal failing test is kept, for its replay: next to the description when
 * that folder is writable, else in the working directory. */
static char *min_path(const struct lp_options *o, const struct lp_campaign_result *fail)
{
	const char *base = strrchr(o->test, '/') ? strrchr(o->test, '/') + 1 : o->test;
	size_t stem = strcspn(base, ".");
	struct lp_buf b = {0};
	lp_buf_printf(&b, "%.*s%.*s-fail-%llu-%llu.lineup", (int)(base - o->test), o->test,
		      (int)stem, base, (unsigned long long)o->seed,
		      (unsigned long long)fail->index);
	char *dir = strndup(o->test, (size_t)(base - o->test));
	if (access(*dir ? dir : ".", W_OK)) {
		lp_buf_reset(&b);
		lp_buf_printf(&b, "%.*s-fail-%llu-%llu.lineup", (int)stem, base,
			      (unsigned long long)o->seed, (unsigned long long)fail->index);
	}
	free(dir);
	return lp_buf_take(&b);
}

static void print_plan(const struct lp_campaign *c)
{
	const struct lp_options *o = c->o;
	printf("generator: %s (%d op line%s)\n", o->test, c->g.n_ops, c->g.n_ops == 1 ? "" : "s");
	if (o->autocheck)
		printf("tests: every distinct test of growing size up to %dx%d (%llu)",
		       o->shape_threads, o->shape_calls, (unsigned long long)c->total);
	else
		printf("tests: %llu random tests of %dx%d, seed %llu", (unsigned long long)c->total,
		       o->shape_threads, o->shape_calls, (unsigned long long)o->seed);
	if (c->shard_n)
		printf(", shard %u/%u", c->shard_k, c->shard_n);
	if (c->shard_source[0])
		printf(" (--shard auto, %s: %s)", c->shard_kind, c->shard_source);
	printf("\n");
	fflush(stdout);
}

/* Checks the slice's tests in batches of -j until the first failure, which it returns
 * (NULL when none); *stopped names the signal that ended the campaign early, if one did. */
static const struct lp_campaign_result *run_tests(struct lp_campaign *c, const char **stopped)
{
	const struct lp_options *o = c->o;
	int jobs = (int)lp_options_jobs(o);
	const struct lp_campaign_result *fail = NULL;
	uint64_t idx[64];
	/* SIGINT/SIGTERM: the checks end themselves (same process group); the batch they
	 * were in does not count, and the campaign ends with what it had checked. */
	lp_interrupt_install();
	for (uint64_t i = 1; i <= c->total && !fail;) {
		int n = 0;
		for (; i <= c->total && n < jobs; i++)
			if (in_shard(c, i))
				idx[n++] = i;
		if (!n)
			break;
		size_t first = c->n_res;
		lp_campaign_check_batch(c, idx, n);
		if ((*stopped = lp_interrupt_name())) {
			while (c->n_res > first)
				free(c->res[--c->n_res].text);
			break;
		}
		for (size_t r = first; r < c->n_res && !fail; r++)
			if (c->res[r].status != LP_EXIT_OK)
				fail = &c->res[r];
		/* tests after the first failure ran only because of -j: as if they had not,
		 * so that every count is the same whatever -j */
		while (fail && c->n_res && &c->res[c->n_res - 1] > fail)
			free(c->res[--c->n_res].text);
		if (!o->quiet && isatty(2))
			fprintf(stderr, "\rtests: %zu run", c->n_res);
	}
	if (!o->quiet && isatty(2))
		fputs("\n", stderr);
	return fail;
}

/* The first failure is no violation (nondeterminism, a set-up error): its test and the
 * report of a loud check of it; returns the exit status. */
static int report_unchecked(const struct lp_campaign *c, const struct lp_campaign_result *fail,
			    struct lp_tdesc *t)
{
	printf("test %llu (seed %llu) %s:\n%s", (unsigned long long)fail->index,
	       (unsigned long long)c->o->seed,
	       fail->status == LP_EXIT_NONDETERMINISTIC
		   ? "is nondeterministic (exit 3)"
		   : "could not be checked (exit 2, a set-up error; its report follows)",
	       fail->text);
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/test-%llu.lineup", c->tmp, (unsigned long long)fail->index);
	lp_campaign_make_test(c, fail->index, t);
	lp_campaign_write_test(t, path);
	int rc = lp_campaign_wait_check(lp_campaign_start_check(c, path, NULL, true));
	unlink(path);
	if (rc == LP_EXIT_OK || rc == LP_EXIT_VIOLATION)
		rc = fail->status;
	return rc;
}

/* Each line of text, indented by two spaces. */
static void print_indented(const char *text)
{
	for (const char *s = text; *s;) {
		size_t l = strcspn(s, "\n");
		printf("  %.*s\n", (int)l, s);
		s += l + (s[l] == '\n');
	}
}

/* The first failure is a violation, its test minimised to min (runs checks, complete
 * unless stopped early): the test, where it is kept, the client, and its own report;
 * returns the exit status. */
static int report_violation(struct lp_campaign *c, const struct lp_campaign_result *fail,
			    const struct lp_tdesc *min, int runs, bool complete)
{
	const struct lp_options *o = c->o;
	char *path = min_path(o, fail);
	lp_campaign_write_test(min, path);
	printf("test %llu of %llu (seed %llu) shows a violation: %d thread%s, %d call%s\n",
	       (unsigned long long)fail->index, (unsigned long long)c->total,
	       (unsigned long long)o->seed, min->n_threads, min->n_threads == 1 ? "" : "s",
	       lp_test_calls(min), lp_test_calls(min) == 1 ? "" : "s");
	if (!o->no_minimise)
		printf("minimised in %d check%s%s from:\n", runs, runs == 1 ? "" : "s",
		       complete		     ? ""
		       : lp_interrupt_name() ? " (interrupted: it may not be minimal)"
					     : " (stopped at the limit: it may not be minimal)");
	if (!o->no_minimise)
		print_indented(fail->text);
	printf("the failing test, written to %s:\n", path);
	char *mt = lp_campaign_test_text(min);
	print_indented(mt);
	free(mt);
	if (o->emit_client) {
		lp_campaign_emit_client(min, o->emit_client);
		printf("a C client equivalent to it: %s\n", o->emit_client);
	}
	int rc = LP_EXIT_VIOLATION;
	if (lp_interrupt_signal())
		printf("its report: not made: interrupted by %s (run it with --test %s)\n",
		       lp_interrupt_name(), path);
	else {
		printf("its report:\n");
		/* its own JSON report goes into the campaign's (the page draws its violation) */
		char json[PATH_MAX];
		snprintf(json, sizeof json, "%s/failing.json", c->tmp);
		bool keep = o->json || o->html || o->export_format;
		rc = lp_campaign_wait_check(
		    lp_campaign_start_check(c, path, keep ? json : NULL, true));
		if (keep) {
			free(c->fail_report);
			c->fail_report = lp_slurp(json);
			unlink(json);
		}
	}
	if (rc == LP_EXIT_NONDETERMINISTIC) { /* the violation rested on that */
		printf("the failing test is nondeterministic when checked alone: no "
		       "violation is claimed\nverdict: nondeterministic\n");
	} else if (rc != LP_EXIT_VIOLATION && !lp_interrupt_signal()) {
		printf("the failing test did not fail again when checked alone (exit %d): the "
		       "library is nondeterministic beyond what phase 1 saw\n",
		       rc);
		rc = LP_EXIT_VIOLATION;
	}
	free(path);
	return rc;
}

/* No test failed: how many were checked, and whether a signal cut the campaign short. */
static void report_clean(const struct lp_campaign *c, const char *stopped)
{
	if (stopped)
		printf("stopped by %s: %zu of the %llu tests checked before it\n", stopped,
		       c->n_res, (unsigned long long)c->total);
	printf("tests: %zu run, each checked in full: no violation\n", c->n_res);
	if (c->n_res || !stopped)
		printf("verdict: no violation found\n");
	else
		printf("verdict: nothing checked: %s ended the campaign before a test was "
		       "checked\n",
		       stopped);
}

int lp_test_campaign(const struct lp_options *o)
{
	struct lp_campaign c = {0};
	setup(&c, o);
	if (!o->quiet)
		print_plan(&c);
	const char *stopped = NULL;
	const struct lp_campaign_result *fail = run_tests(&c, &stopped);
	int rc = LP_EXIT_OK;
	struct lp_tdesc min = {0};
	int runs = 0;
	bool complete = true;
	if (fail && fail->status != LP_EXIT_VIOLATION)
		rc = report_unchecked(&c, fail, &min);
	else if (fail) {
		lp_campaign_make_test(&c, fail->index, &min);
		if (!o->no_minimise)
			lp_campaign_minimise(&c, &min, &runs, &complete);
		char cand[PATH_MAX];
		snprintf(cand, sizeof cand, "%s/candidate.lineup", c.tmp);
		unlink(cand);
		rc = report_violation(&c, fail, &min, runs, complete);
	} else
		report_clean(&c, stopped);
	if (o->json || o->html || o->export_format)
		lp_campaign_write_json(&c, fail, &min, runs, complete, stopped, rc);
	free(c.fail_report);
	if (fail)
		lp_tdesc_free(&min);
	cleanup(&c);
	return rc;
}
