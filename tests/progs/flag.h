/* flag.h — a one-shot flag: wait returns once set has been called. */
#ifndef TESTS_PROGS_FLAG_H
#define TESTS_PROGS_FLAG_H

struct flag;

struct flag *flag_new(void);
void flag_set(struct flag *f);
void flag_wait(struct flag *f);

#endif
