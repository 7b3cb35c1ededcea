/* cli/run/por-dump.c — phase 2's executions written out for tests/tools/por-why
 * (por-dump.h). One text record per execution: "E cost end schedule n", then n lines
 * "step running chosen point flags fpflags fpn obj*4 ncand cand*". And the histories
 * phase 2 checks, one a line (LINEUP_DEBUG_HISTORIES), and lazy phase 1's requests
 * (LINEUP_DEBUG_LAZY). */
#include "por-dump.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/explore-stats.h"

/* The file the environment variable var names, opened for writing once; NULL without it. */
static FILE *debug_file(const char *var, FILE **f, int *tried)
{
	if (!*tried) {
		*tried = 1;
		const char *path = getenv(var);
		if (path && *path)
			*f = fopen(path, "w");
	}
	return *f;
}

static FILE *dump_file(void)
{
	static FILE *f;
	static int tried;
	return debug_file("LINEUP_DEBUG_POR_LOG", &f, &tried);
}

/* How the walk of the execution just done ended: the counter of its cost that grew. */
static int walk_end(const struct lp_explore *ex, unsigned cost)
{
	static uint64_t seen[3][16];
	const struct lp_explore_stats *st = lp_explore_stats(ex);
	unsigned c = cost < 16 ? cost : 15;
	int why = -1;
	for (int w = 0; w < 3; w++) {
		uint64_t v = lp_explore_stats_ended(st, c, (enum lp_walk_end)w);
		if (v != seen[w][c])
			why = w;
		seen[w][c] = v;
	}
	return why;
}

void lp_por_dump(const struct lp_explore *ex, const struct lp_schedule *s,
		 const struct lp_explore_decision *d, size_t n)
{
	FILE *f = dump_file();
	if (!f)
		return;
	char *text = lp_schedule_format(s);
	fprintf(f, "E %u %d %s %zu\n", s->cost, walk_end(ex, s->cost), text ? text : "?", n);
	free(text);
	for (size_t k = 0; k < n; k++) {
		const struct lp_explore_decision *e = &d[k];
		fprintf(f, "%llu %llu %llu %u %u %u %u", (unsigned long long)e->step,
			(unsigned long long)e->running, (unsigned long long)e->chosen, e->point,
			e->flags, e->done.flags, e->done.n);
		for (int i = 0; i < LP_FP_MAX; i++)
			fprintf(f, " %llu", (unsigned long long)e->done.obj[i]);
		fprintf(f, " %u", e->n_candidates);
		for (uint32_t i = 0; i < e->n_candidates; i++)
			fprintf(f, " %llu", (unsigned long long)e->candidates[i]);
		fprintf(f, " %llu %u", (unsigned long long)e->addr, e->n_held);
		for (uint32_t i = 0; i < e->n_held; i++)
			fprintf(f, " %llu %llu", (unsigned long long)e->held[i].addr,
				(unsigned long long)e->held[i].holder);
		fputc('\n', f);
	}
	fflush(f);
}

void lp_por_dump_history(const char *history)
{
	static FILE *hf;
	static int tried;
	FILE *f = debug_file("LINEUP_DEBUG_HISTORIES", &hf, &tried);
	if (!f)
		return;
	for (const char *p = history; *p; p++)
		if (*p != '\n')
			fputc(*p, f);
		else if (p[1])
			fputs(" | ", f);
	fputc('\n', f);
	fflush(f);
}

void lp_por_dump_lazy(const char *request, unsigned done, unsigned n)
{
	static FILE *lf;
	static int tried;
	FILE *f = debug_file("LINEUP_DEBUG_LAZY", &lf, &tried);
	if (!f)
		return;
	fprintf(f, "%.*s -> %u of %u\n", (int)strcspn(request, "\n"), request, done, n);
	fflush(f);
}
