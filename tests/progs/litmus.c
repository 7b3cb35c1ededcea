/* litmus.c — x86-TSO litmus tests as operations without results, so that no violation
 * stops a search: what each load read is kept in `seen`, and the client writes it out once
 * its threads are joined (litmus_outcome, called outside any operation).
 * Store buffering (SB): each side stores its flag, then loads the other's; under TSO both
 * may read 0 (each store still buffered), under SC not. Message passing (MP): data then
 * flag, read flag then data; TSO never reorders two stores nor two loads, so flag set with
 * data unset is never seen. -DLITMUS_FENCE puts an mfence after each store. */
#include "litmus.h"

#ifdef LITMUS_FENCE
#define FENCE() __asm__ volatile("mfence" ::: "memory")
#else
#define FENCE() __asm__ volatile("" ::: "memory")
#endif

static volatile int x, y, data, flag;
static volatile int seen[4];

void sb_left(void)
{
	x = 1;
	FENCE();
	seen[0] = y;
}

void sb_right(void)
{
	y = 1;
	FENCE();
	seen[1] = x;
}

void mp_send(void)
{
	data = 1;
	FENCE();
	flag = 1;
}

void mp_recv(void)
{
	seen[2] = flag;
	seen[3] = data;
}

int litmus_outcome(void) { return seen[0] | seen[1] << 1 | seen[2] << 2 | seen[3] << 3; }
