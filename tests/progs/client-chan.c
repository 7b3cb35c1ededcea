/* client-chan.c — thread 0.1 receives, thread 0.2 sends. */
#include <pthread.h>
#include "chan.h"

static struct chan *c;

static void *receiver(void *arg)
{
	chan_recv(c);
	return NULL;
}

static void *sender(void *arg)
{
	chan_send(c, 7);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	c = chan_new();
	pthread_create(&a, NULL, receiver, NULL);
	pthread_create(&b, NULL, sender, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
