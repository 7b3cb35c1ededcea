/* client-box-null.c — reads a box that was never created after joining its threads: every
 * run crashes, serial ones too (a broken test, reported as a set-up error). */
#include <pthread.h>
#include <stddef.h>
#include "box.h"

static struct box *b;

static void *setter(void *arg)
{
	box_set(b, 2);
	return NULL;
}

int main(void)
{
	pthread_t x, y;
	struct box *missing = NULL;

	b = box_new(1);
	pthread_create(&x, NULL, setter, NULL);
	pthread_create(&y, NULL, setter, NULL);
	pthread_join(x, NULL);
	pthread_join(y, NULL);
	return box_get(missing); /* NULL dereference inside the library */
}
