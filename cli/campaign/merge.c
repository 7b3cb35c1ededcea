/* cli/campaign/merge.c — lineup-preload merge (see merge.h): the shards' reports judged as one
 * campaign and its verdict printed. */
#include "cli/campaign/merge.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

static int fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
	return -1;
}

/* The highest test number below which shard k checked every test of its slice (a report
 * with a failure, or one not interrupted, checked all it had to). */
static unsigned long long covered(const struct lp_merge_shard *s, unsigned k, unsigned n)
{
	if (!s)
		return k - 1;
	if (s->first_fail || !s->interrupted)
		return ULLONG_MAX;
	return (s->n_rows ? s->rows[s->n_rows - 1].index + n : k) - 1;
}

static int same_campaign(const struct lp_merge_shard *a, const struct lp_merge_shard *b, char *err,
			 size_t errsize)
{
	if (a->n != b->n || a->generated != b->generated || a->seed != b->seed ||
	    strcmp(a->mode, b->mode) || strcmp(a->shape, b->shape))
		return fail(
		    err, errsize,
		    "'%s' and '%s' come from different campaigns (shards of %u and %u, %llu "
		    "and %llu %s tests of %s and %s, seeds %llu and %llu): merge the shards "
		    "of one run",
		    a->file, b->file, a->n, b->n, a->generated, b->generated, a->mode, a->shape,
		    b->shape, a->seed, b->seed);
	if (a->k == b->k)
		return fail(err, errsize, "'%s' and '%s' are both shard %u/%u: merge one of them",
			    a->file, b->file, a->k, a->n);
	return 0;
}

int lp_merge_judge(const struct lp_merge_shard *sh, int n_sh, struct lp_merge_outcome *o, char *err,
		   size_t errsize)
{
	memset(o, 0, sizeof *o);
	if (n_sh < 1)
		return fail(err, errsize, "no report to merge");
	for (int i = 0; i < n_sh; i++)
		for (int j = 0; j < i; j++)
			if (same_campaign(&sh[j], &sh[i], err, errsize))
				return -1;
	o->n = sh[0].n;
	o->by_k = lp_xcalloc(o->n, sizeof *o->by_k);
	for (int i = 0; i < n_sh; i++) {
		o->by_k[sh[i].k - 1] = &sh[i];
		if (sh[i].first_fail && (!o->first_fail || sh[i].first_fail < o->first_fail))
			o->first_fail = sh[i].first_fail, o->fail = &sh[i];
	}
	/* an unsharded run checks every test up to its first failure, and no further */
	unsigned long long cut = o->first_fail ? o->first_fail : sh[0].generated;
	o->unfinished = lp_xcalloc(o->n, sizeof *o->unfinished);
	for (unsigned k = 1; k <= o->n; k++) {
		const struct lp_merge_shard *s = o->by_k[k - 1];
		unsigned long long below = o->first_fail ? cut - 1 : cut;
		if (k <= below && covered(s, k, o->n) < below)
			o->unfinished[o->n_unfinished++] = k;
		for (size_t r = 0; s && r < s->n_rows && s->rows[r].index <= cut; r++)
			o->tests++, o->p1 += s->rows[r].p1, o->p2 += s->rows[r].p2;
	}
	if (o->fail) {
		const struct lp_merge_row *r = o->fail->rows;
		while (r->index != o->first_fail)
			r++;
		/* the shard's own status says more (a violation that was nondeterministic when
		 * checked alone), unless it only says the shard was interrupted afterwards */
		o->status = o->fail->exit > 0 && o->fail->exit < LP_EXIT_SIGNAL_BASE ? o->fail->exit
										     : r->status;
	} else
		o->status = o->n_unfinished ? LP_EXIT_USAGE : LP_EXIT_OK;
	return 0;
}

void lp_merge_outcome_free(struct lp_merge_outcome *o)
{
	free(o->by_k);
	free(o->unfinished);
	memset(o, 0, sizeof *o);
}

static void print_shard(const struct lp_merge_outcome *o, unsigned k)
{
	const struct lp_merge_shard *s = o->by_k[k - 1];
	if (!s) {
		printf("shard %u/%u: no report: it did not finish (or its report is elsewhere)\n",
		       k, o->n);
		return;
	}
	printf("shard %u/%u (%s): %zu test%s checked", k, o->n, s->file, s->n_rows,
	       s->n_rows == 1 ? "" : "s");
	if (s->first_fail)
		printf(", first failure: test %llu", s->first_fail);
	else if (s->interrupted)
		printf(", interrupted by %s: it did not finish",
		       s->stopped_by[0] ? s->stopped_by : "a signal");
	if (s->source[0])
		printf(" [--shard auto: %s]", s->source);
	printf("\n");
}

/* The shards that did not finish, as "2/4, 3/4". */
static void print_unfinished(const struct lp_merge_outcome *o)
{
	for (unsigned i = 0; i < o->n_unfinished; i++)
		printf("%s%u/%u", i ? ", " : "", o->unfinished[i], o->n);
}

static int print_verdict(const struct lp_merge_outcome *o, int n_files)
{
	const struct lp_merge_shard *any = o->fail;
	for (unsigned k = 0; !any; k++)
		any = o->by_k[k];
	printf("shards: %d reports, %llu of %llu generated tests run\n", n_files, o->tests,
	       any->generated);
	printf("executions: %llu in phase 1, %llu in phase 2\n", o->p1, o->p2);
	if (o->n_unfinished) {
		printf("unfinished: shard%s ", o->n_unfinished == 1 ? "" : "s");
		print_unfinished(o);
		printf(" did not check all %s tests%s: none of those counts as passed\n",
		       o->n_unfinished == 1 ? "its" : "their",
		       o->first_fail ? " below the first failure" : "");
	}
	if (o->fail && o->status == LP_EXIT_VIOLATION) {
		printf("first violation: test %llu (in %s), %s:\n%s", o->first_fail, o->fail->file,
		       o->fail->minimised ? "minimised to" : "not minimised (--no-minimise)",
		       o->fail->vtest ? o->fail->vtest : "");
		if (o->n_unfinished)
			printf("(a test below %llu in an unfinished shard may fail too)\n",
			       o->first_fail);
		printf("verdict: violation\n");
	} else if (o->fail)
		printf("first failure: test %llu (in %s), exit %d: see its report\nverdict: %s\n",
		       o->first_fail, o->fail->file, o->status,
		       o->status == LP_EXIT_NONDETERMINISTIC ? "nondeterministic"
							     : "a test could not be checked");
	else if (o->n_unfinished) {
		printf("verdict: incomplete: shard%s ", o->n_unfinished == 1 ? "" : "s");
		print_unfinished(o);
		printf(" did not finish: run %s again and merge\n",
		       o->n_unfinished == 1 ? "it" : "them");
	} else
		printf("verdict: no violation found\n");
	return o->status;
}

int lp_test_merge(int argc, char **argv)
{
	if (argc < 1)
		lp_die(LP_EXIT_USAGE,
		       "usage: lineup-preload merge REPORT.json...|DIR: the --json "
		       "reports of sharded runs (--shard K/N or auto), or their folder");
	char err[800], **files;
	int n_files;
	if (lp_merge_collect(argc, argv, &files, &n_files, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "%s", err);
	struct lp_merge_shard *sh = lp_xcalloc((size_t)n_files, sizeof *sh);
	for (int i = 0; i < n_files; i++) {
		struct lp_buf js = {0};
		if (lp_buf_read_file(&js, files[i]))
			lp_die(LP_EXIT_USAGE, "cannot read report '%s': %m", files[i]);
		if (lp_merge_parse(lp_buf_str(&js), files[i], &sh[i], err, sizeof err))
			lp_die(LP_EXIT_USAGE, "%s", err);
		lp_buf_free(&js);
	}
	struct lp_merge_outcome o;
	if (lp_merge_judge(sh, n_files, &o, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "%s", err);
	for (unsigned k = 1; k <= o.n; k++)
		print_shard(&o, k);
	int rc = print_verdict(&o, n_files);
	lp_merge_outcome_free(&o);
	for (int i = 0; i < n_files; i++) {
		lp_merge_shard_free(&sh[i]);
		free(files[i]);
	}
	free(sh);
	free(files);
	return rc;
}
