/* tally-tsd.c — see tally.h. The key's destructor runs when a calling thread exits and
 * locks the same mutex as tally_add: it must be scheduled like any library code (a real
 * lock there would wait for a thread the scheduler has paused), and before the thread
 * counts as finished, so that tally_exited after the joins is deterministic. */
#include <pthread.h>
#include <stdlib.h>
#include "tally.h"

struct tally {
	pthread_mutex_t lock;
	long total, exited;
};

static pthread_key_t key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void thread_gone(void *p)
{
	struct tally *t = p;

	pthread_mutex_lock(&t->lock);
	t->exited++;
	pthread_mutex_unlock(&t->lock);
}

static void make_key(void) { pthread_key_create(&key, thread_gone); }

struct tally *tally_new(void)
{
	struct tally *t = calloc(1, sizeof *t);

	pthread_mutex_init(&t->lock, NULL);
	pthread_once(&key_once, make_key);
	return t;
}

long tally_add(struct tally *t, long n)
{
	long v;

	pthread_mutex_lock(&t->lock);
	v = t->total += n;
	pthread_mutex_unlock(&t->lock);
	return v;
}

void tally_register(struct tally *t) { pthread_setspecific(key, t); }

long tally_exited(struct tally *t)
{
	long v;

	pthread_mutex_lock(&t->lock);
	v = t->exited;
	pthread_mutex_unlock(&t->lock);
	return v;
}
