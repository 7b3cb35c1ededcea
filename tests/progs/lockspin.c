/* lockspin.c — a request box whose server is a thread the library starts at the first call
 * (inside an operation: a library thread). The server waits for a request the way
 * liburcu's grace period waits for its readers: it locks the box's mutex, looks, unlocks it
 * and relaxes in plain code (no yield the runtime sees), up to LOCKSPIN_ROUNDS times, and
 * only then sleeps on a condition variable. A call waits for the box to be free, posts its
 * value, wakes the server and waits until it has been served.
 * -DLOCKSPIN_ROUNDS=N: N rounds of spinning (default 100).
 * -DLOCKSPIN_LOST: the server looks for a request under the mutex, but goes to sleep after
 * unlocking it, on a second mutex the callers signal under: a request posted in between is
 * a lost wake-up, and its caller waits for ever. */
#include <pthread.h>

#include "lockspin.h"

#ifndef LOCKSPIN_ROUNDS
#define LOCKSPIN_ROUNDS 100
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t posted = PTHREAD_COND_INITIALIZER, answered = PTHREAD_COND_INITIALIZER;
static int request, started;
static unsigned long posted_n, served_n; /* requests posted and served so far */
#ifdef LOCKSPIN_LOST
static pthread_mutex_t sleep_m = PTHREAD_MUTEX_INITIALIZER;
#endif

static void relax(void)
{
	for (volatile int i = 0; i < 8; i++)
		;
}

/* Returns with m held and a request posted. */
static void wait_for_request(void)
{
	pthread_mutex_lock(&m);
	for (int round = 0; !request; round++) {
		if (round < LOCKSPIN_ROUNDS) {
			pthread_mutex_unlock(&m);
			relax();
			pthread_mutex_lock(&m);
			continue;
		}
#ifdef LOCKSPIN_LOST
		pthread_mutex_unlock(&m); /* the bug: the request may come right here */
		pthread_mutex_lock(&sleep_m);
		pthread_cond_wait(&posted, &sleep_m);
		pthread_mutex_unlock(&sleep_m);
		pthread_mutex_lock(&m);
#else
		pthread_cond_wait(&posted, &m);
#endif
	}
}

static void *serve(void *arg)
{
	for (;;) {
		wait_for_request();
		request = 0;
		served_n++;
		pthread_cond_broadcast(&answered);
		pthread_mutex_unlock(&m);
	}
	return arg;
}

int lockspin_call(int v)
{
	pthread_mutex_lock(&m);
	if (!started) {
		pthread_t t;
		started = 1;
		pthread_create(&t, NULL, serve, NULL);
	}
	while (request)
		pthread_cond_wait(&answered, &m);
	request = v;
	unsigned long mine = ++posted_n;
#ifdef LOCKSPIN_LOST
	pthread_mutex_unlock(&m);
	pthread_mutex_lock(&sleep_m);
	pthread_cond_signal(&posted);
	pthread_mutex_unlock(&sleep_m);
	pthread_mutex_lock(&m);
#else
	pthread_cond_signal(&posted);
#endif
	while (served_n < mine)
		pthread_cond_wait(&answered, &m);
	pthread_mutex_unlock(&m);
	return v;
}
