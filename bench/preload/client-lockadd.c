/* client-lockadd.c — drives lockadd_run for bench/atomics.sh.
 *   client-lockadd N            thread 0.1 calls lockadd_run(p, N) once (under the tool)
 *   client-lockadd N native R   times R calls natively and prints "native-ns-per-instr X" */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lockadd.h"

static long *p;
static long n;

static void *run(void *arg)
{
	lockadd_run(p, n);
	return arg;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	pthread_t t;

	if (argc < 2) {
		fprintf(stderr, "usage: client-lockadd N [native REPEAT]\n");
		return 2;
	}
	n = atol(argv[1]);
	p = lockadd_new();
	if (argc >= 4 && strcmp(argv[2], "native") == 0) {
		long r = atol(argv[3]);
		double t0 = now();

		for (long i = 0; i < r; i++)
			lockadd_run(p, n);
		printf("native-ns-per-instr %.3f\n", (now() - t0) * 1e9 / ((double)r * (double)n));
		return 0;
	}
	pthread_create(&t, NULL, run, NULL);
	pthread_join(t, NULL);
	return 0;
}
