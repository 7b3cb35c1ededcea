/* client-spsc-ring.c — thread 0.1 produces 1 and 2, thread 0.2 consumes twice; what each
 * call returned goes to $LITMUS_OUT (outcome.h). */
#include <pthread.h>
#include <stdio.h>
#include "outcome.h"
#include "peterson.h"

static struct ring *r;
static long got[4];

static void *produce(void *arg)
{
	got[0] = ring_put(r, 1);
	got[1] = ring_put(r, 2);
	return arg;
}

static void *consume(void *arg)
{
	got[2] = ring_get(r);
	got[3] = ring_get(r);
	return arg;
}

int main(void)
{
	pthread_t a, b;

	r = ring_new();
	pthread_create(&a, NULL, produce, NULL);
	pthread_create(&b, NULL, consume, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	char line[64];
	snprintf(line, sizeof line, "put %ld %ld get %ld %ld\n", got[0], got[1], got[2], got[3]);
	return outcome_write(line);
}
