/* cli/test/merge.c — lineup-preload merge: reads the --json reports of a campaign's shards
 * back and gives one verdict, the first violation by test number winning. */
#include "cli/test/merge.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/test/campaign-internal.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

struct shard_report {
	unsigned long long tests, generated, vindex;
	char *vtest;
	bool violation;
	int worst; /* the highest exit status among its results */
};

static char *json_string_at(const char *p)
{
	struct lp_buf b = {0};
	if (*p != '"')
		return NULL;
	for (p++; *p && *p != '"'; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			lp_buf_add(&b, *p == 'n' ? "\n" : p, 1);
		} else
			lp_buf_add(&b, p, 1);
	}
	return lp_buf_take(&b);
}

static void read_shard(const char *path, struct shard_report *r)
{
	char *js = lp_slurp(path);
	if (!js)
		lp_die(LP_EXIT_USAGE, "cannot read report '%s': %m", path);
	const char *t = strstr(js, "\"tests\": "), *g = strstr(js, "\"generated\": ");
	if (!t || !g || !strstr(js, "\"results\": ["))
		lp_die(LP_EXIT_USAGE,
		       "'%s' is not the JSON report of a generated-test run (--random or --auto "
		       "with --json)",
		       path);
	memset(r, 0, sizeof *r);
	r->tests = strtoull(t + 9, NULL, 10);
	r->generated = strtoull(g + 13, NULL, 10);
	for (const char *e = strstr(js, "\"exit\": "); e; e = strstr(e + 1, "\"exit\": ")) {
		int x = atoi(e + 8);
		if (x > r->worst)
			r->worst = x;
	}
	const char *v = strstr(js, "\"violation\": {\"index\": ");
	if (v) {
		r->violation = true;
		r->vindex = strtoull(v + 23, NULL, 10);
		const char *tt = strstr(v, ", \"test\": ");
		r->vtest = tt ? json_string_at(tt + 10) : NULL;
	}
	free(js);
}

int lp_test_merge(int argc, char **argv)
{
	if (argc < 1)
		lp_die(LP_EXIT_USAGE, "usage: lineup-preload merge REPORT.json...: the --json "
				      "reports of sharded runs (--shard K/N)");
	unsigned long long tests = 0, generated = 0;
	const char *vfile = NULL;
	struct shard_report best = {0};
	int worst = 0;
	for (int i = 0; i < argc; i++) {
		struct shard_report r;
		read_shard(argv[i], &r);
		if (i && r.generated != generated)
			lp_die(LP_EXIT_USAGE,
			       "'%s' comes from another campaign (%llu generated tests, not %llu): "
			       "merge the shards of one run",
			       argv[i], r.generated, generated);
		generated = r.generated;
		tests += r.tests;
		if (r.worst > worst && r.worst != LP_EXIT_VIOLATION)
			worst = r.worst;
		if (r.violation && (!best.violation || r.vindex < best.vindex)) {
			free(best.vtest);
			best = r;
			vfile = argv[i];
		} else
			free(r.vtest);
	}
	printf("shards: %d reports, %llu of %llu generated tests run\n", argc, tests, generated);
	if (best.violation) {
		printf("first violation: test %llu (in %s), minimised to:\n%s", best.vindex, vfile,
		       best.vtest ? best.vtest : "");
		printf("verdict: violation\n");
		free(best.vtest);
		return LP_EXIT_VIOLATION;
	}
	if (worst) {
		printf("verdict: a test could not be checked (exit %d): see the shards' reports\n",
		       worst);
		return worst;
	}
	printf("verdict: no violation found\n");
	return LP_EXIT_OK;
}
