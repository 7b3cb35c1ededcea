/* chan-pipe.c — blocks in read(2), a call no scheduler can see: while the receiver sleeps
 * in the kernel the sender never gets to run. lineup-preload must notice (watchdog) and
 * say so, not hang or call it a stuck history. */
#include <stdlib.h>
#include <unistd.h>
#include "chan.h"

struct chan {
	int fd[2];
};

struct chan *chan_new(void)
{
	struct chan *c = malloc(sizeof *c);
	if (pipe(c->fd) != 0)
		abort();
	return c;
}

void chan_send(struct chan *c, int v)
{
	unsigned char b = (unsigned char)v;
	if (write(c->fd[1], &b, 1) != 1)
		abort();
}

int chan_recv(struct chan *c)
{
	unsigned char b;
	return read(c->fd[0], &b, 1) == 1 ? b : -1;
}
