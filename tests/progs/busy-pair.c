/* busy-pair.c — a buggy pair whose wait busy-waits on a plain load while a work is half
 * done: never in a serial run (a work always finishes first), but when a work is preempted
 * at its lock, the waiting thread keeps running with no scheduling point until the
 * watchdog ends the check (an uncontrolled wait found in phase 2). Built with
 * -DBUSY_PAIR_PAUSE as libbusy-pause.so, the wait spins with PAUSE: a correct spin-wait
 * whose releasing thread has scheduling points (its lock) while the waiter spins. */
#include <pthread.h>
#include <stdlib.h>
#include "busy-pair.h"

struct busy_pair {
	volatile int busy;
	pthread_mutex_t m;
	int n;
};

struct busy_pair *busy_pair_new(void)
{
	struct busy_pair *p = calloc(1, sizeof *p);
	pthread_mutex_init(&p->m, NULL);
	return p;
}

void busy_pair_work(struct busy_pair *p)
{
	p->busy = 1;
	for (int i = 0; i < 2; i++) { /* two rounds: scheduling points while busy */
		pthread_mutex_lock(&p->m);
		p->n++;
		pthread_mutex_unlock(&p->m);
	}
	p->busy = 0;
}

int busy_pair_wait(struct busy_pair *p)
{
	while (p->busy) {
#ifdef BUSY_PAIR_PAUSE
		__builtin_ia32_pause(); /* a spin-wait the scheduler sees: a yield */
#endif
	}
	return p->n;
}
