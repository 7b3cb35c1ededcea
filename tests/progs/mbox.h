/* mbox.h — a one-slot mailbox: put fills the slot, get blocks until it is full. */
#ifndef TESTS_PROGS_MBOX_H
#define TESTS_PROGS_MBOX_H

struct mbox;

struct mbox *mbox_new(void);
void mbox_put(struct mbox *b, int v);
/* Blocks while the slot is empty, then empties it: a get with no put stays stuck. */
int mbox_get(struct mbox *b);

#endif
