/* tests/preload/client-noop.c — three threads doing nothing: the cost of one execution. */
#include <pthread.h>

static void *worker(void *arg) { return arg; }

int main(void)
{
	pthread_t t[3];
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
