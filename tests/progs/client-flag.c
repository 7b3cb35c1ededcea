/* client-flag.c — thread 0.1 waits for the flag that thread 0.2 sets. */
#include <pthread.h>
#include "flag.h"

static struct flag *f;

static void *waiter(void *arg)
{
	flag_wait(f);
	return arg;
}

static void *setter(void *arg)
{
	flag_set(f);
	return arg;
}

int main(void)
{
	pthread_t a, b;
	f = flag_new();
	pthread_create(&a, NULL, waiter, NULL);
	pthread_create(&b, NULL, setter, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
