/* cli/run/shm-log.h — reading an execution's record log (protocol.h) out of the shared area:
 * the decisions for the explorer, warnings and errors for the report, and the history in
 * lineup-history(5) text for the checker. Pure: records and plan in, data out. */
#ifndef LINEUP_CLI_SHM_LOG_H
#define LINEUP_CLI_SHM_LOG_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/analyze/analyze.h"
#include "scheduler/explore.h"
#include "scheduler/history-orders.h"

/* Same contract as lp_format_value (analyze.h); a parameter so tests can pin the format. */
typedef size_t (*lp_value_fmt_fn)(enum lp_kind kind, uint64_t raw, const char *str, uint32_t len,
				  bool truncated, char *buf, size_t bufsize);

struct lp_text_rec {
	lp_tid_t tid;
	uint64_t site;
	char *text;
};

struct lp_exec_log {
	struct lp_explore_decision *decisions; /* candidates point into the log */
	size_t n_decisions;
	uint64_t *sites; /* code address of each decision, for reports */
	struct lp_text_rec *warnings, *errors;
	size_t n_warnings, n_errors;
	size_t n_calls, n_returns;
	/* The execution's LP_REC_CRASH record with its stack copy (malloc'ed: the shared
	 * area is reused by later executions), NULL when it did not crash on a signal. */
	struct lp_rec_crash *crash;
	/* --memory-model tso: loads that read around another thread's buffered store */
	struct lp_rec_tso *tso;
	size_t n_tso;
	/* and loads that passed their own thread's buffered stores without being stale */
	struct lp_rec_tso_pass *tso_pass;
	size_t n_tso_pass;
};

/* Returns 0, or -1 with a one-line reason in err when the log is malformed. */
int lp_shmlog_parse(const void *log, size_t len, const struct lp_plan *plan,
		    struct lp_exec_log *out, char *err, size_t errsize);
void lp_shmlog_clear(struct lp_exec_log *l);

/* The history: header line (e.g. "history serial schedule=s:"), one line per call and
 * return, "stuck" when stuck, "end". Returns malloc'ed text, or NULL with err set. */
char *lp_shmlog_history(const void *log, size_t len, const struct lp_plan *plan, const char *header,
			bool stuck, lp_value_fmt_fn fmt, char *err, size_t errsize);

/* The calls and returns of an execution in log order (the order of the history's lines),
 * each with the step that recorded it (scheduler/history-orders.h): *ev malloc'ed. Returns
 * 0, or -1 with err when the log is malformed. */
int lp_shmlog_events(const void *log, size_t len, struct lp_trace_event **ev, size_t *n, char *err,
		     size_t errsize);

/* The operations of an execution, in call order (the order of a history's call lines):
 * what a golden model needs to make the same calls. */
struct lp_log_op {
	lp_tid_t tid;
	uint32_t func, nargs;
	uint64_t args[LP_MAX_ARGS];
	char *strs[LP_MAX_ARGS]; /* string arguments' bytes, NUL-terminated; NULL for NULL */
	bool truncated;		 /* some string argument was cut at LP_MAX_STRING */
	bool returned, unwound;
	uint64_t ret; /* raw result when returned */
};
/* Returns 0 with *ops (malloc'ed, free with lp_shmlog_ops_free) and *n, or -1 with err. */
int lp_shmlog_ops(const void *log, size_t len, const struct lp_plan *plan, struct lp_log_op **ops,
		  size_t *n, char *err, size_t errsize);
void lp_shmlog_ops_free(struct lp_log_op *ops, size_t n);

#endif
