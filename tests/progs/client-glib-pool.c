/* client-glib-pool.c — GLib's GThreadPool with one worker, created inside the first push
 * (by whichever client thread pushes first); the task, client code run by the worker,
 * takes a GMutex through the client's PLT. main frees the pool, waiting for the tasks. */
#include <glib.h>
#include <pthread.h>

static GThreadPool *pool;
static GMutex lock;
static int done;

static void task(gpointer data, gpointer user)
{
	(void)data, (void)user;
	g_mutex_lock(&lock);
	done++;
	g_mutex_unlock(&lock);
}

static void *client(void *arg)
{
	g_thread_pool_push(pool, arg, NULL);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	pool = g_thread_pool_new(task, NULL, 1, FALSE, NULL);
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, client, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	g_thread_pool_free(pool, FALSE, TRUE);
	return done == 2 ? 0 : 1;
}
