/* forks.c — a library that counts the forks its process came out of (a pthread_atfork
 * child handler, registered by its constructor), and tells the count under a mutex. A
 * tool that forked the client's process one more time on some path would make the count
 * differ between executions. */
#include <pthread.h>
#include "forks.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int forks;

static void in_child(void) { forks++; }

__attribute__((constructor)) static void forks_init(void) { pthread_atfork(NULL, NULL, in_child); }

int forks_seen(void)
{
	pthread_mutex_lock(&lock);
	int n = forks;
	pthread_mutex_unlock(&lock);
	return n;
}
