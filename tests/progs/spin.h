/* spin.h — a counter behind a test-and-set spin lock (the spin test libraries). */
#ifndef TESTS_PROGS_SPIN_H
#define TESTS_PROGS_SPIN_H

struct spinctr;

struct spinctr *spinctr_new(void);
/* Adds one under the lock; returns the value before the increment. */
long spinctr_inc(struct spinctr *c);

#endif
