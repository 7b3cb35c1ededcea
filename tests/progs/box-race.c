/* box-race.c — box_get reads without the lock ("fast path") while box_set briefly leaves
 * the cell empty (NULL) between two critical sections: a get scheduled in that window
 * dereferences NULL. Serial runs never crash; only some interleavings do. */
#include <pthread.h>
#include <stdlib.h>
#include "box.h"

struct box {
	pthread_mutex_t lock;
	int *cell;
};

struct box *box_new(int v)
{
	struct box *b = calloc(1, sizeof *b);
	pthread_mutex_init(&b->lock, NULL);
	b->cell = malloc(sizeof *b->cell);
	*b->cell = v;
	return b;
}

void box_set(struct box *b, int v)
{
	int *fresh = malloc(sizeof *fresh), *old;

	*fresh = v;
	pthread_mutex_lock(&b->lock);
	old = b->cell;
	b->cell = NULL;
	pthread_mutex_unlock(&b->lock);
	free(old);
	pthread_mutex_lock(&b->lock);
	b->cell = fresh;
	pthread_mutex_unlock(&b->lock);
}

int box_get(struct box *b) { return *b->cell; /* the bug: no lock, and cell may be NULL mid-set */ }
