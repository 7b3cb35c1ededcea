/* escape.c — see escape.h. */
#include <pthread.h>
#include "escape.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
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
