/* scheduler/explore-log.h — what the explorer reads out of a decision log (explore-log.c):
 * the step each decision's choice runs, the forced runs after it, what a candidate not
 * chosen would run, and the sleep sets built from those steps (explore.h, "Reduction").
 * Internal to the explorer (explore.c). */
#ifndef LINEUP_EXPLORE_LOG_H
#define LINEUP_EXPLORE_LOG_H

#include "explore.h"

/* A sleeping thread: its next step was already explored from an earlier sibling (see
 * explore.h); it stays asleep while the steps run are independent of that step. */
struct lp_sleeper {
	lp_tid_t tid;
	struct lp_footprint fp;
	/* Held-back ends it may still let by (explore.h, "Held-back ends"): what (*) left
	 * over, cost_k(c) - cost_k(t) - switch(t), less one for each such end seen since. */
	unsigned slack;
};

/* Forced runs (explore.h): the step chosen at k, extended by the steps its thread is then
 * forced to run (points where it is the sole candidate: nothing else can come between),
 * their footprints united; and what switching away after them costs: 0 (the thread
 * blocked, finished or yields), 1 (a preemption), or 2 when unknown. run[j] is the run
 * from the step that reaches decision j, made for every j of a log at once, backwards,
 * since a run from j is j's step joined to the run from j+1 (one pass, where asking at
 * each decision walked the same long runs again and again). */
struct lp_forced {
	unsigned sw;
	struct lp_footprint fp;
	size_t end; /* the decision its last step reaches */
};

/* A decision the log marks LP_DEC_YIELD counts as a yield point whatever its point. */
bool lp_log_is_yield(const struct lp_explore_decision *e);
/* Whether the running thread is no candidate there for being at a yield (a point asked
 * again after a flush, LP_DEC_FLUSHED, costs nothing but is a yield point only when its
 * point is): where the reduction prunes nothing (explore.h). */
bool lp_log_is_yield_point(const struct lp_explore_decision *e);
/* The footprint of the step chosen at decision k (NULL when the log does not give it). */
const struct lp_footprint *lp_log_step(const struct lp_explore_decision *d, size_t n, size_t k);
/* run[j] for every j in [from, n): the forced run from the step that reaches decision j. */
void lp_log_forced_runs(const struct lp_explore_decision *d, size_t n, size_t from,
			struct lp_forced *run);
/* The forced run of the step chosen at k into *fp; returns its switch cost (2: unknown). */
unsigned lp_log_forced_run(const struct lp_explore_decision *d, size_t n, size_t k,
			   const struct lp_forced *run, struct lp_footprint *fp);
/* Where c is chosen next after decision k (n: never). */
size_t lp_log_next_choice(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c);
/* The forced run candidate c, not chosen at k, would run there, and its switch cost (2:
 * unknown, or the steps in between may change it). */
unsigned lp_log_lookahead(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
			  const struct lp_forced *run, enum lp_reduction mode,
			  struct lp_footprint *fp);
/* The step candidate c, not chosen at k, would run there (no forced steps joined). */
bool lp_log_next_step(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
		      enum lp_reduction mode, struct lp_footprint *fp);
/* Whether choosing c at k gives nothing choosing it at k+1 does not (explore.h,
 * "Invisible steps"). */
bool lp_log_later_same(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
		       enum lp_reduction mode);
/* Whether no candidate at decision e costs more than choosing c there. */
bool lp_log_costs_most(const struct lp_explore_decision *e, lp_tid_t c);
/* The siblings at decision k, the thread chosen first, then the others by tid (room for
 * n_candidates + 1 in each array): each one's next forced run as a sleeper (z), what
 * choosing it costs and what leaving it after that run costs (sw, as lp_log_lookahead).
 * Returns how many. */
size_t lp_log_siblings(const struct lp_explore_decision *d, size_t n, size_t k,
		       const struct lp_forced *run, enum lp_reduction mode, struct lp_sleeper *z,
		       unsigned *cost, unsigned *sw);
/* Private runs (explore.h): whether choosing c at decision j, a preemption, gives nothing
 * choosing it at no cost at an earlier decision k did not: from k to j only j's running
 * thread ran, each step private to it (invisible but for its own start), and c was a
 * candidate at each. */
bool lp_log_free_before(const struct lp_explore_decision *d, size_t n, size_t j, lp_tid_t c,
			enum lp_reduction mode);
/* Held-back runs (explore.h): whether c, not chosen at decision j, would run there only
 * private steps (its next ones in this log) and then stand at a blocking lock of a mutex
 * another thread holds at j (LP_DEC_LOCK_WAIT, struct lp_held), held back. */
bool lp_log_held_run(const struct lp_explore_decision *d, size_t n, size_t j, lp_tid_t c,
		     enum lp_reduction mode);
/* Join returns (explore.h): whether candidate c, chosen at decision k or not, would run there
 * a run of steps on the thread table that ends with it held back: read from its next
 * steps in this log, each acting on the table and otherwise only on the ends of threads
 * that reached their exit point by k (writing them, or reading them: its join then
 * returns and it goes on), but the last, which reads the end of one that did not (it is
 * then held back at a join of that thread); nothing else known of any. Each is the step c
 * would run after the ones before it when every step of another thread chosen from k until
 * then is independent of it, writes of the ends it only reads aside: those say whether c
 * is held back after it, not what it does. At most LP_TABLE_RUN_MAX steps. */
#define LP_TABLE_RUN_MAX 64
bool lp_log_table_run(const struct lp_explore_decision *d, size_t n, size_t k, lp_tid_t c,
		      enum lp_reduction mode);
/* Whether every step of the log that acts on the thread table is run by *owner (when
 * LP_TID_NONE, it becomes the first such step's thread); the step chosen last, which no
 * decision records, counts as one. */
bool lp_log_table_owner(const struct lp_explore_decision *d, size_t n, lp_tid_t *owner);
bool lp_log_has_yield(const struct lp_explore_decision *d, size_t n);
/* Whether the run ended with a thread left before a step it could still run. */
bool lp_log_ended_early(const struct lp_explore_decision *d, size_t n);

/* Held-back ends (explore.h): whether a thread may stand at point e held back, no
 * candidate for the state of what another thread writes (a mutex held, a thread running,
 * a --lock word, a spin's lines); and whether the step chosen at k ended so. */
bool lp_log_may_hold(const struct lp_explore_decision *e);
bool lp_log_ends_held(const struct lp_explore_decision *d, size_t n, size_t k);
/* What decision j's running thread waits on when held back there: at a pthread call, the
 * objects of the step it runs from there when chosen at last (the mutex it locks, the end
 * of the thread it joins); NULL when not known (another kind of point, never run again). */
const struct lp_footprint *lp_log_held_on(const struct lp_explore_decision *d, size_t n, size_t j);
/* Wakes the sleepers whose step may free a thread held back on `on` (writes one of its
 * objects) or, on NULL, on anything (writes an object or runs untracked code), unless
 * they have slack left, which that end then uses up by one; returns how many stay. */
size_t lp_sleep_wake_releasers(struct lp_sleeper *z, size_t nz, const struct lp_footprint *on);
/* The sleepers that stay after the step chosen at decision k: lp_sleep_filter, then the
 * wake-ups of a held-back end there. */
size_t lp_sleep_after(struct lp_sleeper *z, size_t nz, const struct lp_explore_decision *d,
		      size_t n, size_t k, enum lp_reduction mode);
bool lp_sleep_has(const struct lp_sleeper *z, size_t nz, lp_tid_t t);
/* Keeps the sleepers independent of the step fp that thread t ran; returns how many. */
size_t lp_sleep_filter(struct lp_sleeper *z, size_t nz, lp_tid_t t, const struct lp_footprint *fp,
		       enum lp_reduction mode);

#endif
