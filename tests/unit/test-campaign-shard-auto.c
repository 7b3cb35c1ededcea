/* tests/unit/test-campaign-shard-auto.c — --shard auto: K/N from a Slurm array task's variables
 * (ids from 0 or 1, a step, N given or not) or a Kubernetes Indexed Job's index (N needed),
 * the variables named in the report, and one-line errors for everything else. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "cli/campaign/shard-auto.h"

/* The environment of one case: "NAME=VALUE" strings, NULL-terminated. */
static const char *const *env;

static const char *lookup(const char *name)
{
	size_t l = strlen(name);
	for (const char *const *e = env; e && *e; e++)
		if (!strncmp(*e, name, l) && (*e)[l] == '=')
			return *e + l + 1;
	return NULL;
}

static int run(const char *const *vars, unsigned n_given, struct lp_shard_auto *a, char *err)
{
	env = vars;
	return lp_shard_auto(lookup, n_given, a, err, 300);
}

static void slurm_from_one(void **state)
{
	(void)state;
	struct lp_shard_auto a;
	char err[300];
	const char *const v[] = {"SLURM_ARRAY_TASK_ID=3",   "SLURM_ARRAY_TASK_MIN=1",
				 "SLURM_ARRAY_TASK_MAX=4",  "SLURM_ARRAY_TASK_COUNT=4",
				 "SLURM_ARRAY_TASK_STEP=1", NULL};
	assert_int_equal(run(v, 0, &a, err), 0);
	assert_int_equal(a.k, 3);
	assert_int_equal(a.n, 4);
	assert_string_equal(a.kind, "slurm");
	assert_string_equal(a.source, "SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=1 "
				      "SLURM_ARRAY_TASK_STEP=1 SLURM_ARRAY_TASK_COUNT=4");
	assert_int_equal(run(v, 4, &a, err), 0); /* auto/N agreeing with the array */
	assert_int_equal(a.k, 3);
}

static void slurm_from_zero_and_step(void **state)
{
	(void)state;
	struct lp_shard_auto a;
	char err[300];
	const char *const zero[] = {"SLURM_ARRAY_TASK_ID=0", "SLURM_ARRAY_TASK_MIN=0",
				    "SLURM_ARRAY_TASK_COUNT=8", NULL};
	assert_int_equal(run(zero, 0, &a, err), 0);
	assert_int_equal(a.k, 1);
	assert_int_equal(a.n, 8);
	const char *const last[] = {"SLURM_ARRAY_TASK_ID=7", "SLURM_ARRAY_TASK_MIN=0",
				    "SLURM_ARRAY_TASK_COUNT=8", NULL};
	assert_int_equal(run(last, 0, &a, err), 0);
	assert_int_equal(a.k, 8);
	/* --array=10-40:10 */
	const char *const step[] = {"SLURM_ARRAY_TASK_ID=30",	"SLURM_ARRAY_TASK_MIN=10",
				    "SLURM_ARRAY_TASK_MAX=40",	"SLURM_ARRAY_TASK_STEP=10",
				    "SLURM_ARRAY_TASK_COUNT=4", NULL};
	assert_int_equal(run(step, 0, &a, err), 0);
	assert_int_equal(a.k, 3);
	assert_int_equal(a.n, 4);
	/* no COUNT (an old Slurm): N from auto/N */
	const char *const nocount[] = {"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=1", NULL};
	assert_int_equal(run(nocount, 5, &a, err), 0);
	assert_int_equal(a.k, 2);
	assert_int_equal(a.n, 5);
}

static void slurm_errors(void **state)
{
	(void)state;
	struct lp_shard_auto a;
	char err[300];
	/* --array=1,3,7: ids that are no range */
	const char *const list[] = {"SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_MIN=1",
				    "SLURM_ARRAY_TASK_MAX=7", "SLURM_ARRAY_TASK_COUNT=3", NULL};
	assert_int_equal(run(list, 0, &a, err), -1);
	assert_non_null(strstr(err, "not a range"));
	assert_non_null(strstr(err, "--array=1-N"));
	const char *const v[] = {"SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=1",
				 "SLURM_ARRAY_TASK_COUNT=4", NULL};
	assert_int_equal(run(v, 8, &a, err), -1);
	assert_non_null(strstr(err, "--shard auto/8: the Slurm array has 4 tasks"));
	const char *const bad[] = {"SLURM_ARRAY_TASK_ID=x", NULL};
	assert_int_equal(run(bad, 0, &a, err), -1);
	assert_non_null(strstr(err, "SLURM_ARRAY_TASK_ID='x' is not a number"));
	const char *const nocount[] = {"SLURM_ARRAY_TASK_ID=2", NULL};
	assert_int_equal(run(nocount, 0, &a, err), -1);
	assert_non_null(strstr(err, "--shard auto/N"));
	const char *const beyond[] = {"SLURM_ARRAY_TASK_ID=5", "SLURM_ARRAY_TASK_MIN=1",
				      "SLURM_ARRAY_TASK_COUNT=4", NULL};
	assert_int_equal(run(beyond, 0, &a, err), -1);
}

static void kubernetes(void **state)
{
	(void)state;
	struct lp_shard_auto a;
	char err[300];
	const char *const v[] = {"JOB_COMPLETION_INDEX=0", NULL};
	assert_int_equal(run(v, 4, &a, err), 0);
	assert_int_equal(a.k, 1);
	assert_int_equal(a.n, 4);
	assert_string_equal(a.kind, "kubernetes");
	assert_string_equal(a.source, "JOB_COMPLETION_INDEX=0");
	const char *const last[] = {"JOB_COMPLETION_INDEX=3", NULL};
	assert_int_equal(run(last, 4, &a, err), 0);
	assert_int_equal(a.k, 4);
	assert_int_equal(run(last, 0, &a, err), -1); /* N is needed */
	assert_non_null(strstr(err, "write --shard auto/N, N the Job's completions"));
	assert_int_equal(run(last, 3, &a, err), -1);
	assert_non_null(strstr(err, "JOB_COMPLETION_INDEX=3 is not below 3"));
	/* both set: Slurm's wins */
	const char *const both[] = {"JOB_COMPLETION_INDEX=3", "SLURM_ARRAY_TASK_ID=1",
				    "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_COUNT=2", NULL};
	assert_int_equal(run(both, 0, &a, err), 0);
	assert_string_equal(a.kind, "slurm");
	assert_int_equal(a.k, 1);
}

static void neither(void **state)
{
	(void)state;
	struct lp_shard_auto a;
	char err[300];
	const char *const none[] = {"HOME=/root", NULL};
	assert_int_equal(run(none, 4, &a, err), -1);
	assert_non_null(strstr(err, "neither SLURM_ARRAY_TASK_ID"));
	assert_non_null(strstr(err, "give --shard K/N"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(slurm_from_one), cmocka_unit_test(slurm_from_zero_and_step),
	    cmocka_unit_test(slurm_errors),   cmocka_unit_test(kubernetes),
	    cmocka_unit_test(neither),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
