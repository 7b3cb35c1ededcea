/* snap.h — two registers, each under its own lock, and a snapshot of both. */
#ifndef TESTS_PROGS_SNAP_H
#define TESTS_PROGS_SNAP_H

struct snap;

struct snap *snap_new(void);
void snap_set_a(struct snap *s, int v);
void snap_set_b(struct snap *s, int v);
/* 10 * a + b, as one instant saw them (the torn twin reads b, then a, at two instants). */
int snap_read(struct snap *s);

#endif
