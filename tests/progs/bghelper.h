/* bghelper.h — a helper library (never under test) that runs a callback in a thread of its
 * own, taking its own lock a few times before and after: the kind of dispatcher a library
 * under test may hand work to (liburcu's call_rcu thread, a pool's loop). */
#ifndef BGHELPER_H
#define BGHELPER_H

#include <pthread.h>

struct bghelper {
	pthread_t th;
	void (*cb)(void *);
	void *arg;
};

/* Starts the thread: it ticks three times, calls cb(arg), ticks once more and ends. */
int bghelper_start(struct bghelper *b, void (*cb)(void *), void *arg);
void bghelper_join(struct bghelper *b);
/* Takes and releases the helper's own lock: a scheduling point in helper code. */
void bghelper_tick(void);

#endif
