/* structacc.c — structacc.h. Every update is an atomic load then an atomic store; built
 * with -DSTRUCTACC_LOST the pair is not made one (a lock around it otherwise), so two
 * overlapping acc_add calls can return the same total: a lost update. */
#include <pthread.h>
#include <stdlib.h>

#include "structacc.h"

struct acc {
	pthread_mutex_t lock;
	long total;
};

acc_t *acc_new(void)
{
	acc_t *q = calloc(1, sizeof *q);
	pthread_mutex_init(&q->lock, NULL);
	return q;
}

static long update(acc_t *q, long by)
{
#ifndef STRUCTACC_LOST
	pthread_mutex_lock(&q->lock);
#endif
	long v = __atomic_load_n(&q->total, __ATOMIC_SEQ_CST);
	__atomic_store_n(&q->total, v + by, __ATOMIC_SEQ_CST);
#ifndef STRUCTACC_LOST
	pthread_mutex_unlock(&q->lock);
#endif
	return v;
}

long acc_add(acc_t *q, struct delta d) { return update(q, d.a + d.b + d.c); }
long acc_move(acc_t *q, struct pt p) { return update(q, (long)p.x * p.y); }
long acc_weigh(acc_t *q, struct mix m) { return update(q, m.n * (long)m.w); }
long acc_mixed(acc_t *q, long a, long b, long c, long d, struct span s, long e, double x)
{
	return update(q, a + b + c + d + s.lo + s.hi + e + (long)x);
}
long acc_tag(acc_t *q, tagged_t t) { return update(q, t.at.x + t.at.y + (long)t.f); }
long acc_many(acc_t *q, long a, long b, long c, long d, long e, long f, long g)
{
	return update(q, a + b + c + d + e + f + 10 * g);
}
long acc_ref(struct ref r) { return update(r.q, r.by); }
long acc_tight(acc_t *q, struct tight t) { return update(q, t.c + t.i); }
long acc_union(acc_t *q, union num u) { return update(q, u.l); }
long acc_get(acc_t *q) { return __atomic_load_n(&q->total, __ATOMIC_SEQ_CST); }
