/* pair.h — two counters that a bump raises one after the other, each under the lock; a
 * reader of their difference sees 0 before and after a bump. */
#ifndef TESTS_PROGS_PAIR_H
#define TESTS_PROGS_PAIR_H

struct pair;

struct pair *pair_new(void);
void pair_bump(struct pair *p);
/* a - b: 0 whenever no bump is half done. */
int pair_diff(struct pair *p);

#endif
