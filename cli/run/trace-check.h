/* cli/run/trace-check.h — the histories phase 2 checks for one execution when calls and
 * returns commute (scheduler/history-orders.h): the execution stands for its trace, whose
 * histories with the most real-time order are written out as lineup-history(5) texts. */
#ifndef LINEUP_CLI_TRACE_CHECK_H
#define LINEUP_CLI_TRACE_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "scheduler/history-orders.h"
#include "shm-log.h"

/* At most this many histories per execution; more and phase 2 runs again with calls and
 * returns ordered (phase2.c), so nothing is left unchecked. */
#define LP_TRACE_MAX_HISTORIES 256

struct lp_trace_histories {
	size_t n;
	char **text; /* each a history of the trace */
	bool *own;   /* text[i] is the execution's own history (its events in its order) */
	/* What a schedule of text[i] needs, copied: lazy phase-1 runs reuse the log's area. */
	struct lp_explore_decision *d;
	size_t nd;
	struct lp_trace_event *ev;
	size_t nev;
	struct lp_hist_orders orders;
};

/* history: the execution's own text (header, a line per call and return in log order, then
 * "stuck" and/or "end"); log/len: its records; decisions as parsed. Returns 0, or -1 with a
 * reason in err (more histories than LP_TRACE_MAX_HISTORIES, or a log that does not match
 * its history line for line). */
int lp_trace_histories(const char *history, const void *log, size_t len,
		       const struct lp_exec_log *elog, enum lp_reduction mode,
		       struct lp_trace_histories *out, char *err, size_t errsize);
void lp_trace_histories_clear(struct lp_trace_histories *th);

/* The schedule that runs the trace so that it shows text[i] (history-orders.h); 0 or -1. */
int lp_trace_schedule(const struct lp_trace_histories *th, size_t i, enum lp_reduction mode,
		      struct lp_schedule *out);

/* Whether two history texts have the same events (lines after the header), line for line. */
bool lp_history_same_events(const char *a, const char *b);

#endif
