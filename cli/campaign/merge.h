/* cli/campaign/merge.h — lineup-preload merge: the --json reports of a campaign's shards
 * (--shard K/N or auto, cli/campaign/campaign.h) joined into one verdict, as the unsharded run
 * would give it: the lowest-numbered failing test over all shards and its minimised form,
 * the counts of the tests up to it. A shard without a report, or one interrupted before it
 * checked every test below that, is named and never counted as passed.
 * merge-read.c reads the reports (files, or every *.json of a folder); merge.c judges and
 * prints. */
#ifndef LINEUP_CLI_TEST_MERGE_H
#define LINEUP_CLI_TEST_MERGE_H

#include <stdbool.h>
#include <stddef.h>

/* One checked test of a shard: its number, exit status, executions. */
struct lp_merge_row {
	unsigned long long index, p1, p2;
	int status;
};

/* One shard's report as merge needs it. */
struct lp_merge_shard {
	const char *file;
	unsigned k, n;
	char mode[16], shape[16], stopped_by[16];
	unsigned long long seed, generated;
	bool interrupted;
	int exit;	  /* the shard's own exit status; -1 in reports older than it */
	char source[200]; /* --shard auto's variables, "" otherwise */
	struct lp_merge_row *rows;
	size_t n_rows;
	unsigned long long first_fail; /* its first test that did not pass, 0 = none */
	char *vtest;		       /* that test minimised (violation.test), or NULL */
	bool minimised;		       /* minimisation ran (not --no-minimise) */
};

/* Parses the JSON report text js (read from file, which names it in errors) into *s.
 * Returns 0, or -1 with a one-line message. Free with lp_merge_shard_free. */
int lp_merge_parse(const char *js, const char *file, struct lp_merge_shard *s, char *err,
		   size_t errsize);
void lp_merge_shard_free(struct lp_merge_shard *s);

/* The files named by args: a file as it is, a folder as its *.json files in name order
 * (caller frees the array and its strings). Returns -1 with a message when an argument
 * cannot be read or a folder holds no report. */
int lp_merge_collect(int argc, char **argv, char ***files, int *n_files, char *err, size_t errsize);

/* What the shards together say. */
struct lp_merge_outcome {
	unsigned n;			    /* shards in the campaign */
	const struct lp_merge_shard **by_k; /* [k - 1]: shard k's report, NULL when missing */
	unsigned long long first_fail;	    /* the lowest failing test, 0 = none */
	const struct lp_merge_shard *fail;  /* the shard that checked it */
	/* counts over the tests an unsharded run checks (up to first_fail) */
	unsigned long long tests, p1, p2;
	unsigned *unfinished; /* shards that did not check all their tests below the cut */
	unsigned n_unfinished;
	int status; /* the exit status */
};

/* Judges n_sh parsed reports of one campaign: -1 with a message when they are not
 * (other campaigns, two reports of one shard). Free with lp_merge_outcome_free. */
int lp_merge_judge(const struct lp_merge_shard *sh, int n_sh, struct lp_merge_outcome *o, char *err,
		   size_t errsize);
void lp_merge_outcome_free(struct lp_merge_outcome *o);

/* lineup-preload merge REPORT.json...|DIR... (argv, argc of them): prints one verdict;
 * returns the exit status. */
int lp_test_merge(int argc, char **argv);

#endif
