/* tests/preload/client-sync.c — the pthread models without a target: rwlock, barrier,
 * spinlock, timed waits, recursive and error-checking mutexes; with the argument "more":
 * timedlock, try and timed rwlocks, sem_timedwait, spin_trylock, detach, a thread's own
 * thread, and the sleeps and descriptor-less polls taken as yields. Prints what each
 * returned; the expected values are those of a real run. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

static struct timespec soon(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec +=
	    20000000; /* under the scheduler a wait times out only when nothing else can run */
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	return ts;
}

static const char *err(int r)
{
	return r == 0 ? "0" : r == EBUSY ? "EBUSY" : r == ETIMEDOUT ? "ETIMEDOUT" : "?";
}

static sem_t done, empty;
static int timed[6];

/* Runs while main holds m, the write lock and the spinlock, then waits in join. */
static void *contender(void *arg)
{
	struct timespec ts = soon();
	timed[0] = pthread_mutex_timedlock(&m, &ts);
	timed[1] = pthread_rwlock_tryrdlock(&rw);
	ts = soon();
	timed[2] = pthread_rwlock_timedrdlock(&rw, &ts);
	ts = soon();
	timed[3] = pthread_rwlock_timedwrlock(&rw, &ts);
	ts = soon();
	timed[4] = sem_timedwait(&empty, &ts) ? errno : 0;
	timed[5] = pthread_spin_trylock(&spin);
	return arg;
}

static void *grandchild(void *arg)
{
	sem_post(&done);
	return arg;
}

/* A detached thread that starts a thread of its own, sleeping and polling in between. */
static void *detached(void *arg)
{
	struct timespec ts = {0, 1000};
	nanosleep(&ts, NULL);
	clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
	usleep(1);
	poll(NULL, 0, 1);
	pthread_t g;
	pthread_create(&g, NULL, grandchild, NULL);
	pthread_join(g, NULL);
	sem_post(&done);
	return arg;
}

static int more(void)
{
	pthread_t t;
	sem_init(&done, 0, 0);
	sem_init(&empty, 0, 0);
	pthread_spin_init(&spin, 0);
	pthread_mutex_lock(&m);
	pthread_rwlock_wrlock(&rw);
	pthread_spin_lock(&spin);
	pthread_create(&t, NULL, contender, NULL);
	pthread_join(t, NULL);
	pthread_spin_unlock(&spin);
	pthread_rwlock_unlock(&rw);
	pthread_mutex_unlock(&m);
	int dr = pthread_create(&t, NULL, detached, NULL) || pthread_detach(t);
	sem_wait(&done);
	sem_wait(&done);
	printf("timedlock %s tryrdlock %s timedrdlock %s timedwrlock %s sem_timedwait %s "
	       "spin_trylock %s detach %d\n",
	       err(timed[0]), err(timed[1]), err(timed[2]), err(timed[3]), err(timed[4]),
	       err(timed[5]), dr);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "more"))
		return more();
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
