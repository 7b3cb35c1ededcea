/* quasiq.c — see quasiq.h. A locked array; QUASIQ_SKIP is how far a dequeue may reach past
 * the oldest element (0: FIFO). */
#include <pthread.h>
#include <stdlib.h>
#include "quasiq.h"

#if defined(QUASIQ_STRICT)
#define QUASIQ_SKIP 0
#elif defined(QUASIQ_BY2)
#define QUASIQ_SKIP 2
#else
#define QUASIQ_SKIP 1
#endif

struct quasiq {
	pthread_mutex_t m;
	int v[64];
	int n;
	int skipped; /* the last dequeue reached past the oldest: this one takes it */
};

struct quasiq *qq_new(void)
{
	struct quasiq *q = calloc(1, sizeof *q);
	pthread_mutex_init(&q->m, NULL);
	return q;
}

void qq_enq(struct quasiq *q, int v)
{
	pthread_mutex_lock(&q->m);
	if (q->n < 64)
		q->v[q->n++] = v;
	pthread_mutex_unlock(&q->m);
}

int qq_deq(struct quasiq *q)
{
	pthread_mutex_lock(&q->m);
	int r = -1;
	if (q->n) {
		int i = !q->skipped && q->n > QUASIQ_SKIP ? QUASIQ_SKIP : 0;
		r = q->v[i];
		for (int j = i; j + 1 < q->n; j++)
			q->v[j] = q->v[j + 1];
		q->n--;
		q->skipped = i > 0;
	}
	pthread_mutex_unlock(&q->m);
	return r;
}
