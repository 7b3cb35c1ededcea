/* client-dice.c — threads 0.1 and 0.2 roll once each: their two serial orders share no
 * prefix, so phase 1 alone cannot see that the rolls vary from run to run. */
#include <pthread.h>
#include "dice.h"

static struct dice *d;

static void *roll(void *arg)
{
	dice_roll(d);
	return arg;
}

int main(void)
{
	pthread_t a, b;

	d = dice_new();
	pthread_create(&a, NULL, roll, NULL);
	pthread_create(&b, NULL, roll, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
