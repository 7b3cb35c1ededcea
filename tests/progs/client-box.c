/* client-box.c — thread 0.1 sets the box, thread 0.2 reads it: crashes only when the
 * read falls inside the set. */
#include <pthread.h>
#include "box.h"

static struct box *b;

static void *setter(void *arg)
{
	box_set(b, 2);
	return NULL;
}

static void *getter(void *arg)
{
	box_get(b);
	return NULL;
}

int main(void)
{
	pthread_t x, y;

	b = box_new(1);
	pthread_create(&x, NULL, setter, NULL);
	pthread_create(&y, NULL, getter, NULL);
	pthread_join(x, NULL);
	pthread_join(y, NULL);
	return 0;
}
