/* chan.h — a one-byte channel over a pipe. */
#ifndef TESTS_PROGS_CHAN_H
#define TESTS_PROGS_CHAN_H

struct chan;

struct chan *chan_new(void);
void chan_send(struct chan *c, int v);
/* Blocks in read(2) until a byte arrives. */
int chan_recv(struct chan *c);

#endif
