/* client-snap.c — one thread sets a, one sets b, one reads the snapshot. Against the torn
 * snapshot the schedule that runs both setters between the reader's two halves runs the
 * setter of a first (lower thread), whose history passes: the failing one, b's setter
 * first, is another schedule of the same trace (the setters' steps are independent). */
#include <pthread.h>
#include "snap.h"

static struct snap *s;

static void *set_b(void *arg)
{
	(void)arg;
	snap_set_b(s, 1);
	return NULL;
}

static void *set_a(void *arg)
{
	(void)arg;
	snap_set_a(s, 1);
	return NULL;
}

static void *reader(void *arg)
{
	(void)arg;
	snap_read(s);
	return NULL;
}

int main(void)
{
	pthread_t t[3];
	s = snap_new();
	pthread_create(&t[0], NULL, set_a, NULL);
	pthread_create(&t[1], NULL, set_b, NULL);
	pthread_create(&t[2], NULL, reader, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
