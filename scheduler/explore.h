/* scheduler/explore.h — the exploration half of the scheduler (linked into the cli): which
 * schedules to run, in which order. Pure: no I/O, no threads.
 *
 * A schedule is an *override list* (protocol.h): sorted (step, tid) pairs; every other
 * scheduling point takes the default choice. Running a schedule yields its decision log
 * (one entry per scheduling point: running thread, chosen thread, candidates, flags).
 *
 * Depth-first search with iterative preemption bounding. The children of an executed
 * schedule S are, for every step i after S's last override and every candidate c of step i
 * other than the thread chosen there, S + (i, c). A child costs S's cost plus one when
 * (i, c) is a preemption (the running thread was a candidate, the point was not a yield,
 * c is another thread); default choices never preempt, so the cost of a schedule is the
 * number of preemptions it forces. Every schedule has exactly one parent (drop its last
 * override), so the search tree visits each schedule once.
 *
 * Iteration b runs every schedule of cost b: children of cost b go on the DFS stack,
 * children of cost b+1 are kept as seeds of iteration b+1 (when b+1 <= bound; bound -1
 * means unbounded). Hence schedules come out in nondecreasing cost order and the first
 * violation found has the fewest preemptions. The serial phase uses the same explorer
 * unbounded: it enumerates every serial interleaving.
 *
 * Reduction (phase 2; lp_explore_set_reduction). Sleep sets (Godefroid), restricted so
 * that they never lose what the bounded search reaches; plain sleep sets do (Coons,
 * Musuvathi, McKinley, OOPSLA 2013: equivalent schedules can differ in preemptions).
 *   Steps. The step chosen at decision k is the code its thread runs from that point to
 *   its next one; decision k+1 is reached by that thread and records the step's footprint
 *   (protocol.h): the objects it acted on (named by their 64-byte line: a trapped
 *   instruction's memory, pthread objects, futex words; a thread's start, which its
 *   creation and its first step act on, and its end, which its last step, joins and
 *   detaches act on; the thread table, LP_FP_THREAD_TABLE, which joins, detaches and
 *   cancels act on; a step that reaches a join of a thread reads that thread's end, since
 *   whether it is held back there, a free point or not, depends on it), LP_FP_CALL / LP_FP_RET
 *   when it appended a call / return record, LP_FP_TARGET when it ran code of a target
 *   (whose plain memory accesses nobody tracks) other than a pure region
 *   (cli/analyze/pure-regions.h), LP_FP_UNKNOWN when anything else happened (a yield, a
 *   time-out). Two steps are independent when
 *   neither is unknown, they share no object that one of them writes (two steps that only
 *   read a line, LP_FP_OBJ_READ, commute), one does not record a call while the other
 *   records a return, and (except in the race-free mode) not both ran target code.
 *   Independent steps of two threads commute: same state after both, neither enables or
 *   disables the other (a thread only blocks itself; wake-ups act on an object both
 *   touch), and histories that differ at most in the order of two calls or of two
 *   returns: the same operations, results and real-time order (which returns precede
 *   which calls), all that linearizability and sequential consistency look at; the
 *   checker's verdict is the same. With LP_REDUCE_CALLS_COMMUTE a call or a return also
 *   commutes with the other threads' steps: the histories then differ in real-time order,
 *   and the cli checks, for each execution, every history its trace can show
 *   (history-orders.h), so the argument below holds for traces and their histories.
 *   Assumed, as by the candidate rules (sched-pick.h): the client's own code outside
 *   operations, and code outside the targets run by a thread the library created (whose
 *   steps carry LP_FP_TARGET only when they run target code: preload/exec-guard.c),
 *   touch nothing another thread uses except through calls the runtime models or
 *   instructions it traps. The race-free mode also assumes it of target code (every
 *   conflicting pair of plain accesses is ordered by a tracked object): faster, not
 *   complete for lock-free targets, whose acquire loads and release stores are plain
 *   moves.
 *   Sleep sets. Every pending schedule carries the sleepers at its last override; after
 *   it ran, its decision log is walked from there: at each decision k the sleepers whose
 *   step depends on the step chosen at k (or that ran it) wake up. An alternative c at
 *   k that sleeps is not explored (counted in lp_explore_pruned); when the thread chosen
 *   at k sleeps, no alternative after k is generated. A child S + (k, c) inherits the
 *   sleepers at k, plus each earlier sibling t at k (the chosen thread first, then the
 *   others by tid) whose step is known: the chosen one's from decision k+1, another's
 *   from its next run in this log when no step chosen in between depends on it (it then
 *   behaves the same at k); t joins when
 *       cost_k(t) + switch(t) <= cost_k(c)                                   (*)
 *   where cost_k(x) is 1 when choosing x at k is a preemption and switch(t) is what
 *   leaving t's thread after its step costs (0 when it blocked, finished or yields,
 *   else 1). Where t's thread is then the sole candidate by the rules of sched-pick.h
 *   (which depend on that thread alone: it cannot be otherwise in any schedule, since a
 *   step never disables another thread but by holding it back, below), the steps it is
 *   forced to run join t: the sleeper's footprint is their union and switch(t) is taken
 *   after the last of them.
 *   Nothing is pruned at a yield point (sleeping threads may run there; they then
 *   leave the set).
 *   Held-back ends. A thread at a blocking mutex lock, at a --lock word's swap or at a
 *   spin that waits for news is no candidate while another thread holds what it waits
 *   on (sched-pick.h). The step that brought it there need name none of that (a mutex is
 *   named by the steps that take and free it; only a join's step reads the end), so two
 *   independent steps can leave it held back in one order and free in the other, where
 *   leaving it costs a preemption: the switch after it is free only in the first. So
 *   when a step of the walk ends with its thread held back (lp_log_ends_held), every
 *   sleeper whose step may free it wakes: one that writes an object of the step the
 *   thread runs from there when chosen at last (lp_log_held_on: the mutex, the joined
 *   thread's end) or, at a lock word or a spin, or when the log does not tell, one that
 *   writes any object or runs untracked code, unless (*) held for it with room to spare:
 *   its slack, cost_k(c) - cost_k(t) - switch(t), lets that many such ends by, one each,
 *   before it wakes. In the proof below a step of u·w that ends held back in σ and free in
 *   σ' adds at most one preemption to σ' (the seam after it, free in σ: no thread goes on
 *   from a held-back end), at most slack steps do, and every other step ends held back or
 *   not as in σ (a sleeper that cannot free a thread can only hold it back, which makes a
 *   seam of σ' cheaper). Likewise a sibling's switch read from its later run in the log
 *   (lp_log_lookahead) counts only when, if that run ended held back, no step chosen in
 *   between wrote what it waits on (else it is unknown), and the point a child's
 *   override reaches counts with those sleepers woken wherever it may
 *   hold. Found by the abstract model with locks held back as the runtime holds them
 *   (the unit test below): before, the bounded search could lose a state reached only
 *   through a held-back end's free switch.
 *   Explored points (state-cache.h). A point whose state (the trace of the steps before
 *   it) and running thread an earlier execution reached at no higher cost and with no
 *   more sleepers also ends the walk: its subtree there covers every continuation (a
 *   yield point prunes none of its sleepers, so it counts as having none). So
 *   does a free point of that state (its thread blocked, finished or waits for a lock),
 *   and a non-yield point of that state reached by any thread at one preemption less. A
 *   child whose override's step is known (the candidate's next step in the log, as for
 *   sleepers) is not run at all when the point that step reaches is covered, when it is
 *   generated or by the time it would run.
 *   Invisible steps. A step that acts on no object, runs no untracked target code and
 *   records no call or return (or only those, when they commute) commutes with every
 *   step. When the thread chosen at k runs such a step r and reaches decision k+1 neither
 *   finished nor blocked, an alternative c at k is left out if c is a candidate at k+1 at
 *   no higher cost: σ = α·c·w·r·β has the equivalent σ' = α·r·c·w·β, a child of this
 *   execution; its seams cost no more (the switch at w's end goes straight to β's first
 *   thread, which was a candidate there unless it is w's last thread at a yield point:
 *   that thread cannot be chosen at its own yield, and in σ the free switch of r's later
 *   step hands it back). The argument also needs r to run again in σ: a run that ends
 *   while r could still run (the process exits, the run is cut, a crash) leaves r before
 *   its step in σ and after it in σ', with a call or return recorded or not. So the rule
 *   holds only while no execution runs a yield point or ends early (with a candidate
 *   other than the thread chosen last, or with a thread whose last point is neither its
 *   end nor a block): the alternatives it left out are kept, and the first execution that
 *   shows either runs them all and ends the rule for the search. What such a σ shows, σ'
 *   shows too: both run the same steps of w, and r, left in σ' at a point that is no end
 *   and no block, never runs again there either; so some execution shows it. σ' is
 *   smaller in the order "earlier sibling first" below (r was chosen at k), so the
 *   argument composes with the sleep sets.
 *   Private runs. A step is private to its thread h when it is invisible but for h's
 *   start, which only h's creation (already run) names too. When the threads chosen at
 *   k..j-1 are all h, running private steps (read from the log), h runs at j, and a
 *   candidate c whose choice at j is a preemption was a candidate at each of k..j with
 *   its choice at k free, c is left out at j (lp_log_free_before; deferred under the
 *   invisible-step rule's premise, which it needs for the same reason): σ = α·r·c·β
 *   (r h's private run) has σ' = α·c·β', β' being β with r run just before h's next
 *   step in it, at one preemption less: the choice of c costs 0 at k, and h then goes on
 *   through r at no cost where σ chose it (r changes no other thread's candidacy, nor
 *   whether h can take its next step). If h never runs again in σ, σ ended with h held
 *   back (σ' then runs r last, a free choice: the same stuck end) or ended early. Since
 *   σ' costs strictly less, the argument composes with those of the other rules, which
 *   never cost more.
 *   Held-back runs. A candidate c at k, not chosen there, is left out when its next steps
 *   in the log, each private to it (no target code either), bring it to a blocking lock
 *   (LP_DEC_LOCK_WAIT) of a mutex or a --lock word another thread holds at k (struct
 *   lp_held: the runtime lists the locks held at each decision), where it would stand
 *   held back, k is no yield point and no candidate costs more there than c
 *   (lp_log_held_run; deferred under the invisible-step rule's premise). σ = α·r·γ (r c's
 *   private run; the switch after it is free) has σ' = α·γ', γ' being γ with r run just
 *   before c's next step in it: γ's first choice is a candidate at k (r changes no other
 *   thread's candidacy) and costs no more there than c; c goes on through r at no cost
 *   where σ chose it (the lock free then, as in σ); if
 *   c never runs again, σ ended stuck with c held back (σ' runs r last, a free choice:
 *   the same end) or early. As for join returns, the candidates left out at a node come
 *   after the others and sleep in none of their subtrees, so σ' is smaller (when γ's
 *   first choice is left out too, the same move applies to it; each removes one such run
 *   from the front).
 *   Join returns. A candidate c at k is left out when its steps from there, J1..Jm (read
 *   from c's next steps in this log, each valid when no step of another thread in between
 *   depends on it but for writes of ends it only reads), act on the thread table and
 *   otherwise only on the ends of threads that reached their exit point by k (they never
 *   run again): each but the last reaches a join of such a thread, which returns (c goes
 *   on), and the last reads the end of one that did not (c is then held back after it, at
 *   its join of that thread: no candidate), with nothing else known of them; k is no yield
 *   point, no candidate costs more there than c, and c is the one thread whose steps act on
 *   the table. That is the return of a join whose thread has ended, client code, joins of
 *   threads that have ended, and the next join, of a thread still running. An alternative
 *   so left out is deferred; when the thread chosen at k is one, so is its subtree there:
 *   the children of the nodes after k are kept back (the walk goes on, for its sleepers
 *   and explored points), and c sleeps in none of its siblings' subtrees at k.
 *   Premise, for the whole search: every step on the table is run by one thread (the
 *   first seen; the step chosen last, in no log, counts as one), and no execution runs a
 *   yield point or ends early (as for invisible steps). Then each Ji commutes with every
 *   step of another thread: only table steps act on the table or on an ended thread's end
 *   (joins, detaches and cancels name the table at their start, whatever the state), and
 *   what Jm reads decides only whether c is held back after it. Let σ = α·J1·γ1·…·Jm·γm·M·δ
 *   (γi maybe empty), M c's next step. σ' = α·γ1·…·γm·J1·…·Jm·M·δ runs the same steps to the
 *   same state and history. Its choices are candidates: c, able to run before J1, only adds
 *   a candidate to γ's points (the concurrent rules of sched-pick.h depend on the running
 *   thread alone), except where σ chose a spinner waiting for a change (runtime-spin.h), a
 *   candidate only because nothing else could run (so c was held back after Jm): σ' then
 *   runs J1..Jm just before the first such choice (a free point, as in σ; after Jm c is
 *   held back, as in σ there); c is a candidate where σ chose M, and after Jm it runs M as
 *   the running thread at no yield. Costs: σ pays cost_k(c) + [γm→M], [Jm→γm] = 0 (c held
 *   back), and at each nonempty γi with i < m, [Ji→γi] = 1 (c could go on) + [γi→c];
 *   σ' pays cost_k(γ1's first) <= cost_k(c), at most 1 at each seam γi→γi+1 (at most
 *   [γi→c] before γm: both are 1 only where γi's last thread could go on), [γm→J1] =
 *   [γm→M] (the same running thread and candidates at γm's end), and nothing after. When c
 *   never runs again in σ after some Ji: if σ ends with no candidate (i = m),
 *   σ' = α·γ·J1..Jm, J1 chosen where c is the sole candidate (free), then as σ; else σ
 *   ended early, and so does σ' = α·γ (c left at its join point, no end and no block). A σ
 *   that breaks the premise has a σ' that shows
 *   it: its first step g of another thread on the table still is one in α·γ'·g (γ' the
 *   steps before g), at no higher cost, and the execution's log shows it (or g is the step
 *   chosen last). So the first execution that shows a breach runs every schedule left
 *   out or kept back and ends the rule; until then σ' is explored or left out in turn. In the order
 *   below, the candidates left out at a node come after the others (by tid among
 *   themselves) and never sleep in their subtrees, so σ' (γ's first thread at k) is
 *   smaller than σ and the argument composes with the sleep sets and invisible steps.
 *   Why nothing reachable is lost. Let σ = α·u·w·t·β be a schedule within the bound
 *   whose t is pruned: t went to sleep at node s = α when u was taken after t had been
 *   explored there, every step of u·w is independent of t's step, and t's thread does
 *   not run in u·w. Then σ' = α·t·u·w·β runs the same steps, every choice in it is a
 *   candidate (t's thread was one at s; the thread of u is enabled after t, which cannot
 *   disable it, and may be chosen there unless switch(t) is "never"; β's first thread
 *   may follow w's last step because that point is no yield) and it reaches the same
 *   final state, history and outcome. Preemptions only change at the three seams that
 *   move: σ pays cost_s(u) + [w→t] + [t→β], σ' pays cost_s(t) + switch(t) + [w→β], and
 *   with [w→t] = [w→β] or [t→β] = 0 in every case (*) gives cost(σ') <= cost(σ) (the
 *   held-back ends the slack let by cost σ' no more than (*)'s room). σ' lies in the
 *   subtree of the earlier sibling t at s; if it is itself pruned the same
 *   argument applies there. Each such move goes to a schedule that is smaller in the
 *   order "earlier sibling first" at the first difference, and schedules of one
 *   program form a finite tree, so the chain ends at an explored schedule with cost no
 *   higher than σ's: every final state, history, stuck or crash outcome of the bounded
 *   search is still reached, and with fewest preemptions no worse. The unit test
 *   tests/unit/test-scheduler-explore-por.c checks it on abstract programs for bounds 0..3 (and
 *   fails when (*), the yield rule or the invisible-step rule's conditions are left
 *   out, or the join-return rule's premise: a table step of another thread, the step
 *   chosen last, or the wake-ups at held-back ends and the look-ahead's check of them; or
 *   the private-run and held-back-run rules' conditions: a step that is not private, a
 *   mutex that is not the one held, their premise).
 *   Store buffers (--memory-model tso, preload/runtime-tso.h). Thread T's non-empty buffer
 *   is a candidate pseudo-thread bT whose step, a flush, commits its oldest store; the
 *   same point is then asked again (LP_DEC_FLUSHED: its done is the flush's footprint,
 *   lp_log_step). Footprints stay exact with T's buffer an object of its own
 *   (LP_FP_OBJ_BUFFER) that only T's steps and bT's flushes name: a buffered store acts
 *   on T's buffer and on no line (no memory changes); a load reads its line, and T's
 *   buffer when that is not empty (it may forward: a flush changes where its bytes come
 *   from); a drain (fence, locked instruction, return, pthread or futex call, thread end,
 *   a store run unbuffered, the oldest store of a full buffer) writes T's buffer and every
 *   line it commits; a flush writes its line(s) and T's buffer. Drains and flushes carry
 *   LP_FP_MEMORY (memory written, maybe by no target code), dependent on every
 *   LP_FP_TARGET step unless race-free (untracked code may read it). So T's steps that act
 *   on its buffer and bT's flushes are dependent, which covers enabling and disabling bT
 *   (only T's store enables it, only T's drain or bT's last flush disables it); a flush
 *   disables no thread, and spinners waiting for its line hear of it as of a write
 *   (runtime-spin.h). Independent steps still commute: a flush with T's steps that leave
 *   its buffer alone (bT then flushes the same store before or after them), with other
 *   threads' steps on other lines, and with flushes of other buffers to other lines.
 *   Costs: a flush where the running thread could go on costs 1 and every choice at the
 *   point asked again is free (LP_DEC_YIELD), so the seam after a flush costs 0
 *   (switch(bT) = 0) and the seam before it what a switch there costs. The proof above
 *   holds with t, u or steps of w and β flushes: [t→β] = 0 when t is one and [w→β] <=
 *   [w→t] still; the choices of σ' are candidates, since a flush disables no thread, bT with
 *   no step of T on its buffer in u·w still holds the same oldest store, and a point asked
 *   again has its point's candidates (lp_log_is_yield_point: a yield point, pruning
 *   nothing, only when its point is one). Where the running thread is the sole thread
 *   candidate beside buffers, no other thread may follow its step and flushes may come
 *   between its forced steps: such a step never sleeps (switch unknown) and joins no next
 *   step. The state cache keys a point asked again apart from the same point reached by
 *   a step (its choices are free), records a point for any thread only where more than
 *   one thread is a candidate, and names no point a child's flush reaches. The
 *   invisible-step rule ends at the first execution with a flush (its point asked again
 *   counts as a yield there); before, a flush it leaves out commutes with the invisible
 *   step (which acts on no buffer) as any step does. The unit test
 *   tests/unit/test-scheduler-explore-por-tso.c checks it on abstract programs with store
 *   buffers (bounds 0..3, sleep and race-free).
 *
 * Use:
 *   ex = lp_explore_new(LP_PHASE_CONCURRENT, 2);
 *   while ((s = lp_explore_next(ex))) { run s; lp_explore_done(ex, decisions, n); }
 *   lp_explore_free(ex);
 * lp_explore_next returns the root schedule (no overrides) first; after each call the
 * caller must call lp_explore_done (or lp_explore_skip for an execution that yielded no
 * usable decision log) before asking for the next one.
 */
#ifndef LINEUP_EXPLORE_H
#define LINEUP_EXPLORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lineup/protocol.h"

struct lp_schedule {
	uint32_t phase; /* enum lp_phase */
	unsigned cost;	/* preemptions forced by the overrides */
	size_t n;	/* overrides, steps strictly increasing */
	struct lp_override *ov;
};

/* One scheduling point of an execution, as read from LP_REC_DECISION. */
struct lp_explore_decision {
	uint64_t step;
	lp_tid_t running;
	lp_tid_t chosen;
	uint32_t point;		  /* enum lp_point */
	uint32_t flags;		  /* LP_DEC_* */
	struct lp_footprint done; /* the step the running thread ends here (protocol.h) */
	uint32_t n_candidates;
	const lp_tid_t *candidates; /* sorted */
	uint64_t addr;		    /* with LP_DEC_LOCK_WAIT: the mutex it is about to lock */
	uint32_t n_held;	    /* the mutexes held here (struct lp_held) */
	const struct lp_held *held;
};

struct lp_explore;

enum lp_reduction {
	LP_REDUCE_OFF = 0,	    /* every schedule within the bound */
	LP_REDUCE_SLEEP,	    /* sleep sets; steps running target code all conflict */
	LP_REDUCE_ASSUME_RACE_FREE, /* sleep sets; target code conflicts only through the
				       objects it synchronises on (see "Reduction") */
};
/* Or-ed into a mode (phase 2's main search): calls and returns commute with every step, so
 * schedules that differ only in where a call or a return falls between other threads' steps
 * are one trace. The cli then checks, for each trace it runs, every history with the most
 * real-time order any of its schedules shows (scheduler/history-orders.h): those imply the
 * others (a witness of more order is a witness of less). LP_REDUCE_BASE masks it out. */
#define LP_REDUCE_CALLS_COMMUTE 0x10
#define LP_REDUCE_BASE 0x0f

/* Symmetry (serial phase). The threads of one group run the same calls with the same
 * arguments, so two serial orders that differ only by swapping members of a group give the
 * same histories up to the swap (the cli derives those by relabelling, and checks that the
 * threads behave alike). Only orders in which the members of each group start their first
 * operations in tid order are explored: each order is such an order up to a swap (rename
 * the members by first start), so every one is still reached, once. An alternative whose
 * thread would start before a lower member of its group is left out and counted. */
struct lp_symmetry_member {
	lp_tid_t tid;
	int group;
};
void lp_explore_set_symmetry(struct lp_explore *ex, const struct lp_symmetry_member *m, size_t n);
uint64_t lp_explore_symmetric(const struct lp_explore *ex); /* alternatives left out */

/* Whether the reduction may still leave out held-back runs (explore.h): the executions should
 * list the locks held at their decisions (LP_RUN_HELD). */
bool lp_explore_lists_held(const struct lp_explore *ex);
/* bound: the highest cost explored; -1 for no bound. No reduction until asked. */
struct lp_explore *lp_explore_new(uint32_t phase, int bound);
void lp_explore_set_reduction(struct lp_explore *ex, enum lp_reduction mode);
/* Alternatives (each a whole subtree) the reduction left out, by their cost: asleep, or
 * at a point explored before (state-cache.h). */
uint64_t lp_explore_pruned(const struct lp_explore *ex, unsigned cost);
/* What the executions amounted to (explore-stats.h); NULL without a reduction. */
struct lp_explore_stats;
const struct lp_explore_stats *lp_explore_stats(const struct lp_explore *ex);
/* Whether two steps commute (protocol.h, struct lp_footprint); NULL is unknown. */
bool lp_footprint_independent(const struct lp_footprint *a, const struct lp_footprint *b,
			      enum lp_reduction mode);
void lp_explore_free(struct lp_explore *ex);

/* The next schedule to run (owned by the explorer, valid until the next call), or NULL
 * when every schedule within the bound has been run. */
const struct lp_schedule *lp_explore_next(struct lp_explore *ex);

/* The decision log of the schedule last returned by lp_explore_next. */
void lp_explore_done(struct lp_explore *ex, const struct lp_explore_decision *d, size_t n);

/* The current iteration (cost of the schedules being run); executions run per cost. */
unsigned lp_explore_iteration(const struct lp_explore *ex);
uint64_t lp_explore_count(const struct lp_explore *ex, unsigned cost);
/* For estimates (--time-budget, progress): the current iteration's seeds (its schedules
 * found by the previous iteration, each the root of a depth-first subtree; 1 for
 * iteration 0), how many of them are not started yet, and the next iteration's seeds
 * found so far (all of them once the current iteration is done). */
void lp_explore_progress(const struct lp_explore *ex, uint64_t *seeds, uint64_t *seeds_left,
			 uint64_t *next_seeds);
/* Alternatives not explored because the override list would exceed LP_MAX_OVERRIDES
 * (the cli must say so: the search was not complete). */
uint64_t lp_explore_dropped(const struct lp_explore *ex);

/* Speculation (--jobs: cli/run/run-ahead.c runs schedules before their turn, and hands each
 * result to lp_explore_done only when lp_explore_next returns its schedule, so the search
 * is the same whatever runs in parallel). The schedules lp_explore_next will return next,
 * in that order, unless the results of those before them add schedules in between or
 * prune them: at most max, each valid until the next lp_explore_next, lp_explore_done or
 * lp_explore_expand.
 * Ids grow from the schedules popped last to those popped first; the schedule last
 * returned by lp_explore_next has lp_explore_current_id, and once it is returned, every
 * schedule seen here with a higher id (in the same iteration) is gone. Schedules marked
 * started (lp_explore_mark_started: a worker runs it) are not listed again, so a list
 * costs what it returns, not the schedules already running ahead; marking changes
 * nothing else. */
struct lp_explore_upcoming {
	const struct lp_schedule *s;
	uint64_t id;
};
size_t lp_explore_upcoming(struct lp_explore *ex, size_t max, struct lp_explore_upcoming *out);
void lp_explore_mark_started(struct lp_explore *ex, uint64_t id);
uint64_t lp_explore_current_id(const struct lp_explore *ex);
/* Without a reduction, the children of a schedule depend on its decision log alone (and the
 * bound and symmetry): given the log of the schedule with this id, listed in this
 * iteration and not yet returned by lp_explore_next, its children of this iteration go on
 * the stack right below it now (listed by lp_explore_upcoming, so that a worker can run
 * them too), the rest wait for its turn. lp_explore_done must then get the same log; what
 * the search runs and counts is unchanged. The id of a schedule already returned must not
 * be given: the ids the children take, between those of the schedules around them, may
 * be ids of schedules returned before. False (nothing done) with a reduction (the
 * children depend on what ran before), for an id not on the stack or a schedule expanded
 * already, or when no ids are left between it and the schedule below. */
bool lp_explore_expand(struct lp_explore *ex, uint64_t id, unsigned iteration,
		       const struct lp_explore_decision *d, size_t n);

/* True when (running, chosen) at a point with these candidates is a preemption. */
bool lp_explore_is_preemption(const struct lp_explore_decision *d, lp_tid_t chosen);

/* Schedule strings: "c:4@0.2,9@0.1", "s:" (phase s = serial, c = concurrent).
 * lp_schedule_format returns a malloc'ed string (NULL only when out of memory).
 * lp_schedule_parse fills *out (ov malloc'ed; free with lp_schedule_clear) and returns 0,
 * or returns -1 and writes a one-line reason into err. */
char *lp_schedule_format(const struct lp_schedule *s);
int lp_schedule_parse(const char *text, struct lp_schedule *out, char *err, size_t errsize);
void lp_schedule_clear(struct lp_schedule *s);

#endif
