/* client-peterson.c — threads 0.1 and 0.2 increment the Peterson-locked counter once each,
 * as lock sides 0 and 1; what each increment returned goes to $LITMUS_OUT (outcome.h). */
#include <pthread.h>
#include <stdio.h>
#include "outcome.h"
#include "peterson.h"

static struct pc *c;
static long got[2];

static void *inc(void *arg)
{
	got[(long)arg] = pc_inc(c, (int)(long)arg);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	c = pc_new();
	pthread_create(&a, NULL, inc, (void *)0L);
	pthread_create(&b, NULL, inc, (void *)1L);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	char line[64];
	snprintf(line, sizeof line, "inc %ld %ld\n", got[0], got[1]);
	return outcome_write(line);
}
