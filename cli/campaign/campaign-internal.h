/* cli/campaign/campaign-internal.h — the campaign's state and the pieces of it shared by
 * cli/campaign/campaign.c (the loop and its verdict) and the files each doing one job for it:
 * campaign-check.c, minimise.c, emit-client.c, campaign-json.c, merge.c. */
#ifndef LINEUP_CLI_CAMPAIGN_INTERNAL_H
#define LINEUP_CLI_CAMPAIGN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cli/options.h"
#include "cli/campaign/test-desc.h"

#define LP_CAMPAIGN_MAX_SHAPES 64

/* One checked test of the campaign. */
struct lp_campaign_result {
	uint64_t index;
	int status;		   /* the check's exit status */
	char *text;		   /* the test in lineup-test(5) form */
	unsigned long long p1, p2; /* executions of phases 1 and 2 */
};

struct lp_campaign {
	const struct lp_options *o;
	struct lp_tdesc g;
	char *self, *tmp;
	const char **argv; /* the checks' common arguments */
	int argc;
	int shapes_t[LP_CAMPAIGN_MAX_SHAPES], shapes_k[LP_CAMPAIGN_MAX_SHAPES], n_shapes;
	/* AutoCheck: number of each shape's first test */
	uint64_t shape_first[LP_CAMPAIGN_MAX_SHAPES + 1];
	uint64_t total;
	/* the slice: --shard K/N, or what --shard auto read (0/0: every test) */
	unsigned shard_k, shard_n;
	const char *shard_kind; /* "option", "slurm", "kubernetes"; NULL unsharded */
	char shard_source[200]; /* for auto: the variables it read */
	struct lp_campaign_result *res;
	size_t n_res;
	char *fail_report; /* the failing test's own --json report (for --html), or NULL */
};

/* ---- The checks (cli/campaign/campaign-check.c) ---- */

/* The test t in lineup-test(5) form (caller frees). */
char *lp_campaign_test_text(const struct lp_tdesc *t);
/* Test number i (from 1) of the campaign. */
void lp_campaign_make_test(const struct lp_campaign *c, uint64_t i, struct lp_tdesc *t);
/* Writes t to path as a fixed test (exit 2 when it cannot). */
void lp_campaign_write_test(const struct lp_tdesc *t, const char *path);
/* Starts the full check of the test in path; quiet unless loud (then it reports). */
pid_t lp_campaign_start_check(const struct lp_campaign *c, const char *path, const char *json,
			      bool loud);
/* Waits for a check, passing it an interruption; returns its exit status. */
int lp_campaign_wait_check(pid_t pid);
/* Checks the tests idx[0..n-1] at once; the results go to c->res. */
void lp_campaign_check_batch(struct lp_campaign *c, const uint64_t *idx, int n);

/* ---- Minimisation (cli/campaign/minimise.c) ---- */

/* Makes the failing test t smaller while it still fails; *runs counts the checks,
 * *complete is false when it stopped early (interrupted or out of budget). */
void lp_campaign_minimise(const struct lp_campaign *c, struct lp_tdesc *t, int *runs,
			  bool *complete);

/* ---- Outputs (cli/campaign/emit-client.c, cli/campaign/campaign-json.c) ---- */

/* --emit-client: writes a C client equivalent to the test t to path. */
void lp_campaign_emit_client(const struct lp_tdesc *t, const char *path);
/* --json, --html and --export: the campaign's report, with the first failure, its minimised
 * test, that test's own report (c->fail_report, under violation.report) and the campaign's
 * exit status; the --json file is written whole or not at all (a shard killed meanwhile
 * leaves no half report for merge to read). */
void lp_campaign_write_json(const struct lp_campaign *c, const struct lp_campaign_result *fail,
			    const struct lp_tdesc *min, int min_runs, bool min_complete,
			    const char *stopped, int status);

#endif
