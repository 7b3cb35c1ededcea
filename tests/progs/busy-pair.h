/* busy-pair.h — see busy-pair.c. */
#ifndef BUSY_PAIR_H
#define BUSY_PAIR_H

struct busy_pair;
struct busy_pair *busy_pair_new(void);
void busy_pair_work(struct busy_pair *p);
int busy_pair_wait(struct busy_pair *p);

#endif
