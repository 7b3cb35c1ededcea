/* tests/preload/libtoy.c — a small target with a mutex, a condition variable and a
 * semaphore inside, for the preload's harness tests. */
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>

#include "toy.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t dummy = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t filled = PTHREAD_COND_INITIALIZER;
static int slot, full;
static sem_t sem;
static pthread_once_t sem_once = PTHREAD_ONCE_INIT;

int toy_add(int *p, int v)
{
	pthread_mutex_lock(&lock);
	int r = *p += v;
	pthread_mutex_unlock(&lock);
	return r;
}

int toy_racy_add(int *p, int v)
{
	int old = *(volatile int *)p;
	pthread_mutex_lock(&dummy);
	pthread_mutex_unlock(&dummy);
	*(volatile int *)p = old + v;
	return old + v;
}

int toy_get(int *p) { return *(volatile int *)p; }

void toy_ab(void)
{
	pthread_mutex_lock(&a);
	pthread_mutex_lock(&b);
	pthread_mutex_unlock(&b);
	pthread_mutex_unlock(&a);
}

void toy_ba(void)
{
	pthread_mutex_lock(&b);
	pthread_mutex_lock(&a);
	pthread_mutex_unlock(&a);
	pthread_mutex_unlock(&b);
}

void toy_put(int v)
{
	pthread_mutex_lock(&lock);
	slot = v;
	full = 1;
	pthread_cond_signal(&filled);
	pthread_mutex_unlock(&lock);
}

int toy_take(void)
{
	pthread_mutex_lock(&lock);
	while (!full)
		pthread_cond_wait(&filled, &lock);
	full = 0;
	int v = slot;
	pthread_mutex_unlock(&lock);
	return v;
}

static void sem_setup(void) { sem_init(&sem, 0, 0); }

void toy_sem_give(void)
{
	pthread_once(&sem_once, sem_setup);
	sem_post(&sem);
}

int toy_sem_take(void)
{
	pthread_once(&sem_once, sem_setup);
	return sem_wait(&sem);
}

const char *toy_echo(const char *s) { return s; }

long toy_many(long a1, long a2, long a3, long a4, long a5, long a6, long a7, long a8)
{
	return a1 + a2 + a3 + a4 + a5 + a6 + a7 * 100 + a8 * 1000;
}

double toy_scale(double x, int k) { return x * k; }

int toy_spin_until(int *p)
{
	while (!*(volatile int *)p)
		sched_yield();
	return *(volatile int *)p;
}

int toy_untyped(int v) { return v; }
