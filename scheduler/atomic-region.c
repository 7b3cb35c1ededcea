/* scheduler/atomic-region.c — the region rule of atomic-region.h. */
#include "scheduler/atomic-region.h"

void lp_region_arrive(struct lp_region_state *st, uint32_t point)
{
	if (st->leaving || point == LP_PT_OP_END || point == LP_PT_THREAD_EXIT ||
	    point == LP_PT_EXIT) {
		st->region = 0;
		st->leaving = 0;
	}
}

void lp_region_chosen(struct lp_region_state *st, const struct lp_atomic_region *r, unsigned n,
		      uint64_t site)
{
	if (!st->region) {
		for (unsigned i = 0; i < n; i++) {
			if (r[i].start == site && r[i].start != r[i].end) {
				st->region = i + 1;
				st->leaving = 0;
				return;
			}
		}
		return;
	}
	if (r[st->region - 1].end == site)
		st->leaving = 1;
}
