/* client-tally.c — thread 0.1 registers and exits (running the key destructor, which takes
 * the lock); thread 0.2 adds under the lock; main then asks how many registered threads
 * have exited: 1 in every schedule. */
#include <pthread.h>
#include "tally.h"

static struct tally *t;

static void *registrant(void *arg)
{
	tally_register(t);
	return NULL;
}

static void *adder(void *arg)
{
	tally_add(t, 2);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	t = tally_new();
	pthread_create(&a, NULL, registrant, NULL);
	pthread_create(&b, NULL, adder, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	tally_exited(t);
	return 0;
}
