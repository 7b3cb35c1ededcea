/* client-prethreaded.c — the queue test of client-queue.c, but glibc already runs a helper
 * thread (timer_create with SIGEV_THREAD starts one internally, unseen by interposition)
 * when the first pthread_create comes: the fork server cannot fork a multithreaded
 * process, so lineup-preload re-executes the client for every execution instead. */
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include "queue.h"

static struct queue *q;

static void tick(union sigval v) {}

static void *adder(void *arg)
{
	queue_add(q, 200);
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
	struct sigevent ev;
	timer_t timer;

	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_THREAD;
	ev.sigev_notify_function = tick;
	if (timer_create(CLOCK_MONOTONIC, &ev, &timer)) /* never armed: it never fires */
		return 1;
	q = queue_new();
	queue_add(q, 10);
	pthread_create(&a, NULL, adder, NULL);
	pthread_create(&b, NULL, taker, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
