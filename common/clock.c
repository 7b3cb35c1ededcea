/* common/clock.c — monotonic seconds (lineup/clock.h). */
#include "lineup/clock.h"

#include <time.h>

double lp_clock_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
