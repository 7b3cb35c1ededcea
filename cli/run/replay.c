/* cli/run/replay.c — --replay: runs one schedule, prints its history and, as comments,
 * the verdict on it (judged against phase 1's observations when concurrent). */
#include "phases-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "cli/report/crash-text.h"
#include "cli/report/progress.h"
#include "cli/run/cleanup.h"
#include "cli/run/interrupt.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "lineup/stringify.h"
#include "cli/report/report.h"

/* Writes text as lineup-history(5) comment lines, so the replay's stdout stays a history. */
static void put_comment(const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) : strlen(text);
		printf("#%s%.*s\n", n ? " " : "", (int)n, text);
		text += n + (nl ? 1 : 0);
	}
}

/* SIGINT or SIGTERM during a replay: nothing to show but that it was not judged. */
static void end_replay_interrupted(void *arg)
{
	(void)arg;
	lp_cleanup_now();
	lp_cleanup_wait(500);
	lp_progress_clear();
	printf("# verdict: nothing checked: %s ended the replay before its history was judged\n",
	       lp_interrupt_name());
	fflush(stdout);
	exit(lp_interrupt_exit_status(LP_EXIT_OK));
}

/* A concurrent schedule that completes is judged against the observations of phase 1,
 * run after it in the same fork server (every execution forks from the same state, so the
 * order changes nothing). A crash needs no judging. */
int lp_replay_run(struct lp_ctx *c)
{
	struct lp_schedule s;
	char err[256];
	if (lp_schedule_parse(c->o->replay, &s, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "%s", err);
	lp_interrupt_install();
	lp_interrupt_on_stop(end_replay_interrupted, NULL);
	lp_server_start(&c->sv);
	struct lp_exec e;
	lp_phases_execute_on(c, NULL, &s, &e, true);
	/* Symbolized in the fork server: before stopping it. */
	char *livelock = e.res.outcome == LP_OUT_LIVELOCK ? lp_report_livelock(c, &e.log) : NULL;
	char *trace = c->o->verbose ? lp_report_trace(c, &e.log) : NULL;
	struct lp_crash_info *ci = lp_report_crash(c, &e.log, e.res.log, e.res.log_len);
	char *crash = ci ? lp_crash_text(ci) : NULL;
	lp_crash_info_free(ci);
	bool judge = s.phase == LP_PHASE_CONCURRENT && !e.crashed;
	char *text = NULL;
	enum lp_check_reply r = LP_CHECK_OK;
	if (judge) { /* with the fork server still up: confirming a violation may run phase 1 again
		      */
		if (c->o->spec_from)
			lp_golden_attach(c); /* and no phase 1: the log is still this execution's */
		lp_checker_pipe_start(&c->ck, c->o);
		if (!c->o->spec_from && lp_phase1_run(c, true) !=
					    LP_EXIT_OK) /* reported, and the fork server stopped */
			return LP_EXIT_NONDETERMINISTIC;
		r = lp_checker_pipe_send(&c->ck, e.history, &text);
		if (r == LP_CHECK_ERROR)
			lp_die(LP_EXIT_USAGE,
			       "lineup-checker rejected the history of schedule %s: %s", e.sched,
			       text ? text : "");
		if (lp_phases_confirm(c, e.history, &r, &text) != LP_EXIT_OK)
			return LP_EXIT_NONDETERMINISTIC;
		if (r == LP_CHECK_NONDETERMINISTIC) /* a lazy serial run disagreed */
			return lp_phases_nondeterministic(c, text);
	}
	lp_interrupt_on_stop(NULL, NULL); /* judged: the rest is printing */
	lp_server_stop(&c->sv);
	for (size_t i = 0; i < c->sum.n_warnings; i++)
		fprintf(stderr, "lineup-preload: warning: %s\n", c->sum.warnings[i]);
	if (trace)
		fprintf(stderr, "scheduling points of schedule %s:\n%s", e.sched, trace);
	free(trace);
	fputs(e.history, stdout);
	int rc = LP_EXIT_OK;
	if (e.crashed) {
		fflush(stdout);
		if (WIFSIGNALED(e.res.status))
			fprintf(
			    stderr, "lineup-preload: client crashed with %s under schedule %s\n%s",
			    lp_signal_name(WTERMSIG(e.res.status)), e.sched, crash ? crash : "");
		else
			fprintf(stderr,
				"lineup-preload: client exited with status %d under schedule %s "
				"before every thread finished\n",
				WIFEXITED(e.res.status) ? WEXITSTATUS(e.res.status) : -1, e.sched);
		rc = LP_EXIT_VIOLATION;
	} else if (judge) {
		if (livelock)
			put_comment(livelock);
		if (r == LP_CHECK_VIOLATION) {
			struct lp_buf cautions = {0};
			lp_phases_report_cautions(c, &cautions);
			put_comment(cautions.s ? cautions.s : "");
			lp_buf_free(&cautions);
			put_comment(text ? text : "");
			rc = LP_EXIT_VIOLATION;
		}
		printf("# verdict: %s\n",
		       rc == LP_EXIT_OK ? "this history has a serial witness" : "violation");
	} else if (livelock) {
		put_comment(livelock);
	}
	fflush(stdout);
	if (judge)
		lp_checker_pipe_finish(&c->ck);
	free(livelock);
	free(crash);
	free(text);
	lp_phases_exec_clear(&e);
	lp_schedule_clear(&s);
	return rc;
}
