/* pair-race.c — the bump raises a and b in two critical sections and the reader takes no
 * lock at all: a read between the two sections returns 1, which no serial order gives.
 * The reader's code runs without a scheduling point, so only the order of its whole step
 * against the bump's sections shows the bug: the reduction must not take that unlocked
 * code as independent of the sections (it reads what they write). */
#include <pthread.h>
#include <stdlib.h>
#include "pair.h"

struct pair {
	pthread_mutex_t lock;
	int a, b;
};

struct pair *pair_new(void)
{
	struct pair *p = calloc(1, sizeof *p);
	pthread_mutex_init(&p->lock, NULL);
	return p;
}

void pair_bump(struct pair *p)
{
	pthread_mutex_lock(&p->lock);
	p->a++;
	pthread_mutex_unlock(&p->lock);
	pthread_mutex_lock(&p->lock);
	p->b++;
	pthread_mutex_unlock(&p->lock);
}

int pair_diff(struct pair *p) { return p->a - p->b; } /* the bug: no lock */
