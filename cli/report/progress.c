/* cli/report/progress.c — progress line on stderr, only when it is a terminal and not -q. */
#include "progress.h"

#include <stdio.h>
#include <time.h>

static bool on, shown;
static double start, last;
static uint64_t start_execs;
static int last_phase;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void lp_progress_init(bool enabled)
{
	on = enabled;
	start = last = now();
}

void lp_progress_update(int phase, uint64_t executions, uint64_t histories, int bound)
{
	if (!on)
		return;
	double t = now();
	if (phase != last_phase) {
		last_phase = phase;
		start = t;
		start_execs = executions;
	}
	if (t - last < 0.25)
		return;
	last = t;
	double rate = t > start ? (double)(executions - start_execs) / (t - start) : 0;
	if (phase == 1)
		fprintf(stderr, "\r\033[Kphase 1 (serial): %llu executions, %llu histories, %.0f/s",
			(unsigned long long)executions, (unsigned long long)histories, rate);
	else
		fprintf(stderr, "\r\033[Kphase 2 (concurrent): %llu executions and histories checked, %d preemptions, %.0f/s",
			(unsigned long long)executions, bound, rate);
	shown = true;
}

void lp_progress_clear(void)
{
	if (on && shown)
		fputs("\r\033[K", stderr);
	shown = false;
}
