/* tally.h — a shared total with per-thread state kept in a pthread key whose destructor
 * takes the library's lock (as GLib's slice allocator does at thread exit). */
#ifndef TESTS_PROGS_TALLY_H
#define TESTS_PROGS_TALLY_H

struct tally;

struct tally *tally_new(void);
/* Adds n to the total under the lock; returns the new total. */
long tally_add(struct tally *t, long n);
/* Registers the calling thread (no lock): its exit will be counted. */
void tally_register(struct tally *t);
/* The number of registered threads that have exited. */
long tally_exited(struct tally *t);

#endif
