/* client-closefd.c — a client that closes every descriptor it did not open (closefrom,
 * close_range and a close loop, as daemons and sandboxes do) before its threads start,
 * and checks that the lowest number is then free again, as natively. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "queue.h"

static struct queue *q;

static void *worker(void *arg)
{
	queue_add(q, (int)(long)arg);
	queue_trytake(q);
	return NULL;
}

int main(void)
{
	closefrom(3);
	close_range(3, ~0U, 0);
	for (int fd = 3; fd < 1024; fd++)
		close(fd);
	int fd = open("/dev/null", O_RDONLY);
	if (fd != 3) {
		fprintf(stderr, "client-closefd: open gave %d, not 3\n", fd);
		abort();
	}
	close(fd);
	q = queue_new();
	pthread_t t[2];
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	return 0;
}
