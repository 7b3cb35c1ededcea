/* cli/campaign/campaign.h — running generated tests (RandomCheck --random, AutoCheck
 * --auto) from a generator description: each test is written as a fixed test and checked
 * in full by a lineup-preload --test subprocess (up to -j at a time; the first violation
 * by test number wins whatever -j is), the first failing one is minimised, reported in
 * lineup-test(5) form with its replay command, and optionally written as a C client.
 * --shard K/N runs a slice; lineup-preload merge (cli/campaign/merge.h) joins the slices'
 * JSON reports. */
#ifndef LINEUP_CLI_CAMPAIGN_H
#define LINEUP_CLI_CAMPAIGN_H

#include "cli/options.h"

/* Runs the campaign o asks for (o->test is a generator); returns the exit status. */
int lp_test_campaign(const struct lp_options *o);

#endif
