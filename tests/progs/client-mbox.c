/* client-mbox.c — two gets on an empty mailbox and no put: in every schedule both stay
 * stuck, unless a get returns without a value (a spurious wake-up the library does not
 * recheck). */
#include <pthread.h>
#include "mbox.h"

static struct mbox *b;

static void *get(void *arg)
{
	mbox_get(b);
	return arg;
}

int main(void)
{
	pthread_t t1, t2;
	b = mbox_new();
	pthread_create(&t1, NULL, get, NULL);
	pthread_create(&t2, NULL, get, NULL);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	return 0;
}
