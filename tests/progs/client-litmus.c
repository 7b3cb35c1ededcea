/* client-litmus.c — thread 0.1 runs sb_left then mp_send, 0.2 sb_right then mp_recv; once
 * both are joined, the loads' values are appended as one line "SB a b MP f d" to
 * $LITMUS_OUT (outcome.h). */
#include <pthread.h>
#include <stdio.h>
#include "litmus.h"
#include "outcome.h"

static void *left(void *arg)
{
	(void)arg;
	sb_left();
	mp_send();
	return NULL;
}

static void *right(void *arg)
{
	(void)arg;
	sb_right();
	mp_recv();
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, left, NULL);
	pthread_create(&b, NULL, right, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	int v = litmus_outcome();
	char line[64];
	snprintf(line, sizeof line, "SB %d %d MP %d %d\n", v & 1, v >> 1 & 1, v >> 2 & 1,
		 v >> 3 & 1);
	return outcome_write(line);
}
