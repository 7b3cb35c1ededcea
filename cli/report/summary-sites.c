/* cli/report/summary-sites.c — wording of the instrumentation part of the run summary: what the
 * scan planned per object, what the preload says it trapped, and what was left out. */
#include "summary-sites.h"

#include <stdio.h>
#include <stdlib.h>

#include "lineup/buf.h"

static size_t sum_kinds(const size_t *by_kind)
{
	size_t n = 0;
	for (int k = 0; k < LP_SITE_COUNT; k++)
		n += by_kind[k];
	return n;
}

static size_t planned_total(const struct lp_sites_summary *s, int kind)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n_objects; i++)
		n += kind < 0 ? sum_kinds(s->objects[i].planned) : s->objects[i].planned[kind];
	return n;
}

static uint32_t patched_total(const struct lp_sites_summary *s)
{
	uint32_t n = 0;
	for (int k = 0; k < LP_SITE_COUNT; k++)
		n += s->patched[k];
	return n;
}

/* "12 rmw, 3 xchg, 2 pause": kinds with a count, in protocol order. */
static void kinds(struct lp_buf *b, const size_t *by_kind)
{
	bool first = true;
	for (int k = 0; k < LP_SITE_COUNT; k++) {
		if (!by_kind[k])
			continue;
		lp_buf_printf(b, "%s%zu %s", first ? "" : ", ", by_kind[k],
			      lp_site_kind_name((enum lp_site_kind)k));
		first = false;
	}
}

/* The preload trapped exactly what the plan asked (so the per-object figures hold). */
static bool all_patched(const struct lp_sites_summary *s)
{
	if (s->unpatched)
		return false;
	for (int k = 0; k < LP_SITE_COUNT; k++)
		if (s->patched[k] != planned_total(s, k))
			return false;
	return true;
}

char *lp_sites_summary_text(const struct lp_sites_summary *s)
{
	struct lp_buf b = {0};
	if (!s->enabled) {
		lp_buf_puts(&b, "instrumented: no instruction (-g sync)\n");
		return lp_buf_take(&b);
	}
	bool exact = s->in_plan && s->reported && all_patched(s);
	for (size_t i = 0; i < s->n_objects; i++) {
		const struct lp_sites_object *o = &s->objects[i];
		lp_buf_puts(&b, exact ? "instrumented: " : "planned: ");
		if (sum_kinds(o->planned))
			kinds(&b, o->planned);
		else
			lp_buf_puts(
			    &b,
			    s->memory
				? "nothing (no atomic instruction, pause or shared load or store)"
				: "nothing (no atomic instruction or pause)");
		lp_buf_printf(&b, " in %s\n", o->name);
	}
	for (size_t i = 0; i < s->n_objects; i++)
		if (s->objects[i].locks)
			lp_buf_printf(
			    &b,
			    "locks: %s in %s, trusted: a thread waits at the swap until it "
			    "takes the lock, whose contended path is not explored (--lock "
			    "none explores it)\n",
			    s->objects[i].locks, s->objects[i].name);
	if (!s->in_plan) {
		lp_buf_puts(
		    &b,
		    "instrumented: nothing (LINEUP_PLAN_SITES=0 left the sites out of the plan)\n");
	} else if (s->reported && !exact) {
		size_t by_kind[LP_SITE_COUNT];
		for (int k = 0; k < LP_SITE_COUNT; k++)
			by_kind[k] = s->patched[k];
		lp_buf_puts(&b, "instrumented: ");
		if (patched_total(s))
			kinds(&b, by_kind);
		else
			lp_buf_puts(&b, "nothing");
		lp_buf_printf(&b, " in all (the preload trapped %u of the %zu planned sites)\n",
			      patched_total(s), planned_total(s, -1));
	}
	/* How the trapped sites are reached: the stubs' share is what makes them cheap. */
	if (s->reported && patched_total(s)) {
		uint32_t int3 = patched_total(s) - s->stubbed;
		lp_buf_printf(&b, "patched: %u by a jump to a stub, %u by int3", s->stubbed, int3);
		if (int3)
			lp_buf_puts(&b,
				    getenv(LP_ENV_NO_STUBS)
					? " (LINEUP_NO_STUBS is set)"
					: " (too short for a jump, with no dead padding in reach)");
		lp_buf_puts(&b, "\n");
	}
	/* Nothing to trap: the only points inside operations are pthread-style calls, so a
	 * race on plain memory cannot show; say where the finer granularity is. */
	if (!s->memory && s->in_plan && planned_total(s, -1) == 0)
		lp_buf_puts(&b,
			    "note: plain loads and stores are no scheduling points at -g atomic: a "
			    "race on memory that no lock protects goes unseen (-g memory "
			    "makes them scheduling points)\n");
	for (size_t i = 0; i < s->n_objects; i++)
		for (int w = 0; w < LP_SKIP_COUNT; w++) {
			size_t n = s->objects[i].skipped[w];
			if (n)
				lp_buf_printf(&b, "not instrumented: %zu site%s in %s: %s\n", n,
					      n == 1 ? "" : "s", s->objects[i].name,
					      lp_skip_reason_text((enum lp_skip_reason)w));
		}
	return lp_buf_take(&b);
}

void lp_sites_summary_warn(const struct lp_sites_summary *s, struct lp_summary *sum)
{
	char msg[512];
	if (!s->enabled)
		return;
	size_t planned = planned_total(s, -1), skipped = 0;
	for (size_t i = 0; i < s->n_objects; i++)
		for (int w = 0; w < LP_SKIP_COUNT; w++)
			skipped += s->objects[i].skipped[w];
	if (planned && !s->in_plan) {
		lp_summary_warn(sum, "LINEUP_PLAN_SITES=0: no instruction of the targets is a "
				     "scheduling point (only "
				     "pthread, semaphore and yield calls are): bugs between "
				     "lock-free steps can be missed");
	} else if (planned && s->reported && patched_total(s) == 0 && s->unpatched == 0) {
		snprintf(msg, sizeof msg,
			 "the preload trapped no atomic instruction: it ignored the plan's %zu "
			 "sites (a preload older than "
			 "protocol 2?), so only pthread, semaphore and yield calls are scheduling "
			 "points and bugs between "
			 "lock-free steps can be missed",
			 planned);
		lp_summary_warn(sum, msg);
	} else if (s->reported && s->unpatched) {
		snprintf(msg, sizeof msg,
			 "the preload could not trap %u of the plan's %zu sites (the warnings "
			 "above say why): races at "
			 "those instructions can be missed",
			 s->unpatched, planned);
		lp_summary_warn(sum, msg);
	}
	if (skipped) {
		snprintf(msg, sizeof msg,
			 "%zu instruction%s that should be scheduling points could not be trapped "
			 "(see 'not instrumented'): "
			 "races at %s can be missed",
			 skipped, skipped == 1 ? "" : "s", skipped == 1 ? "it" : "them");
		lp_summary_warn(sum, msg);
	}
}
