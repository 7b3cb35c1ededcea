/* include/lineup/clock.h — the one clock of the cli and the checker: monotonic seconds, for
 * phase times, progress rates, budgets and deadlines (never the wall clock, which jumps). */
#ifndef LINEUP_CLOCK_H
#define LINEUP_CLOCK_H

/* Seconds since an arbitrary fixed point (CLOCK_MONOTONIC). */
double lp_clock_now(void);

#endif
