/* nodeset.c — insert allocates its node before taking the lock and returns it: which
 * address it gets must not depend on the interleaving (glibc's arenas made it so: a false
 * alarm). With -DNODESET_SPLIT_BUG, insert reads the head and links the node in two
 * critical sections: a lost insert, a real bug that must still be found for its own
 * reason (the size), not for the addresses. */
#include <pthread.h>
#include <stdlib.h>
#include "nodeset.h"

struct node {
	int v;
	struct node *next;
};

struct nodeset {
	pthread_mutex_t lock;
	struct node *head;
};

struct nodeset *nodeset_new(void)
{
	struct nodeset *s = calloc(1, sizeof *s);
	pthread_mutex_init(&s->lock, NULL);
	return s;
}

void *nodeset_insert(struct nodeset *s, int v)
{
	struct node *n = malloc(sizeof *n);
	n->v = v;
	pthread_mutex_lock(&s->lock);
#ifdef NODESET_SPLIT_BUG
	struct node *old = s->head;
	pthread_mutex_unlock(&s->lock);
	pthread_mutex_lock(&s->lock);
	n->next = old;
#else
	n->next = s->head;
#endif
	s->head = n;
	pthread_mutex_unlock(&s->lock);
	return n;
}

int nodeset_size(struct nodeset *s)
{
	int k = 0;
	pthread_mutex_lock(&s->lock);
	for (struct node *n = s->head; n; n = n->next)
		k++;
	pthread_mutex_unlock(&s->lock);
	return k;
}
