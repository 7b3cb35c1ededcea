/* scheduler/history-orders.h — the histories one trace can show, for a search in which calls
 * and returns commute with every step (LP_REDUCE_CALLS_COMMUTE, explore.h). Pure: no I/O.
 *
 * Why. A history's real-time order says which operations returned before which others were
 * called. Moving a call or a return past another thread's step changes nothing else: the
 * same state, the same results. So when calls and returns count as independent of every
 * step, one execution stands for every schedule of its trace (its steps in any order that
 * keeps each thread's order and the order of dependent steps), and those schedules show
 * different real-time orders. A history with more real-time order is the harder one to
 * linearize: a witness that keeps every pair of it keeps every pair of a history with fewer
 * pairs and the same operations and results. Checking the histories of the trace with the
 * most real-time order (the *maximal* ones) therefore checks every history of the trace:
 * the verdict is the one the search would reach running each schedule of the trace.
 *
 * How. Steps are grouped into *units*: a step and the steps its thread is then forced to run
 * (sole candidate at a point that is no switch point: nothing else can come between; such a
 * step starts no operation). A unit that records a return is a *skeleton* unit; one that
 * records calls only is placed as late as its successors allow, right before the first
 * skeleton unit it happens before (a call as late as possible has the most returns before
 * it). Every order of the skeleton that keeps happens-before is tried, depth first, except
 * that a unit with returns and no call goes as soon as it can when that brings no call
 * earlier than the units placed so far need (an earlier return then only adds pairs).
 * Orders whose real-time order another one's contains are dropped. Operations that all
 * synchronise on one lock leave one order; independent ones leave one per order of them.
 *
 * Every order given is a linearization of the trace, hence a history the program shows
 * under some schedule (possibly with more preemptions than the bound); the cli runs that
 * schedule (lp_hist_order_schedule) before it reports a violation found in it. The
 * schedule keeps what the trace's dependences do not say but the scheduler does: forced
 * steps run as units, and a log whose first point leaves one candidate at no switch point
 * (a harness main creating its threads before the log starts them) runs that unit first. */
#ifndef LINEUP_HISTORY_ORDERS_H
#define LINEUP_HISTORY_ORDERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "explore.h"

/* One call or return of an execution's history, in the order the log has them. */
#define LP_HIST_BEFORE SIZE_MAX /* recorded before the first decision (before the fork) */
struct lp_trace_event {
	size_t step; /* decision index of the step that recorded it, or LP_HIST_BEFORE */
	lp_tid_t tid;
	bool call; /* a call; else the return of the tid's pending call */
};

struct lp_hist_orders {
	size_t n;	 /* orders */
	size_t n_events; /* events per order */
	uint32_t *perm;	 /* n rows of n_events event indexes, each a permutation */
};

/* The maximal orders of the events of the trace of d[0..n) (dependence as mode's, which
 * should include LP_REDUCE_CALLS_COMMUTE). Returns 0, or -1 (out cleared) when they are
 * more than max or the log cannot be read that way (an event's step out of range). */
int lp_hist_orders(const struct lp_explore_decision *d, size_t n, enum lp_reduction mode,
		   const struct lp_trace_event *ev, size_t nev, size_t max,
		   struct lp_hist_orders *out);
void lp_hist_orders_clear(struct lp_hist_orders *o);

/* An override list under which the program runs the steps of d's trace so that its events
 * come in the order perm (one of lp_hist_orders'): every switch of thread is an override.
 * Returns 0 and fills *out (ov malloc'ed; cost left 0: the run's own log tells it), or -1
 * when the steps are not numbered one by one or more than LP_MAX_OVERRIDES are needed. */
int lp_hist_order_schedule(const struct lp_explore_decision *d, size_t n, enum lp_reduction mode,
			   const struct lp_trace_event *ev, size_t nev, const uint32_t *perm,
			   struct lp_schedule *out);

#endif
