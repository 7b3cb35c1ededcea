/* preload/runtime-spin.h — spin loops folded (concurrent phase).
 *
 * A spin-wait (a loop that executes PAUSE or sched_yield until another thread writes what
 * it reads) makes every one of its yields a free choice among the other threads: with a
 * few spinners the schedules multiply without new behaviour. An *iteration* is what a
 * thread runs from one of its yield points to the next; it is a *loop iteration* when it
 * comes back to the same yield and every step of it began at a yield or at a trapped read
 * (no write, no pthread or futex call, no operation start or end, nothing unknown). The
 * spin-loop assumption (CHESS makes it of yields too): a loop iteration writes nothing
 * another thread sees, and one that reads what the last one read does what it did, but for
 * the thread's own loop counter. So its steps are no news to anyone, and a thread whose
 * loop iteration saw no step of another thread dependent on it (lp_footprint_overlap) is
 * *parked* at its yield: running it again changes nothing until another thread writes
 * what it reads.
 * A parked thread stays a candidate, but once chosen it runs its iterations as one step:
 * while they repeat it is the sole candidate, until it does something else (its counter ran
 * out, or it saw a change) or LP_SPIN_FOLD_MAX iterations passed; it then *waits*: no
 * candidate while another thread can run, until a dependent step of another thread. Any
 * schedule that interleaves those iterations with other steps has an equivalent one
 * without (each no-op iteration moved to the block or dropped), at no more preemptions.
 * What this gives up: a bounded spin of more than LP_SPIN_FOLD_MAX iterations that runs out
 * while other threads keep running steps it does not depend on.
 *
 * A thread the library created may spin without a yield the runtime sees: liburcu's grace
 * period unlocks its registry mutex, relaxes in code that is no target's and locks it again,
 * up to 100 times, while a reader stays in its read-side section. There the *anchor* is the
 * blocking lock of one mutex, from the same call site and stack frame, and a loop iteration
 * runs from it back to it with every point a call on that mutex (no other object, nothing
 * unknown; target code as in a yield's iteration). Once one iteration repeats the last with
 * no news, the thread is parked at the lock: switching away there is a choice as at any
 * lock, and if it goes on instead, its repeats run as one step (sole candidate) as above.
 * That folds only what the spin-loop assumption already holds (the same iteration again,
 * with nothing changed, does what it did but for its counter); what it reads between its
 * points is plain memory of code that is no target's, which the reduction already takes as
 * seen only through the objects it touches (lineup-preload(1), --reduction). Unlike a
 * yield spin it never *waits*: after LP_SPIN_FOLD_MAX repeats it is parked again and stays
 * a candidate, and its steps count towards the livelock limit as before. */
#ifndef LINEUP_PRELOAD_RUNTIME_SPIN_H
#define LINEUP_PRELOAD_RUNTIME_SPIN_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup/protocol.h"

#define LP_SPIN_FOLD_MAX 256
#define LP_SPIN_SITES 8 /* scheduling points of one iteration that can be compared */

struct lp_spin {
	uint8_t watched;    /* its last iteration was plain: others' steps are checked against it */
	uint8_t news;	    /* a dependent step of another thread since its last yield */
	uint8_t parked;	    /* at its yield, repeating with nothing changed */
	uint8_t in_block;   /* running its repeats as one step */
	uint8_t waiting;    /* ran LP_SPIN_FOLD_MAX repeats: waits for a change */
	uint8_t cur_bad;    /* this iteration has a step that is not plain, or is too long */
	uint8_t prev_loop;  /* the last iteration went from its yield back to it, plainly */
	uint8_t have_yield; /* yield_site is set */
	uint8_t step_plain; /* the step it runs began at a yield or a trapped read */
	uint8_t step_sync;  /* or at a lock or unlock (a library thread's: sync_loop) */
	uint8_t cur_sync;   /* this iteration has such a step */
	uint8_t sync_loop;  /* the anchor is a mutex lock (yield_site, anchor_obj, anchor_frame) */
	uint8_t n_cur, n_prev;
	uint16_t block_left;
	uintptr_t yield_site; /* of its last yield, or of its last anchoring lock */
	const void *anchor_obj;
	uintptr_t anchor_frame;
	uintptr_t cur[LP_SPIN_SITES], prev[LP_SPIN_SITES];
	const void *cur_obj[LP_SPIN_SITES], *prev_obj[LP_SPIN_SITES]; /* of sync points */
	struct lp_footprint cur_fp, fp; /* this iteration so far; the last whole one */
};

struct lp_thread;

/* At the start of a step of t from a point of this kind. */
void lp_spin_step_start(struct lp_thread *t, uint32_t point, bool reads_only);
/* self reached a point (site) ending a step with footprint fp: others hear of it, self's
 * iteration goes on. Returns true when self continues its block there (sole candidate). */
bool lp_spin_arrive(struct lp_thread *self, uint32_t point, uintptr_t site,
		    const struct lp_footprint *fp);
/* Something other than a thread's step wrote what fp names (a store buffer's flush,
 * runtime-tso.h): news to the spinners that depend on it. */
void lp_spin_news(const struct lp_footprint *fp);
/* t was chosen to run next after another thread. */
void lp_spin_chosen(struct lp_thread *t);

#endif
