/* peterson.h — a counter guarded by Peterson's two-thread lock (peterson.c), and a Lamport
 * single-producer single-consumer ring (spsc-ring.c): code written for sequential
 * consistency, the x86-TSO tests' subjects. */
#ifndef TESTS_PROGS_PETERSON_H
#define TESTS_PROGS_PETERSON_H

/* -DPETERSON_FLAG_FENCE: an mfence right after the flag store, in an expression on its line
 * (the tests name peterson.c's lines). Not enough under x86-TSO: the turn store can still
 * commit after the other thread's, once both loaded (2 preemptions); enough at bound 1. */
#ifdef PETERSON_FLAG_FENCE
#define PETERSON_AFTER_FLAG() ({ __asm__ volatile("mfence" ::: "memory"); })
#else
#define PETERSON_AFTER_FLAG() ((void)0)
#endif

struct pc;
struct pc *pc_new(void);
/* Thread `me` (0 or 1) adds one under the lock; returns the value before. */
long pc_inc(struct pc *c, int me);

struct ring;
struct ring *ring_new(void);
/* 1 when v was added, 0 when the ring is full (one producer). */
int ring_put(struct ring *r, long v);
/* The oldest value, or -1 when the ring is empty (one consumer). */
long ring_get(struct ring *r);

#endif
