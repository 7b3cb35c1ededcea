/* preload/tso-buffer.h — the pure half of x86-TSO store buffers (--memory-model tso): one
 * thread's FIFO of buffered stores, kept as a *view* over memory. No I/O, no allocation;
 * unit tested on plain arrays.
 *
 * Only one thread runs at a time, so memory can hold exactly what the running thread sees:
 * committed memory (what every other thread sees) overlaid with its own buffered stores,
 * newest last. Then none of its instructions needs emulating: a trapped store runs in
 * place (its bytes become the buffer's newest entry), and every load of the thread, trapped
 * or not, forwards from its own stores, partial overlaps included. Before the baton goes to
 * another thread the view is taken off (lp_tso_leave puts back what each entry covered,
 * newest first) and the next thread puts its own on (lp_tso_enter).
 *
 * Invariant while the owner runs: memory is its view, and for every byte its buffer covers,
 * `under` of the oldest entry covering it holds the committed byte; `under` of a later
 * entry holds the view just before that entry.
 */
#ifndef LP_PRELOAD_TSO_BUFFER_H
#define LP_PRELOAD_TSO_BUFFER_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup/protocol.h"

#define LP_TSO_MAX 32	/* stores buffered per thread; one more flushes the oldest first */
#define LP_TSO_BYTES 16 /* widest store buffered (an SSE move); wider ones run unbuffered */

struct lp_tso_entry {
	uintptr_t addr;
	uintptr_t site; /* the store instruction */
	uint8_t size;
	uint8_t captured; /* val holds the stored bytes (read at the owner's next point) */
	uint8_t val[LP_TSO_BYTES];
	uint8_t under[LP_TSO_BYTES];
};

struct lp_tso_buf {
	unsigned n;
	struct lp_tso_entry e[LP_TSO_MAX];
};

/* The bytes a plain store instruction writes, from its encoding: mov, the ALU and shift
 * forms, inc/dec/not/neg, setcc, and the SSE moves to memory; 0 when not known (the store
 * then runs unbuffered, after the buffer is drained). */
unsigned lp_tso_store_size(const uint8_t *p, unsigned len);

/* The store about to run at site writes size bytes at addr, with memory the owner's view:
 * it becomes the newest entry (its value is captured at the owner's next point). The
 * buffer must not be full. */
void lp_tso_append(struct lp_tso_buf *b, uintptr_t addr, unsigned size, uintptr_t site);
/* At the owner's next point: the newest entry's value is what memory holds now. */
void lp_tso_capture(struct lp_tso_buf *b);
/* Whether memory still holds the view (code the tool does not trap, a callee outside the
 * targets, may have written bytes the buffer covers). */
bool lp_tso_view_intact(const struct lp_tso_buf *b);
/* Commits every entry (a drain, with the owner running: memory already holds the view). */
void lp_tso_commit_all(struct lp_tso_buf *b);
/* Flushes the oldest entry of b to committed memory. running is the buffer of the thread
 * that runs now (memory is its view), possibly b itself. */
void lp_tso_flush_oldest(struct lp_tso_buf *b, struct lp_tso_buf *running);
/* The view on and off: when the owner gets the baton, and before it hands it over. */
void lp_tso_enter(struct lp_tso_buf *b);
void lp_tso_leave(const struct lp_tso_buf *b);
/* The entries of b a load of its owner passed (all of them: x86-TSO lets a load go ahead of
 * its thread's buffered stores), at most max (>= 1) of them into site and addr, oldest
 * first: when there are more, the oldest and the newest max - 1; the slots left are zeroed.
 * Returns how many b holds. */
unsigned lp_tso_passed(const struct lp_tso_buf *b, uint64_t *site, uint64_t *addr, unsigned max);
/* The passing loads of an execution worth a record (protocol.h lp_rec_tso_pass): a loop
 * passing the same stores at the same load site says nothing new on its next rounds. */
struct lp_tso_pass_keys {
	unsigned n;
	struct {
		uint64_t loader;
		uintptr_t load_site, newest; /* newest: the newest store passed */
	} k[LP_TSO_PASS_NOTES];
};
/* Whether a passing load by loader at load_site, its newest passed store at newest, is to
 * be recorded: a key not seen yet with room left (then it is kept), else false. */
bool lp_tso_pass_keep(struct lp_tso_pass_keys *p, uint64_t loader, uintptr_t load_site,
		      uintptr_t newest);
/* The newest entry that overlaps [addr, addr+size), or NULL. */
const struct lp_tso_entry *lp_tso_find(const struct lp_tso_buf *b, uintptr_t addr, unsigned size);

#endif
