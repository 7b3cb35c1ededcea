/* lazyreg.c — a register that is sequentially consistent but not linearizable: a write
 * that finds the lock busy goes to the writing thread's own buffer and reaches the shared
 * value only at that thread's next call. So a thread may read the old value after the
 * write returned (real-time order broken), while each thread sees its own writes in
 * program order and serial runs (never busy) behave like a plain register. */
#include <pthread.h>
#include "lazyreg.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long shared;
static __thread long pending;
static __thread int has_pending;

static void flush(void)
{
	if (has_pending)
		shared = pending, has_pending = 0;
}

void lazyreg_write(long v)
{
	if (pthread_mutex_trylock(&lock) != 0) {
		pending = v, has_pending = 1;
		return;
	}
	flush();
	shared = v;
	pthread_mutex_unlock(&lock);
}

long lazyreg_read(void)
{
	pthread_mutex_lock(&lock);
	flush();
	long v = shared;
	pthread_mutex_unlock(&lock);
	return v;
}
