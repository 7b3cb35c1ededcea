/* semw.h — a counting semaphore wrapper over POSIX sem_t. */
#ifndef TESTS_PROGS_SEMW_H
#define TESTS_PROGS_SEMW_H

struct semw;

struct semw *semw_new(unsigned initial);
/* Blocks while the count is zero: a legitimate, specified wait. */
void semw_wait(struct semw *s);
void semw_post(struct semw *s);
/* 0 on success, -1 when the count is zero. */
int semw_trywait(struct semw *s);

#endif
