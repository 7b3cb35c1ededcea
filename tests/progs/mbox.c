/* mbox.c — a mutex and condition variable mailbox. Built with -DMBOX_IF_BUG, get waits
 * with `if` instead of `while`: a spurious wake-up (which POSIX allows) lets it take a
 * value from an empty slot (and so may a waiter woken by a put whose value another get
 * took first). */
#include <pthread.h>
#include <stdlib.h>
#include "mbox.h"

struct mbox {
	pthread_mutex_t m;
	pthread_cond_t full_cv;
	int full, value;
};

struct mbox *mbox_new(void)
{
	struct mbox *b = calloc(1, sizeof *b);
	pthread_mutex_init(&b->m, NULL);
	pthread_cond_init(&b->full_cv, NULL);
	return b;
}

void mbox_put(struct mbox *b, int v)
{
	pthread_mutex_lock(&b->m);
	b->value = v;
	b->full = 1;
	pthread_cond_signal(&b->full_cv);
	pthread_mutex_unlock(&b->m);
}

int mbox_get(struct mbox *b)
{
	pthread_mutex_lock(&b->m);
#ifdef MBOX_IF_BUG
	if (!b->full)
#else
	while (!b->full)
#endif
		pthread_cond_wait(&b->full_cv, &b->m);
	int v = b->value;
	b->full = 0;
	pthread_mutex_unlock(&b->m);
	return v;
}
