/* cli/report/site-warnings.c — per-instruction warnings grouped (see site-warnings.h). */
#include "site-warnings.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/buf.h"
#include "lineup/die.h"

char *(*lp_site_namer)(const char *path, uint64_t off);

/* preload/patch.c, warn_site() */
#define HEAD "instruction at 0x"
#define MID "' is not a scheduling point: "

bool lp_site_warning_parse(const char *text, char **object, uint64_t *off, char **why)
{
	if (strncmp(text, HEAD, strlen(HEAD)))
		return false;
	char *end;
	const char *hex = text + strlen(HEAD);
	unsigned long long v = strtoull(hex, &end, 16);
	if (end == hex || strncmp(end, " of '", 5))
		return false;
	const char *obj = end + 5, *mid = strstr(obj, MID);
	if (!mid || mid == obj || !mid[strlen(MID)])
		return false;
	*object = strndup(obj, (size_t)(mid - obj));
	*why = lp_xstrdup(mid + strlen(MID));
	*off = v;
	return true;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* Index of the first offset >= off. */
static size_t lower_bound(const struct lp_site_group *g, uint64_t off)
{
	size_t lo = 0, hi = g->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (g->offs[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

long lp_site_groups_add(struct lp_site_groups *gs, const char *text, bool *fresh, bool *added)
{
	char *object, *why;
	uint64_t off;
	*fresh = *added = false;
	if (!lp_site_warning_parse(text, &object, &off, &why))
		return -1;
	size_t i = 0;
	while (i < gs->n && (strcmp(gs->g[i].object, object) || strcmp(gs->g[i].why, why)))
		i++;
	if (i == gs->n) {
		gs->g = lp_xrealloc(gs->g, (gs->n + 1) * sizeof *gs->g);
		gs->g[gs->n++] = (struct lp_site_group){.object = object, .why = why};
		*fresh = true;
	} else {
		free(object);
		free(why);
	}
	struct lp_site_group *g = &gs->g[i];
	size_t at = lower_bound(g, off);
	if (at < g->n && g->offs[at] == off)
		return (long)i;
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 16;
		g->offs = lp_xrealloc(g->offs, g->cap * sizeof *g->offs);
		g->names = lp_xrealloc(g->names, g->cap * sizeof *g->names);
	}
	memmove(g->offs + at + 1, g->offs + at, (g->n - at) * sizeof *g->offs);
	memmove(g->names + at + 1, g->names + at, (g->n - at) * sizeof *g->names);
	g->offs[at] = off;
	g->names[at] = NULL;
	g->n++;
	*added = true;
	return (long)i;
}

static const char *name_of(struct lp_site_group *g, size_t i)
{
	if (!g->names[i] && lp_site_namer)
		g->names[i] = lp_site_namer(g->object, g->offs[i]);
	if (!g->names[i]) {
		struct lp_buf b = {0};
		lp_buf_printf(&b, "0x%" PRIx64, g->offs[i]);
		g->names[i] = lp_buf_take(&b);
	}
	return g->names[i];
}

char *lp_site_group_line(struct lp_site_group *g)
{
	struct lp_buf b = {0};
	if (g->n == 1) {
		lp_buf_printf(&b, HEAD "%" PRIx64 " of '%s" MID "%s", g->offs[0], g->object,
			      g->why);
		return lp_buf_take(&b);
	}
	lp_buf_printf(&b, "%zu instructions of '%s' are not scheduling points (", g->n,
		      base_name(g->object));
	size_t shown = g->n < LP_SITE_WARN_SHOWN ? g->n : LP_SITE_WARN_SHOWN;
	for (size_t i = 0; i < shown; i++)
		lp_buf_printf(&b, "%s%s", i ? ", " : "", name_of(g, i));
	if (g->n > shown)
		lp_buf_printf(&b, ", and %zu more; --coverage lists all", g->n - shown);
	lp_buf_printf(&b, "): %s", g->why);
	return lp_buf_take(&b);
}

char *lp_site_group_list(struct lp_site_group *g)
{
	struct lp_buf b = {0};
	lp_buf_printf(&b, "%zu instruction%s of '%s' (%s):", g->n, g->n == 1 ? "" : "s",
		      base_name(g->object), g->why);
	for (size_t i = 0; i < g->n; i++)
		lp_buf_printf(&b, "%s %s", i ? "," : "", name_of(g, i));
	return lp_buf_take(&b);
}

void lp_site_groups_free(struct lp_site_groups *gs)
{
	for (size_t i = 0; i < gs->n; i++) {
		struct lp_site_group *g = &gs->g[i];
		for (size_t k = 0; k < g->n; k++)
			free(g->names[k]);
		free(g->names);
		free(g->offs);
		free(g->object);
		free(g->why);
	}
	free(gs->g);
	memset(gs, 0, sizeof *gs);
}
