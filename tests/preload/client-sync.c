/* tests/preload/client-sync.c — the pthread models without a target: rwlock, barrier,
 * spinlock, timed waits, recursive and error-checking mutexes, detach. Prints what each
 * returned; the expected values are those of a real run. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "toy.h"

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_barrier_t bar;
static pthread_spinlock_t spin;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t never = PTHREAD_COND_INITIALIZER;
static int shared;

static void *worker(void *arg)
{
	pthread_rwlock_wrlock(&rw);
	shared++;
	pthread_rwlock_unlock(&rw);
	pthread_spin_lock(&spin);
	shared++;
	pthread_spin_unlock(&spin);
	pthread_barrier_wait(&bar);
	return arg;
}

int main(void)
{
	pthread_t t[2];
	pthread_barrier_init(&bar, NULL, 3);
	pthread_spin_init(&spin, 0);
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	pthread_rwlock_rdlock(&rw);
	pthread_rwlock_unlock(&rw);
	pthread_barrier_wait(&bar);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);

	pthread_mutexattr_t a;
	pthread_mutex_t rec, chk;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&rec, &a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&chk, &a);
	int r1 = pthread_mutex_lock(&rec), r2 = pthread_mutex_lock(&rec);
	pthread_mutex_unlock(&rec);
	pthread_mutex_unlock(&rec);
	int r3 = pthread_mutex_lock(&chk), r4 = pthread_mutex_lock(&chk);
	pthread_mutex_unlock(&chk);

	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 20000000; /* under the scheduler it times out as nothing else can run */
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&m);
	int r5 = pthread_cond_timedwait(&never, &m, &ts);
	pthread_mutex_unlock(&m);
	printf("shared %d rec %d %d chk %d %s timedwait %s\n", shared, r1, r2, r3,
	       r4 == EDEADLK ? "EDEADLK" : "?", r5 == ETIMEDOUT ? "ETIMEDOUT" : "?");
	return 0;
}
