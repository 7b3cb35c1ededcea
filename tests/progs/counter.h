/* counter.h — a shared counter whose increment returns the value it replaced; three test
 * libraries implement it with different synchronisation (atomic RMW, load+store, plain). */
#ifndef TESTS_PROGS_COUNTER_H
#define TESTS_PROGS_COUNTER_H

struct counter;

struct counter *counter_new(void);
/* Adds one; returns the value before the increment. */
long counter_inc(struct counter *c);

#endif
