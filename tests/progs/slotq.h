/* slotq.h — a bounded queue that hands items out through an out-parameter, for threads
 * that attach first (slotq_attach) and detach when done: the header its stripped builds
 * are tested from (types from the header alone, thread-init/thread-fini, out int). */
#ifndef SLOTQ_H
#define SLOTQ_H

typedef struct slotq slotq_t;
typedef int slotq_item;
typedef enum { SLOTQ_OK = 0, SLOTQ_EMPTY = 1, SLOTQ_DETACHED = 2 } slotq_status;

slotq_t *slotq_new(void);
/* The calling thread's slot: it must attach before it pushes or pops. */
void slotq_attach(slotq_t *q, int thread);
void slotq_detach(slotq_t *q);
slotq_status slotq_push(slotq_t *q, slotq_item v);
/* SLOTQ_OK and the oldest item in *out, or SLOTQ_EMPTY. */
slotq_status slotq_pop(slotq_t *q, slotq_item *out);

/* Applies f to every item (a callback: fn NAME in a description); returns how many. */
int slotq_map(slotq_t *q, slotq_item (*f)(slotq_item));
/* How many of the n bytes at buf are zero (a fresh buffer: bytes N). */
int slotq_zeros(const void *buf, int n);
/* In libslotq-helper.so, a helper library: doubles v. */
slotq_item slotq_helper_double(slotq_item v);

#endif
