/* dice-seeded.c — rolls from a generator seeded by getrandom(2) on the first roll, as
 * GLib's g_random_int() seeds itself from /dev/urandom: the first roll comes after the
 * fork point, so every execution, serial ones included, rolls other numbers under the
 * same schedule. Nondeterministic (exit 3), and the disagreement only shows between two
 * runs of the same serial order. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/random.h>
#include "dice.h"

struct dice {
	pthread_mutex_t lock;
	uint64_t state; /* 0 until the first roll */
};

struct dice *dice_new(void)
{
	struct dice *d = calloc(1, sizeof *d);
	pthread_mutex_init(&d->lock, NULL);
	return d;
}

int dice_roll(struct dice *d)
{
	int v;
	pthread_mutex_lock(&d->lock);
	while (!d->state)
		if (getrandom(&d->state, sizeof d->state, 0) != sizeof d->state)
			d->state = 0x9e3779b97f4a7c15ull;
	d->state ^= d->state << 13; /* xorshift64 */
	d->state ^= d->state >> 7;
	d->state ^= d->state << 17;
	v = (int)(d->state % 1000000);
	pthread_mutex_unlock(&d->lock);
	return v;
}
