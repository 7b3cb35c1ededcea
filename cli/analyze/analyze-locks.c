/* cli/analyze/analyze-locks.c — --lock: the one compare-and-swap of a named function is a
 * blocking lock's acquire (LP_SITE_LOCK). The preload holds a thread at it back while the
 * swap would fail (preload/trap.c), as it holds back a pthread_mutex_lock of a held mutex,
 * so the lock's contended path (its futex wait, the waker's futex wake) never runs: the
 * lock is trusted, as pthread's is. GLib's g_mutex_lock is one without being named; a
 * stripped library's static lock function is named by its swap's address, OBJ+0xOFF. */
#include "analyze-internal.h"
#include "lineup/die.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define fail(...) lp_analyze_fail(err, errsize, __VA_ARGS__)

/* Blocking locks of common libraries, trusted unless --lock none: GLib's GMutex (its futex
 * implementation, gthread-posix.c: 0 -> 1 on the fast path, and the only swap in it). */
static const char *const builtin[] = {"g_mutex_lock"};
#define N_BUILTIN (sizeof builtin / sizeof *builtin)

bool lp_lock_cmpxchg(const uint8_t *b, unsigned len)
{
	unsigned i = 0;
	bool lock = false;
	for (; i < len &&
	       (b[i] == 0xf0 || b[i] == 0x66 || b[i] == 0xf2 || b[i] == 0xf3 || b[i] == 0x2e ||
		b[i] == 0x3e || b[i] == 0x26 || b[i] == 0x36 || b[i] == 0x64 || b[i] == 0x65);
	     i++)
		lock |= b[i] == 0xf0;
	if (i < len && (b[i] & 0xf0) == 0x40)
		i++;
	return lock && i + 2 < len && b[i] == 0x0f && (b[i + 1] == 0xb0 || b[i + 1] == 0xb1);
}

static bool user_none(const struct lp_plan *plan)
{
	for (int i = 0; i < plan->n_locks; i++)
		if (!strcmp(plan->locks[i], "none"))
			return true;
	return false;
}

/* How errors name lock value i: "--lock 'NAME'", "FILE:LINE: lock 'NAME'" for a
 * description's line, or the client's lock note (an emitted client's description line). */
static const char *subject(const struct lp_plan *plan, int i, char *buf, size_t size)
{
	if (i >= plan->n_lock_where)
		snprintf(buf, size, "the client's lock note '%s' (from its test description)",
			 plan->locks[i]);
	else if (plan->lock_where && plan->lock_where[i])
		snprintf(buf, size, "%s: lock '%s'", plan->lock_where[i], plan->locks[i]);
	else
		snprintf(buf, size, "--lock '%s'", plan->locks[i]);
	return buf;
}

/* Names ps's lock sites: ", name" appended. */
static void add_name(struct lp_plan_scan *ps, const char *name)
{
	size_t had = ps->locks ? strlen(ps->locks) : 0;
	ps->locks = lp_xrealloc(ps->locks, had + strlen(name) + 3);
	sprintf(ps->locks + had, "%s%s", had ? ", " : "", name);
}

/* Marks in sites (object obj's, from the scan sc in the same order) the swap of function
 * name; *found stays false when name has none there. A function with several is refused
 * when the user named it (as says how: subject; NULL for a built-in): which of them takes
 * the lock is not known. */
static int mark(const char *name, const char *as, struct lp_plan_scan *ps,
		struct lp_plan_site *sites, const struct lp_scan *sc, bool *found, char *err,
		size_t errsize)
{
	size_t hit = 0, at = 0;
	for (size_t k = 0; k < sc->n; k++)
		if (sc->sites[k].func && !strcmp(sc->sites[k].func, name) &&
		    lp_lock_cmpxchg(sc->sites[k].bytes, sc->sites[k].len)) {
			hit++;
			at = k;
		}
	if (hit > 1 && as)
		return fail("%s: it has %zu compare-and-swap instructions, and which one takes the "
			    "lock is not known: name the function whose only swap does",
			    as, hit);
	if (hit == 1 && sites[at].site.kind != LP_SITE_LOCK) {
		sites[at].site.kind = LP_SITE_LOCK;
		add_name(ps, name);
	}
	*found |= hit == 1;
	return 0;
}

/* A value OBJ+0xOFF (the swap's address in a stripped library): 1 when v is one and obj is
 * its object, with *off set; 0 when it names another object or is a function name; -1
 * with err when it is malformed. */
static int address_of(const struct lp_plan *plan, int obj, const char *v, const char *as,
		      uint64_t *off, char *err, size_t errsize)
{
	const char *plus = strrchr(v, '+');
	if (!plus)
		return 0;
	char *end = NULL;
	*off = strtoull(plus + 1, &end, 16);
	if (plus == v || strncmp(plus, "+0x", 3) || !end || *end || end == plus + 3)
		return fail("%s: give FUNC, or OBJ+0xOFF for the swap at OFF of OBJ", as);
	return lp_sites_object_named(plan, v, (size_t)(plus - v)) == obj;
}

/* Marks the swap at off of this object (sites and sc as for mark). */
static int mark_at(const char *v, const char *as, uint64_t off, struct lp_plan_scan *ps,
		   struct lp_plan_site *sites, const struct lp_scan *sc, bool *found, char *err,
		   size_t errsize)
{
	for (size_t k = 0; k < sc->n; k++)
		if (sc->sites[k].offset == off &&
		    lp_lock_cmpxchg(sc->sites[k].bytes, sc->sites[k].len)) {
			if (sites[k].site.kind != LP_SITE_LOCK)
				add_name(ps, v);
			sites[k].site.kind = LP_SITE_LOCK;
			*found = true;
			return 0;
		}
	return fail("%s: no compare-and-swap (lock cmpxchg) at offset 0x%llx: give the swap's "
		    "own address",
		    as, (unsigned long long)off);
}

int lp_locks_mark(struct lp_plan *plan, int obj, struct lp_plan_scan *ps,
		  struct lp_plan_site *sites, const struct lp_scan *sc, bool *found, char *err,
		  size_t errsize)
{
	for (int i = 0; i < plan->n_locks; i++) {
		const char *v = plan->locks[i];
		if (!strcmp(v, "none"))
			continue;
		uint64_t off = 0;
		char as[600];
		subject(plan, i, as, sizeof as);
		int at = address_of(plan, obj, v, as, &off, err, errsize);
		if (at < 0 ||
		    (at > 0 && mark_at(v, as, off, ps, sites, sc, &found[i], err, errsize)) ||
		    (!strchr(v, '+') && mark(v, as, ps, sites, sc, &found[i], err, errsize)))
			return -1;
	}
	for (size_t i = 0; i < N_BUILTIN && !user_none(plan); i++) {
		bool unused = false;
		mark(builtin[i], NULL, ps, sites, sc, &unused, err, errsize);
	}
	return 0;
}

int lp_locks_no_sites(const struct lp_plan *plan, char *err, size_t errsize)
{
	for (int i = 0; i < plan->n_locks; i++) {
		char as[600];
		if (strcmp(plan->locks[i], "none"))
			return fail(
			    "%s has no effect with -g sync, which traps no instruction: use "
			    "-g atomic or -g memory",
			    subject(plan, i, as, sizeof as));
	}
	return 0;
}

int lp_locks_check(const struct lp_plan *plan, const bool *found, char *err, size_t errsize)
{
	for (int i = 0; i < plan->n_locks; i++) {
		const char *v = plan->locks[i];
		if (!strcmp(v, "none") || found[i])
			continue;
		char as[600];
		subject(plan, i, as, sizeof as);
		if (strchr(v, '+'))
			return fail("%s names no target nor --instrument object: OBJ is one as "
				    "given to --target or --instrument, or its file's base name",
				    as);
		return fail("%s: no function of that name with a compare-and-swap (lock "
			    "cmpxchg) in the targets or --instrument objects: name the function "
			    "whose swap takes the lock",
			    as);
	}
	return 0;
}
