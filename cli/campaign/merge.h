/* cli/campaign/merge.h — lineup-preload merge: the --json reports of a campaign's shards
 * (--shard K/N, cli/campaign/campaign.h) joined into one verdict. */
#ifndef LINEUP_CLI_CAMPAIGN_MERGE_H
#define LINEUP_CLI_CAMPAIGN_MERGE_H

/* lineup-preload merge REPORT.json... (argv, argc of them): one verdict; returns the
 * exit status. */
int lp_test_merge(int argc, char **argv);

#endif
