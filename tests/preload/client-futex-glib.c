/* tests/preload/client-futex-glib.c — GLib's futex paths under the scheduler (built by
 * futex-glib.sh when GLib is installed). MODE:
 *   queue  one thread pops a GAsyncQueue (blocking), another pushes
 *   mutex  two threads increment under a GMutex, signalling a GCond inside (a futex
 *          point within the critical section, where a schedule can switch threads) */
#include <glib.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static GAsyncQueue *q;
static GMutex m;
static GCond c;
static int n;

static void *popper(void *a) { return g_async_queue_pop(a); }

static void *pusher(void *a)
{
	g_async_queue_push(a, GINT_TO_POINTER(7));
	return NULL;
}

static void *incr(void *a)
{
	g_mutex_lock(&m);
	int v = n;
	g_cond_signal(&c);
	n = v + 1;
	g_mutex_unlock(&m);
	return a;
}

int main(int argc, char **argv)
{
	pthread_t t[2];
	int queue = argc < 2 || !strcmp(argv[1], "queue");
	q = g_async_queue_new();
	g_async_queue_push(q, GINT_TO_POINTER(1)); /* before the fork point */
	g_async_queue_try_pop(q);
	pthread_create(&t[0], NULL, queue ? popper : incr, q);
	pthread_create(&t[1], NULL, queue ? pusher : incr, q);
	void *r0, *r1;
	pthread_join(t[0], &r0);
	pthread_join(t[1], &r1);
	if (queue)
		printf("popped %d\n", GPOINTER_TO_INT(r0));
	else
		printf("n %d\n", n);
	return 0;
}
