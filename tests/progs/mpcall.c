/* mpcall.c — message passing where the second store is libc's: the writer stores data in
 * its own code, then the flag with memcpy (a size the compiler cannot see, so a real call
 * out of the library), then counts the message. x86-TSO never reorders two stores, so a reader that
 * sees the flag sees the data. pl_inc is Peterson's lock without a fence, after a call out of the
 * library (memcpy): each side's flag store may still be buffered when it loads the other's flag (no
 * call between), so both enter and return the same value. */
#include <string.h>

#include "mpcall.h"

static volatile int data, flag, sent, want[2], turn;
static volatile long count;
static volatile size_t count_size = sizeof count;
static const int one = 1;
static volatile size_t one_size = sizeof one;

void mpc_send(void)
{
	data = 1;
	memcpy((void *)&flag, &one, one_size);
	sent = sent + 1; /* a point after the call, before the return drains */
}

int mpc_recv(void)
{
	int f = flag;
	int d = data;
	return f ? (d ? 1 : -1) : 0;
}

long pl_inc(int me)
{
	int other = 1 - me;
	long v;
	memcpy(&v, (const void *)&count, count_size); /* a call out before the lock: drains */
	want[me] = 1;
	turn = other;
	while (want[other] && turn == other)
		;
	v = count;
	count = v + 1;
	want[me] = 0;
	return v;
}
