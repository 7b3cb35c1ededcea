/* client-glib-asyncq.c — GLib's GAsyncQueue as an unmodified target (its GMutex is inline
 * atomics plus syscall(SYS_futex)): main creates the queue and pushes 1; thread 0.1 pushes
 * 2; thread 0.2 try_pops twice. Data are small integers as pointers: results are stable. */
#include <glib.h>
#include <pthread.h>

static GAsyncQueue *q;

static void *pusher(void *arg)
{
	g_async_queue_push(q, GINT_TO_POINTER(2));
	return NULL;
}

static void *popper(void *arg)
{
	g_async_queue_try_pop(q);
	g_async_queue_try_pop(q);
	return NULL;
}

int main(void)
{
	pthread_t t1, t2;

	q = g_async_queue_new();
	g_async_queue_push(q, GINT_TO_POINTER(1));
	pthread_create(&t1, NULL, pusher, NULL);
	pthread_create(&t2, NULL, popper, NULL);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	return 0;
}
