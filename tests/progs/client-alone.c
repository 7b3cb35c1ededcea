/* client-alone.c DIR — two threads add to a locked queue; each execution holds the file
 * DIR/alone.<parent pid> (O_EXCL) from its first pthread_create to its end. Executions forked
 * by one fork server share the parent: if two of them overlap, the second cannot create
 * the file and exits 3. A worker runs its executions one at a time (cli/run/run-server.h). */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
#include "queue.h"

static struct queue *q;

static void *adder(void *arg)
{
	queue_add(q, (int)(long)arg);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t a, b;
	char path[4096];

	if (argc != 2)
		return 2;
	q = queue_new();
	pthread_create(&a, NULL, adder, (void *)1L); /* the fork point: one execution from here */
	snprintf(path, sizeof path, "%s/alone.%ld", argv[1], (long)getppid());
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		return 3;
	pthread_create(&b, NULL, adder, (void *)2L);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	queue_trytake(q);
	close(fd);
	unlink(path);
	return 0;
}
