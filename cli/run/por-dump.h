/* cli/run/por-dump.h — a debugging aid for the reduction (issue 34): with
 * LINEUP_DEBUG_POR_LOG=path, phase 2 appends each execution's schedule, how its walk ended
 * (scheduler/explore-stats.h) and its decision log to path, for tests/tools/por-why to
 * tell why executions of a trace seen before were not pruned. Off (no cost) without it. */
#ifndef LINEUP_POR_DUMP_H
#define LINEUP_POR_DUMP_H

#include "scheduler/explore.h"

/* Call right after lp_explore_done(ex, d, n) for schedule s. */
void lp_por_dump(const struct lp_explore *ex, const struct lp_schedule *s,
		 const struct lp_explore_decision *d, size_t n);

/* With LINEUP_DEBUG_HISTORIES=path, each history phase 2 checks is appended to path on one
 * line (its lines joined by " | "), for tests that compare the histories two searches
 * check (sort -u): what a reduction or a --lock leaves out must show up there. */
void lp_por_dump_history(const char *history);

/* With LINEUP_DEBUG_LAZY=path, each request of lazy phase 1 (lazy-run.h) is appended to path
 * with how many of its operation starts the serial execution took as asked
 * ("0 0.2 + 0.1 0.1 -> 3 of 4"), so tests see a hint that could not be followed to its end. */
void lp_por_dump_lazy(const char *request, unsigned done, unsigned n);

#endif
