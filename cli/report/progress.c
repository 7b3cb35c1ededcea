/* cli/report/progress.c — the status line on stderr (see progress.h). */
#include "progress.h"
#include "lineup/clock.h"

#include <stdio.h>
#include <time.h>

static bool on, shown, live;
static double start, last, every, estimate;
static uint64_t start_execs;
static int last_phase;
static char label[160] = "root causes";

void lp_progress_start(bool enabled, bool is_live, double interval)
{
	on = enabled;
	live = is_live;
	every = interval;
	start = last = lp_clock_now();
	last_phase = 0;
	estimate = 0;
}

void lp_progress_init(bool enabled) { lp_progress_start(enabled, true, 0.25); }

void lp_progress_estimate(double total) { estimate = total; }

void lp_progress_label(const char *what)
{
	snprintf(label, sizeof label, "%s", what);
	estimate = 0; /* the phase's estimate says nothing of this search */
}

double lp_progress_eta(uint64_t done, double total, double rate)
{
	if (!(total > 0) || !(rate > 0))
		return -1;
	double left = total - (double)done;
	return left > 0 ? left / rate : 0;
}

static void duration(char *buf, size_t size, double s)
{
	long t = (long)(s + 0.5);
	if (t < 60)
		snprintf(buf, size, "%lds", t);
	else if (t < 3600)
		snprintf(buf, size, "%ldm%02lds", t / 60, t % 60);
	else
		snprintf(buf, size, "%ldh%02ldm", t / 3600, t / 60 % 60);
}

void lp_progress_format(char *buf, size_t size, int phase, uint64_t executions, uint64_t histories,
			int bound, double rate, double total)
{
	int n;
	unsigned long long e = (unsigned long long)executions;
	if (phase == LP_PROGRESS_SERIAL)
		n = snprintf(buf, size, "phase 1 (serial): %llu executions, %llu histories, %.0f/s",
			     e, (unsigned long long)histories, rate);
	else if (phase == LP_PROGRESS_BOUNDED)
		n = snprintf(buf, size,
			     "phase 2 (concurrent): %llu executions and histories checked, %d "
			     "preemptions, %.0f/s",
			     e, bound, rate);
	else if (phase == LP_PROGRESS_ANALYSIS)
		n = snprintf(buf, size, "checking %s: %llu executions, %d preemptions, %.0f/s",
			     label, e, bound, rate);
	else if (bound > 0)
		n = snprintf(buf, size,
			     "phase 2 (random, PCT depth %d): %llu schedules checked, %.0f/s",
			     bound, e, rate);
	else
		n = snprintf(buf, size, "phase 2 (random): %llu schedules checked, %.0f/s", e,
			     rate);
	if (n < 0 || (size_t)n >= size)
		return;
	double eta = lp_progress_eta(executions, total, rate);
	if (eta >= 0) {
		char d[32];
		duration(d, sizeof d, eta);
		if (phase == LP_PROGRESS_RANDOM)
			snprintf(buf + n, size - (size_t)n, ", %.0f to go, ~%s left",
				 total - (double)executions, d);
		else
			snprintf(buf + n, size - (size_t)n,
				 ", bound %d ends at ~%.0f executions, ~%s left", bound, total, d);
	}
}

void lp_progress_update(int phase, uint64_t executions, uint64_t histories, int bound)
{
	if (!on)
		return;
	double t = lp_clock_now();
	if (phase != last_phase) {
		last_phase = phase;
		start = t;
		start_execs = executions;
		if (!live)
			last = t; /* a plain line only after a full interval in the phase */
	}
	if (t - last < every)
		return;
	last = t;
	double rate = t > start ? (double)(executions - start_execs) / (t - start) : 0;
	char line[256];
	lp_progress_format(line, sizeof line, phase, executions, histories, bound, rate, estimate);
	if (live) {
		fprintf(stderr, "\r\033[K%s", line);
		shown = true;
	} else {
		fprintf(stderr, "lineup-preload: %s\n", line);
	}
}

void lp_progress_clear(void)
{
	if (on && live && shown)
		fputs("\r\033[K", stderr);
	shown = false;
}
