/* snap.c — two registers under two locks. The snapshot takes both locks (linearizable);
 * built -DSNAP_TORN it reads b under b's lock, then a under a's lock: a read of b before
 * set_b and of a after set_a returns 10 although set_b returned before set_a was called, an
 * order in which no serial history has a without b. Only the order of the two setters'
 * whole operations (independent steps) shows it, so a search that runs one schedule per
 * trace must check the trace's other real-time orders to find it. */
#include <pthread.h>
#include <stdlib.h>
#include "snap.h"

struct snap {
	pthread_mutex_t la, lb;
	int a, b;
};

struct snap *snap_new(void)
{
	struct snap *s = calloc(1, sizeof *s);
	pthread_mutex_init(&s->la, NULL);
	pthread_mutex_init(&s->lb, NULL);
	return s;
}

void snap_set_a(struct snap *s, int v)
{
	pthread_mutex_lock(&s->la);
	s->a = v;
	pthread_mutex_unlock(&s->la);
}

void snap_set_b(struct snap *s, int v)
{
	pthread_mutex_lock(&s->lb);
	s->b = v;
	pthread_mutex_unlock(&s->lb);
}

int snap_read(struct snap *s)
{
	int a, b;
#ifdef SNAP_TORN
	pthread_mutex_lock(&s->lb);
	b = s->b;
	pthread_mutex_unlock(&s->lb);
	pthread_mutex_lock(&s->la);
	a = s->a;
	pthread_mutex_unlock(&s->la);
#else
	pthread_mutex_lock(&s->la);
	pthread_mutex_lock(&s->lb);
	a = s->a;
	b = s->b;
	pthread_mutex_unlock(&s->lb);
	pthread_mutex_unlock(&s->la);
#endif
	return 10 * a + b;
}
