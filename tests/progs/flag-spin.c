/* flag-spin.c — a flag whose wait spins on a plain (volatile) load: no atomic
 * instruction, no pause, no call, so at the default granularity the waiting thread never
 * reaches a scheduling point and only the watchdog can tell. Built with -DFLAG_PAUSE as
 * libflag-pause.so, the loop executes PAUSE: a correct spin-wait. */
#include <stdlib.h>
#include "flag.h"

struct flag {
	volatile int set;
};

struct flag *flag_new(void) { return calloc(1, sizeof(struct flag)); }

void flag_set(struct flag *f) { f->set = 1; }

void flag_wait(struct flag *f)
{
	while (!f->set) {
#ifdef FLAG_PAUSE
		__builtin_ia32_pause(); /* a spin-wait the scheduler sees: a yield */
#endif
	}
}
