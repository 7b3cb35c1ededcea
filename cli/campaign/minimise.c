/* cli/campaign/minimise.c — minimising the campaign's failing test: the greedy loop over the
 * smaller variants of lp_tmin_variant (the pure policy, cli/campaign/test-gen.c), each checked. */
#include <limits.h>
#include <stdio.h>

#include "cli/run/interrupt.h"
#include "cli/campaign/campaign-internal.h"
#include "cli/campaign/test-gen.h"
#include "lineup/exit-codes.h"

#define MIN_RUNS_MAX 400 /* minimisation gives up after this many checks, and says so */

/* Whether the test t still fails (a violation; not a set-up error or nondeterminism). */
static bool still_fails(const struct lp_campaign *c, const struct lp_tdesc *t, int *runs)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/candidate.lineup", c->tmp);
	lp_campaign_write_test(t, path);
	(*runs)++;
	return lp_campaign_wait_check(lp_campaign_start_check(c, path, NULL, false)) ==
	       LP_EXIT_VIOLATION;
}

/* Greedy: the first smaller variant that still fails replaces the test, until none does
 * (or the budget of checks is spent: *complete is then false). */
void lp_campaign_minimise(const struct lp_campaign *c, struct lp_tdesc *t, int *runs,
			  bool *complete)
{
	*complete = true;
	for (int v = 0;;) {
		struct lp_tdesc cand;
		if (lp_interrupt_signal()) { /* the test as far as it got */
			*complete = false;
			return;
		}
		if (!lp_tmin_variant(&c->g, t, v, &cand))
			return;
		if (*runs >= MIN_RUNS_MAX) {
			lp_tdesc_free(&cand);
			*complete = false;
			return;
		}
		if (still_fails(c, &cand, runs)) {
			lp_tdesc_free(t);
			*t = cand;
			v = 0;
		} else {
			lp_tdesc_free(&cand);
			v++;
		}
	}
}
