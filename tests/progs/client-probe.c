/* client-probe.c — each thread records, through probe_note, how many CPUs it may run on
 * and the addresses of a heap block and of a stack variable: under lineup-preload the
 * first must be 1 (an execution's threads are pinned to one CPU) and the others the same
 * in every run (address randomisation is off). Before them main notes how many of the
 * variables the tool sets (LINEUP_*, LD_PRELOAD, LD_BIND_NOW) the client's environment
 * still holds: programs it runs must see the user's environment. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "probe.h"

extern char **environ;

static long tool_variables(void)
{
	long n = 0;
	for (char **e = environ; *e; e++)
		n += !strncmp(*e, "LINEUP_", 7) || !strncmp(*e, "LD_PRELOAD=", 11) ||
		     !strncmp(*e, "LD_BIND_NOW=", 12);
	return n;
}

static void *note(void *arg)
{
	cpu_set_t set;
	int local = 0;
	CPU_ZERO(&set);
	sched_getaffinity(0, sizeof set, &set);
	probe_note(CPU_COUNT(&set));
	probe_note((long)malloc(16));
	probe_note((long)&local);
	return arg;
}

int main(void)
{
	pthread_t a, b;
	probe_note(tool_variables());
	pthread_create(&a, NULL, note, NULL);
	pthread_create(&b, NULL, note, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
