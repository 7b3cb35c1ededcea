/* client-spinsem.c — N threads (argument, default 3) each take the semaphore and give it
 * back; it starts at one, so the others wait, spinning first (spinsem.c). */
#include <pthread.h>
#include <stdlib.h>
#include "semw.h"

static struct semw *s;

static void *worker(void *arg)
{
	semw_wait(s);
	semw_post(s);
	return arg;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	pthread_t t[8];

	if (n < 1 || n > 8)
		return 2;
	s = semw_new(1);
	for (int i = 0; i < n; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}
