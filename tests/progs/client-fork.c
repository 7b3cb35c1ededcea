/* client-fork.c — thread 0.1 adds, then forks a child that _exits at once and waits for
 * it; thread 0.2 takes twice. The child must run uncontrolled, the fork must not block. */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>
#include "queue.h"

static struct queue *q;

static void *adder(void *arg)
{
	queue_add(q, 200);
	pid_t pid = fork();
	if (pid == 0) {
		queue_add(q, 300); /* in the child: no operation of the test */
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return NULL;
}

static void *taker(void *arg)
{
	queue_trytake(q);
	queue_trytake(q);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	q = queue_new();
	queue_add(q, 10);
	pthread_create(&a, NULL, adder, NULL);
	pthread_create(&b, NULL, taker, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
