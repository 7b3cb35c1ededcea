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
 * a candidate, and its steps count towards the livelock limit as before.
 *
 * A client thread inside an operation may spin on trapped reads alone, without a yield
 * (Peterson's lock, a ticket lock without PAUSE, at -g memory). There the *read chain* is
 * its run of consecutive trapped reads (a load, or an atomic point that writes nothing,
 * each with an address), with no other thread run in between; its *state* at a read is a
 * hash of its general registers and of its stack from 128 bytes below %rsp (the red zone)
 * to LP_SPIN_STACK_WINDOW bytes above. When it reaches a read of its chain at the same
 * instruction in the same state, it has run a *read cycle*: every read since then saw
 * memory that only reads touched, so running on repeats the cycle, exactly, until another
 * thread writes a line the cycle reads. It then *waits* (no candidate while another thread
 * can run) until a step of another thread that may write what the cycle reads
 * (lp_footprint_overlap against the cycle's lines, target code included): a schedule that
 * runs it meanwhile only adds no-op cycles, which can be dropped at no more preemptions.
 * No fold limit is needed: nothing in what the cycle depends on changes. What the state
 * leaves out: a counter kept in thread-local storage, further up the stack or in untrapped
 * memory (a bounded spin counting there runs out only once no other thread can run).
 * Under --memory-model tso (so at -g memory) a trapped PAUSE is a link of the chain that
 * reads no line (it reads and writes nothing): a PAUSE spin that comes back to its PAUSE in
 * the same state closes a read cycle there, where it would otherwise run a block of
 * LP_SPIN_FOLD_MAX rounds (each a scheduling point per load and one at the PAUSE) before
 * waiting; a parked PAUSE spin whose chain could close within one more round runs that
 * round instead of a block. The chain survives other threads' steps that cannot have
 * written what it read (their plain loads, steps on other lines, loop iterations): a step
 * that may have breaks it, and so does a flush of a store buffer to a line it read. A
 * flush, which runs no code, is news to a read cycle only when it writes one of the
 * cycle's lines, and never to the buffer's owner (its loads saw its stores already).
 * A step that began at a trapped plain load writes nothing others see (at -g memory the
 * rest of its code until the next point touches only the stack and thread-local storage),
 * so it is news to no spinner. */
#ifndef LINEUP_PRELOAD_RUNTIME_SPIN_H
#define LINEUP_PRELOAD_RUNTIME_SPIN_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup/protocol.h"

#define LP_SPIN_FOLD_MAX 256
#define LP_SPIN_SITES 8		   /* scheduling points of one iteration that can be compared */
#define LP_SPIN_RING 16		   /* reads of one read chain remembered */
#define LP_SPIN_STACK_WINDOW 256   /* stack bytes above %rsp in a read's state */
#define LP_SPIN_NO_LINE UINT64_MAX /* a PAUSE in the read chain: it reads no line */

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
	uint8_t step_load;  /* the step it runs began at a trapped plain load: news to nobody */
	uint8_t read_wait;  /* waiting after a read cycle (not after a fold of LP_SPIN_FOLD_MAX) */
	uint8_t cycle_now;  /* a read cycle closed at this point: fp is the cycle's (a PAUSE's) */
	uint8_t n_ring;	    /* reads in its read chain */
	uint8_t n_cur, n_prev;
	uint16_t block_left;
	uintptr_t yield_site; /* of its last yield, or of its last anchoring lock */
	const void *anchor_obj;
	uintptr_t anchor_frame;
	uintptr_t cur[LP_SPIN_SITES], prev[LP_SPIN_SITES];
	const void *cur_obj[LP_SPIN_SITES], *prev_obj[LP_SPIN_SITES]; /* of sync points */
	struct lp_footprint cur_fp, fp;	   /* this iteration so far; the last whole one */
	uintptr_t ring_site[LP_SPIN_RING]; /* its read chain: the reads' instructions, */
	uint64_t ring_state[LP_SPIN_RING]; /* the thread's state there, */
	uint64_t ring_line[LP_SPIN_RING];  /* the memory line each reads */
};

struct lp_thread;

/* At the start of a step of t from a point of this kind. */
void lp_spin_step_start(struct lp_thread *t, uint32_t point, bool reads_only);
/* self reached a point (site) ending a step with footprint fp: others hear of it, self's
 * iteration goes on. Returns true when self continues its block there (sole candidate). */
bool lp_spin_arrive(struct lp_thread *self, uint32_t point, uintptr_t site,
		    const struct lp_footprint *fp);
/* Before lp_spin_arrive, at every point of self: addr is the line the trapped instruction
 * at this point reads when it reads without writing (else 0), regs its registers there
 * (x86 numbering; NULL for a point that is no trapped instruction), fp the footprint of the
 * step that ends here. Keeps self's read chain; on a read cycle self waits. */
void lp_spin_read_arrive(struct lp_thread *self, uint32_t point, uintptr_t site, uintptr_t addr,
			 const uint64_t *regs, const struct lp_footprint *fp);
/* The state lp_spin_read_arrive compares: registers and the stack around regs[4] (%rsp). */
uint64_t lp_spin_state(const uint64_t regs[16]);
/* A flush of owner's store buffer made its store visible (fp: the line it wrote): the
 * other spinners whose last iteration or read cycle may read it hear of it, and a read
 * chain that read the line breaks. Not the owner: its own loads saw the store already. */
void lp_spin_heard(const struct lp_thread *owner, const struct lp_footprint *fp);
/* t was chosen to run next after another thread. */
void lp_spin_chosen(struct lp_thread *t);

#endif
