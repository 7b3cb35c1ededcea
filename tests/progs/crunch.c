/* crunch.c — an operation that only computes (a chain of multiplications), for seconds:
 * the interruption tests (t1135) signal a check while one runs, in phase 1 (rounds > 0) or
 * only in phase 2 (rounds 0: a call overlapping another computes long). Linearizable: the
 * result depends on the arguments alone. */
#include "crunch.h"

static int inside;
static volatile unsigned long sink;

static unsigned long mix(unsigned long x, unsigned long rounds)
{
	for (unsigned long i = 0; i < rounds * 100000000ul; i++)
		x = x * 6364136223846793005ul + 1442695040888963407ul;
	return x;
}

unsigned long crunch(unsigned long seed, unsigned long rounds)
{
	/* atomic: a scheduling point, where phase 2 preempts a call before it leaves */
	if (__atomic_fetch_add(&inside, 1, __ATOMIC_SEQ_CST) > 0)
		sink = mix(seed, 300);
	unsigned long x = mix(seed, rounds);
	__atomic_fetch_sub(&inside, 1, __ATOMIC_SEQ_CST);
	return x;
}
