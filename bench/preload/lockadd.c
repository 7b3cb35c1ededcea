/* lockadd.c — the benchmark target library: one lock add site executed N times per call,
 * so the cost of a trapped atomic instruction is (time(N) - time(0)) / N. */
#include <stdlib.h>
#include "lockadd.h"

long *lockadd_new(void) { return calloc(1, sizeof(long)); }

void lockadd_run(long *p, long n)
{
	for (long i = 0; i < n; i++)
		__atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST); /* result unused: lock addq */
}
