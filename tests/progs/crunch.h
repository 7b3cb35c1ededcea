/* crunch.h — see crunch.c. */
#ifndef TESTS_PROGS_CRUNCH_H
#define TESTS_PROGS_CRUNCH_H

/* Computes rounds x 10^8 steps (a second or so per 10 rounds), with no system call and no
 * scheduling point, and returns a number that depends only on seed and rounds. A call that
 * starts while another is inside (only ever in a concurrent execution) computes 300 rounds
 * more, whose result it drops. */
unsigned long crunch(unsigned long seed, unsigned long rounds);

#endif
