/* client-line-lock.c — 3 threads x 2 queue operations whose main thread holds an exclusive,
 * non-blocking flock on $LINE_LOCK_FILE (opened after the fork point, so each execution has
 * its own lock) from its first thread's creation until after the last join: an execution
 * whose run overlapped another's cannot take it and exits with status 3 before its threads
 * finish (reported as a crash). Only one worker's executions must never overlap: without
 * the variable there is no lock. The tail of an execution (exit handlers, process exit)
 * may overlap the next one: the lock is dropped before main returns. */
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/file.h>
#include <unistd.h>
#include "queue.h"

#define THREADS 3
#define OPS 2

static struct queue *q;

static void *worker(void *arg)
{
	int i = (int)(long)arg;
	for (int k = 0; k < OPS; k++) {
		if ((i + k) % 2 == 0)
			queue_add(q, 100 * i + k);
		else
			queue_trytake(q);
	}
	return NULL;
}

int main(void)
{
	const char *path = getenv("LINE_LOCK_FILE");
	pthread_t t[THREADS];
	q = queue_new();
	pthread_create(&t[0], NULL, worker, (void *)0L); /* the fork point */
	int fd = path ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600) : -1;
	if (path && (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) != 0))
		_exit(3);
	for (long i = 1; i < THREADS; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
	return 0;
}
