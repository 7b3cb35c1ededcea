/* cli/analyze/analyze-sites.c — the plan's sites: every function of each target and --instrument
 * object scanned (cli/analyze/atomics-scan.c) at the chosen granularity, counted for the summary.
 */
#include "analyze-internal.h"
#include "lineup/die.h"
#include "pure-regions.h"
#include "spin-loop.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define fail(...) lp_analyze_fail(err, errsize, __VA_ARGS__)

static const char *path_of(const struct lp_plan *plan, int i)
{
	return i < plan->n_targets ? plan->targets[i].path
				   : plan->instrument[i - plan->n_targets].path;
}

static int scan_objects(struct lp_plan *plan, char *err, size_t errsize);

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

int lp_sites_object_named(const struct lp_plan *plan, const char *name, size_t len)
{
	for (int i = 0; i < plan->n_targets + plan->n_instrument; i++) {
		const char *a = lp_plan_object_name(plan, i), *b = base_name(path_of(plan, i));
		if ((strlen(a) == len && !strncmp(a, name, len)) ||
		    (strlen(b) == len && !strncmp(b, name, len)))
			return i;
	}
	return -1;
}

static int by_object_offset(const void *x, const void *y)
{
	const struct lp_plan_site *a = x, *b = y;
	if (a->object != b->object)
		return a->object < b->object ? -1 : 1;
	return a->site.offset < b->site.offset ? -1 : a->site.offset > b->site.offset;
}

/* Adds the sites of one --spin-site "OBJ+0xOFF" that the plan lacks. */
static int spin_site_add(struct lp_plan *plan, const char *v, char *err, size_t errsize)
{
	const char *plus = strrchr(v, '+');
	char *end = NULL;
	uint64_t off = plus ? strtoull(plus + 1, &end, 16) : 0;
	if (!plus || plus == v || !end || *end || end == plus + 1)
		return fail("--spin-site '%s': give OBJ+0xOFFSET, e.g. libfoo.so+0x1234", v);
	int obj = lp_sites_object_named(plan, v, (size_t)(plus - v));
	if (obj < 0)
		return fail("--spin-site '%s' names no target nor --instrument object", v);
	struct lp_scan sc;
	char msg[512];
	if (lp_spin_loop_sites(path_of(plan, obj), off, &sc, msg, sizeof msg))
		return fail("--spin-site '%s': %s", v, msg);
	for (size_t k = 0; k < sc.n; k++) {
		struct lp_plan_site key = {.object = obj, .site = sc.sites[k]};
		if (bsearch(&key, plan->sites, plan->n_sites, sizeof key, by_object_offset))
			continue;
		plan->sites = lp_xrealloc(plan->sites, (plan->n_sites + 1) * sizeof(*plan->sites));
		key.site.func = NULL;
		key.site.pad = 0; /* the memory scan's padding may be an atomic site's */
		plan->sites[plan->n_sites++] = key;
		plan->scans[obj].by_kind[key.site.kind]++;
		qsort(plan->sites, plan->n_sites, sizeof key, by_object_offset);
	}
	lp_atomics_scan_free(&sc);
	return 0;
}

int lp_sites_plan(struct lp_plan *plan, char *err, size_t errsize)
{
	if (scan_objects(plan, err, errsize))
		return -1;
	for (int i = 0; plan->level == LP_SITES_ATOMIC && i < plan->n_spin_sites; i++)
		if (spin_site_add(plan, plan->spin_sites[i], err, errsize))
			return -1;
	return 0;
}

static int scan_objects(struct lp_plan *plan, char *err, size_t errsize)
{
	int n_obj = plan->n_targets + plan->n_instrument;
	if (plan->level == LP_SITES_NONE)
		return lp_locks_no_sites(plan, err, errsize);
	if (n_obj == 0)
		return 0;
	plan->scans = lp_xcalloc((size_t)n_obj, sizeof(*plan->scans));
	bool *lock_found = lp_xcalloc((size_t)plan->n_locks + 1, sizeof *lock_found);
	size_t total = 0, biggest = 0;
	int biggest_obj = 0;
	for (int i = 0; i < n_obj; i++) {
		struct lp_scan sc;
		char msg[512];
		/* Every function, not only the operations: they call static helpers, and a
		 * helper's atomic is a step of the operation. */
		if (lp_atomics_scan(path_of(plan, i), NULL, 0, plan->level == LP_SITES_MEMORY, &sc,
				    msg, sizeof(msg))) {
			free(lock_found);
			return fail("cannot scan the instructions of '%s': %s",
				    lp_plan_object_name(plan, i), msg);
		}
		struct lp_plan_scan *ps = &plan->scans[i];
		for (size_t k = 0; k < sc.n_skipped; k++)
			ps->skipped[sc.skipped[k].why]++;
		ps->bad_bytes = sc.bad_bytes;
		total += sc.n;
		if (sc.n > biggest) {
			biggest = sc.n;
			biggest_obj = i;
		}
		if (total <= LP_MAX_SITES) {
			plan->sites =
			    lp_xrealloc(plan->sites, (plan->n_sites + sc.n) * sizeof(*plan->sites));
			struct lp_plan_site *first = plan->sites + plan->n_sites;
			for (size_t k = 0; k < sc.n; k++) {
				struct lp_plan_site *s = &plan->sites[plan->n_sites++];
				s->object = i;
				s->site = sc.sites[k];
			}
			if (lp_locks_mark(plan, i, ps, first, &sc, lock_found, err, errsize)) {
				lp_atomics_scan_free(&sc);
				free(lock_found);
				return -1;
			}
			for (size_t k = 0; k < sc.n; k++) {
				first[k].site.func = NULL; /* the scan's names go with it */
				ps->by_kind[first[k].site.kind]++;
			}
		}
		lp_atomics_scan_free(&sc);
	}
	int locks = total <= LP_MAX_SITES ? lp_locks_check(plan, lock_found, err, errsize) : 0;
	free(lock_found);
	if (locks)
		return -1;
	if (total > LP_MAX_SITES)
		return fail(
		    "too many instructions to trap: %zu sites, %zu of them in '%s' (at most %d): "
		    "%s",
		    total, biggest, lp_plan_object_name(plan, biggest_obj), LP_MAX_SITES,
		    plan->level == LP_SITES_MEMORY
			? "use -g atomic, which traps only atomic instructions, or fewer "
			  "--instrument objects"
			: "use fewer --instrument objects, or -g sync");
	return 0;
}

void lp_pure_plan(struct lp_plan *plan)
{
	struct lp_pure_func *pf = lp_xcalloc((size_t)plan->n_funcs + 1, sizeof(*pf));
	int *idx = lp_xcalloc((size_t)plan->n_funcs + 1, sizeof(*idx));
	for (int t = 0; t < plan->n_targets; t++) {
		size_t n = 0;
		for (int i = 0; i < plan->n_funcs; i++)
			if (plan->funcs[i].target == t && !plan->funcs[i].ifunc) {
				pf[n].offset = plan->funcs[i].offset;
				pf[n].spans_wanted = plan->funcs[i].called;
				idx[n++] = i;
			}
		/* the target's trapped instructions (sorted by object, then offset) */
		struct lp_span_site *sites = lp_xcalloc(plan->n_sites + 1, sizeof *sites);
		size_t n_sites = 0;
		for (size_t k = 0; k < plan->n_sites; k++)
			if (plan->sites[k].object == t)
				sites[n_sites++] = (struct lp_span_site){
				    .offset = plan->sites[k].site.offset,
				    .place = plan->sites[k].site.kind == LP_SITE_RMW ||
					     plan->sites[k].site.kind == LP_SITE_XCHG ||
					     plan->sites[k].site.kind == LP_SITE_LOCK};
		char msg[256];
		if (n &&
		    !lp_pure_regions(plan->targets[t].path, pf, n, sites, n_sites, msg, sizeof msg))
			for (size_t j = 0; j < n; j++) {
				plan->funcs[idx[j]].n_pure = pf[j].n;
				plan->funcs[idx[j]].pure = pf[j].starts;
				plan->funcs[idx[j]].n_spans = pf[j].n_spans;
				plan->funcs[idx[j]].spans = pf[j].spans;
			}
		free(sites);
	}
	free(pf);
	free(idx);
}
