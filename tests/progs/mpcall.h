/* mpcall.h — message passing whose flag store goes through libc (mpcall.c), and Peterson's lock
 * without a fence: the x86-TSO call-out tests' subjects. */
#ifndef TESTS_PROGS_MPCALL_H
#define TESTS_PROGS_MPCALL_H

/* data = 1, then flag = 1 by memcpy. */
void mpc_send(void);
/* 0: flag unset; 1: flag and data set; -1: flag set, data not (never under x86-TSO). */
int mpc_recv(void);
/* Side me (0 or 1) adds one under Peterson's lock (no fence); returns the value before. */
long pl_inc(int me);

#endif
