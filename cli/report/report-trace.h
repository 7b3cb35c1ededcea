/* cli/report/report-trace.h — the scheduling points of one execution, one line each, for
 * `--replay -v`: where every step happened and who ran next. It answers "why does this
 * test need so many executions" (each point is a place a preemption can go) and "what did
 * this schedule do". Pure: the decisions of the execution and a symbolizer in, text out. */
#ifndef LINEUP_CLI_REPORT_TRACE_H
#define LINEUP_CLI_REPORT_TRACE_H

#include "report-livelock.h"
#include "cli/run/shm-log.h"

/* "step N  THREAD  KIND  WHERE  [-> CHOSEN (preemption)]" per decision, then one line
 * counting the points by kind. Returns malloc'ed text. */
char *lp_trace_text(const struct lp_exec_log *log, lp_symbolize_fn sym, void *arg);

/* The short name of an enum lp_point ("atomic", "op-start"); "?" for an unknown value. */
const char *lp_point_name(uint32_t point);

#endif
