/* cli/run/slot-pick.c — where the next execution goes (slot-pick.h).
 * Measured when chosen: a queued execution at -j 1 took the 3x3 mutex-queue test's phase 2
 * from 0.57 s to 0.36 s and its eager phase 1 from ~1,730 to ~1,920 executions/s; at -j 2
 * one queued took GThreadPool from 7.0 s to 7.7 s and left phase 1 unchanged. */
#include "slot-pick.h"

unsigned lp_slot_submitted_max(unsigned workers) { return workers <= 1 ? 2 : workers; }

unsigned lp_slot_pick(const bool *busy, unsigned n, unsigned workers)
{
	if (!workers)
		workers = 1;
	unsigned submitted = 0;
	for (unsigned k = 1; k <= n; k++)
		submitted += busy[k];
	if (submitted >= lp_slot_submitted_max(workers))
		return 0;
	unsigned best = 0, best_load = 0;
	for (unsigned k = 1; k <= n; k++) {
		if (busy[k])
			continue;
		unsigned load = 0;
		for (unsigned j = 1; j <= n; j++)
			load += busy[j] && lp_slot_worker(j, workers) == lp_slot_worker(k, workers);
		if (!best || load < best_load)
			best = k, best_load = load;
	}
	return best;
}
