/* cli/report/summary-sites.h — the run summary's instrumentation lines ("instrumented: 12 rmw,
 * 3 xchg in libfoo.so") and the warnings about instructions left untrapped. Pure: the
 * plan's counts and the preload's in, text out, so the wording is unit tested. */
#ifndef LINEUP_CLI_SUMMARY_SITES_H
#define LINEUP_CLI_SUMMARY_SITES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/analyze/atomics-scan.h"
#include "summary.h"

struct lp_sites_object {
	const char *name;	       /* as the user named it */
	size_t planned[LP_SITE_COUNT]; /* sites in the plan, by kind */
	size_t skipped[LP_SKIP_COUNT]; /* left out by the scan, by reason */
	const char *locks;	       /* its --lock functions met ("a, b"), or NULL */
};

struct lp_sites_summary {
	bool enabled;			 /* granularity atomic or memory */
	bool memory;			 /* granularity memory */
	bool in_plan;			 /* the plan carried the sites (LINEUP_PLAN_SITES) */
	struct lp_sites_object *objects; /* targets, then --instrument objects */
	size_t n_objects;
	bool reported;			 /* the preload's counts below were read */
	uint32_t patched[LP_SITE_COUNT]; /* struct lp_shm's sites_patched */
	uint32_t unpatched;		 /* struct lp_shm's sites_unpatched */
	uint32_t stubbed;		 /* struct lp_shm's sites_stubbed */
};

/* "instrumented: ..." and "not instrumented: ..." lines, each ending in a newline ("" when
 * there is nothing to say). Returns malloc'ed text. */
char *lp_sites_summary_text(const struct lp_sites_summary *s);
/* Adds the warnings the counts call for to the run summary. */
void lp_sites_summary_warn(const struct lp_sites_summary *s, struct lp_summary *sum);

#endif
