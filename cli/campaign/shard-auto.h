/* cli/campaign/shard-auto.h — --shard auto[/N]: which shard of a campaign this process is,
 * from the array variables of the scheduler that started it (Slurm job arrays,
 * Kubernetes Indexed Jobs), with the variables it used, for the report. */
#ifndef LINEUP_CLI_TEST_SHARD_AUTO_H
#define LINEUP_CLI_TEST_SHARD_AUTO_H

#include <stddef.h>

struct lp_shard_auto {
	unsigned k, n;	  /* shard K of N, 1 <= K <= N */
	const char *kind; /* "slurm" or "kubernetes" */
	char source[200]; /* the variables used, "NAME=VALUE ..." */
};

/* Reads the environment through get (getenv, or a test's table). n_given is the N of
 * --shard auto/N, 0 for --shard auto.
 *  - Slurm: K = (SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP + 1
 *    (MIN 0 and STEP 1 when unset), N = SLURM_ARRAY_TASK_COUNT; the ids must be a range
 *    (--array=1-8 or 0-7, a step allowed), N and n_given must agree.
 *  - Kubernetes: K = JOB_COMPLETION_INDEX + 1; N must be given (auto/N: the Job's
 *    completions, which Kubernetes does not pass to the pod).
 * Slurm's variables win when both are set. Returns 0, or -1 with a one-line message. */
int lp_shard_auto(const char *(*get)(const char *name), unsigned n_given, struct lp_shard_auto *out,
		  char *err, size_t errsize);

#endif
