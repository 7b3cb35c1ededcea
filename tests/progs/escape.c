/* escape.c — see escape.h. */
#include <pthread.h>
#include "escape.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t opened = PTHREAD_COND_INITIALIZER;
static int open_;
static int total;
static void (*handler)(void);

void esc_set_handler(void (*h)(void)) { handler = h; }

int esc_quit(int v)
{
	if (v < 0)
		pthread_exit(NULL);
	return v;
}

int esc_add(int v)
{
	pthread_mutex_lock(&m);
	int r = v < 0 ? total : (total += v);
	pthread_mutex_unlock(&m);
	if (v < 0 && handler)
		handler();
	return r;
}

int esc_testcancel(int v)
{
	pthread_mutex_lock(&m);
	total += v;
	pthread_mutex_unlock(&m);
	pthread_testcancel();
	return v;
}

static void unlock(void *mutex) { pthread_mutex_unlock(mutex); }

int esc_wait(int v)
{
	pthread_mutex_lock(&m);
	pthread_cleanup_push(unlock, &m); /* cancelled in the wait, the mutex is held */
	while (!open_)
		pthread_cond_wait(&opened, &m);
	pthread_cleanup_pop(1);
	return v;
}

void esc_open(void)
{
	pthread_mutex_lock(&m);
	open_ = 1;
	pthread_cond_broadcast(&opened);
	pthread_mutex_unlock(&m);
}
