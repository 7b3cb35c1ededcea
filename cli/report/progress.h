/* cli/report/progress.h — progress on stderr: a live status line on a terminal, otherwise one
 * plain line every few seconds (10 by default), so a long run in CI shows it is alive.
 * Each line says the phase, the bound, the executions, their rate and, when an estimate of
 * the bound's schedules is known, the time to the end of the bound. */
#ifndef LINEUP_CLI_PROGRESS_H
#define LINEUP_CLI_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Phases as the progress line names them: 1 serial, 2 concurrent (bounded search),
 * 3 concurrent random schedules (bound = PCT depth, or 0 for uniform choices), 4 the
 * analysis of a violation (root causes, fences: lp_progress_label names it). */
enum {
	LP_PROGRESS_SERIAL = 1,
	LP_PROGRESS_BOUNDED = 2,
	LP_PROGRESS_RANDOM = 3,
	LP_PROGRESS_ANALYSIS = 4
};

/* live: redraw one line in place (a terminal); else print a line every interval seconds. */
void lp_progress_start(bool enabled, bool live, double interval);
/* lp_progress_start(enabled, true, 0.25): the terminal display. */
void lp_progress_init(bool enabled);
/* The estimated schedules of the current bound (or samples of a random phase); 0 unknown. */
void lp_progress_estimate(double total);
/* Redraws at most a few times per second (live) or once per interval. */
/* What LP_PROGRESS_ANALYSIS lines say they check ("root causes", "an mfence after f+0x8");
 * the text is copied. */
void lp_progress_label(const char *what);
void lp_progress_update(int phase, uint64_t executions, uint64_t histories, int bound);
void lp_progress_clear(void);

/* Pure parts, unit tested. Seconds left to reach total at rate; < 0 when unknown. */
double lp_progress_eta(uint64_t done, double total, double rate);
/* The text of one status line (no newline); rate per second; total as for estimate. */
void lp_progress_format(char *buf, size_t size, int phase, uint64_t executions, uint64_t histories,
			int bound, double rate, double total);

#endif
