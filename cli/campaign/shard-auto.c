/* cli/campaign/shard-auto.c — --shard auto[/N]: shard K/N from Slurm's or Kubernetes' array
 * variables (see shard-auto.h); pure but for the lookup function it is given. */
#include "cli/campaign/shard-auto.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
	return -1;
}

/* The variable name as a number >= 0 into *v; 0 when it is unset (*v = dflt), 1 when
 * set, -1 when set but not a number. */
static int number(const char *(*get)(const char *), const char *name, long long dflt, long long *v)
{
	const char *s = get(name);
	*v = dflt;
	if (!s)
		return 0;
	char *end;
	errno = 0;
	long long x = strtoll(s, &end, 10);
	if (errno || end == s || *end || x < 0 || x > 1000000000)
		return -1;
	*v = x;
	return 1;
}

static int from_slurm(const char *(*get)(const char *), unsigned n_given, struct lp_shard_auto *out,
		      char *err, size_t errsize)
{
	long long id, min, step, count, max;
	static const char *const names[] = {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN",
					    "SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_COUNT",
					    "SLURM_ARRAY_TASK_MAX"};
	long long *vals[] = {&id, &min, &step, &count, &max};
	long long dflt[] = {0, 0, 1, 0, -1};
	for (int i = 0; i < 5; i++)
		if (number(get, names[i], dflt[i], vals[i]) < 0)
			return fail(err, errsize,
				    "--shard auto: %s='%s' is not a number: is this a Slurm "
				    "array task?",
				    names[i], get(names[i]));
	if (!get("SLURM_ARRAY_TASK_COUNT") && !n_given)
		return fail(err, errsize,
			    "--shard auto: SLURM_ARRAY_TASK_ID is set but not "
			    "SLURM_ARRAY_TASK_COUNT: give the number of shards, --shard auto/N");
	if (!get("SLURM_ARRAY_TASK_COUNT"))
		count = n_given;
	if (step < 1)
		step = 1;
	if (id < min || (id - min) % step || count < 1 || (id - min) / step >= count ||
	    (max >= 0 && (max - min) / step + 1 != count))
		return fail(err, errsize,
			    "--shard auto: the Slurm array's task ids are not a range of "
			    "SLURM_ARRAY_TASK_COUNT=%lld (task %lld, min %lld, step %lld): "
			    "submit it with --array=1-N or 0-(N-1)",
			    count, id, min, step);
	if (n_given && n_given != count)
		return fail(err, errsize,
			    "--shard auto/%u: the Slurm array has %lld tasks "
			    "(SLURM_ARRAY_TASK_COUNT): give --shard auto or --array with %u tasks",
			    n_given, count, n_given);
	out->k = (unsigned)((id - min) / step + 1);
	out->n = (unsigned)count;
	out->kind = "slurm";
	int len = snprintf(out->source, sizeof out->source, "SLURM_ARRAY_TASK_ID=%lld", id);
	for (int i = 1; i < 4; i++)
		if (get(names[i]) && len < (int)sizeof out->source)
			len += snprintf(out->source + len, sizeof out->source - (size_t)len,
					" %s=%s", names[i], get(names[i]));
	return 0;
}

static int from_kubernetes(const char *(*get)(const char *), unsigned n_given,
			   struct lp_shard_auto *out, char *err, size_t errsize)
{
	long long idx;
	if (number(get, "JOB_COMPLETION_INDEX", 0, &idx) < 0)
		return fail(err, errsize, "--shard auto: JOB_COMPLETION_INDEX='%s' is not a number",
			    get("JOB_COMPLETION_INDEX"));
	if (!n_given)
		return fail(err, errsize,
			    "--shard auto: JOB_COMPLETION_INDEX=%lld gives the shard but not how "
			    "many there are: write --shard auto/N, N the Job's completions",
			    idx);
	if (idx >= n_given)
		return fail(err, errsize,
			    "--shard auto/%u: JOB_COMPLETION_INDEX=%lld is not below %u: N must "
			    "be the Job's completions",
			    n_given, idx, n_given);
	out->k = (unsigned)idx + 1;
	out->n = n_given;
	out->kind = "kubernetes";
	snprintf(out->source, sizeof out->source, "JOB_COMPLETION_INDEX=%lld", idx);
	return 0;
}

int lp_shard_auto(const char *(*get)(const char *name), unsigned n_given, struct lp_shard_auto *out,
		  char *err, size_t errsize)
{
	memset(out, 0, sizeof *out);
	if (get("SLURM_ARRAY_TASK_ID"))
		return from_slurm(get, n_given, out, err, errsize);
	if (get("JOB_COMPLETION_INDEX"))
		return from_kubernetes(get, n_given, out, err, errsize);
	return fail(err, errsize,
		    "--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm array task) nor "
		    "JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set: give --shard K/N");
}
