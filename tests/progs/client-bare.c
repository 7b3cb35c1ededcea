/* client-bare.c — the queue client's shape with no operation: creates the queue, starts
 * and joins two threads that do nothing. The benchmark's per-execution floor. */
#include <pthread.h>
#include "queue.h"

static void *idle(void *arg) { return arg; }

int main(void)
{
	pthread_t t[2];
	struct queue *q = queue_new();

	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, idle, q);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	return 0;
}
