/* cli/report/report.h — the report's parts that read a run's context (report.c): the
 * schedule's sites, the summary, the coverage and warning lines, an execution's trace,
 * livelock and crash, each symbolized in the fork server's mappings. */
#ifndef LINEUP_CLI_REPORT_H
#define LINEUP_CLI_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "cli/run/phases.h"

/* Text of the schedule with the site of each override ("step 4: 0.2 preempts 0.1 at ..."). */
char *lp_report_schedule(const struct lp_ctx *c, const struct lp_schedule *s,
			 const struct lp_exec_log *log);
/* The same overrides as a JSON array of {"step", "thread", "preempted", "preemption",
 * "site", "after_events"} (events of history recorded before the step), for the page. */
char *lp_report_schedule_json(const struct lp_ctx *c, const struct lp_schedule *s,
			      const struct lp_exec_log *log, const char *history);
/* The execution's stale loads (--memory-model tso) as a JSON array (report-tso.h). */
char *lp_report_stale_json(const struct lp_ctx *c, const struct lp_exec_log *log);
/* The same for the passing loads (violation.passing_loads, report-tso.h). */
char *lp_report_passing_json(const struct lp_ctx *c, const struct lp_exec_log *log);
void lp_report_summary(const struct lp_ctx *c, FILE *f);
/* The coverage lines of a run cut short or sampled ("coverage: ...", "guarantee: ..."). */
void lp_report_coverage(const struct lp_ctx *c, FILE *f);
/* The "warning: ..." lines alone (part of the summary; printed even with -q). */
void lp_report_warnings(const struct lp_ctx *c, FILE *f);
/* Every scheduling point of an execution, one line each (`--replay -v`). */
char *lp_report_trace(const struct lp_ctx *c, const struct lp_exec_log *log);
/* The livelock line of a stuck execution's report (symbolized in the fork server). */
char *lp_report_livelock(const struct lp_ctx *c, const struct lp_exec_log *log);
/* The crash an execution's log records, unwound and symbolized in the fork server's
 * mappings (cli/analyze/unwind.h); NULL when it records none. raw: the execution's records
 * (the objects it loaded). */
struct lp_crash_info;
struct lp_crash_info *lp_report_crash(const struct lp_ctx *c, const struct lp_exec_log *log,
				      const void *raw, size_t len);

#endif
