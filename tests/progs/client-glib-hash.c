/* client-glib-hash.c — GLib's GHashTable (not thread-safe itself) under the client's own
 * GMutex: two threads insert and look up keys. */
#include <glib.h>
#include <pthread.h>

static GHashTable *table;
static GMutex lock;

static void *worker(void *arg)
{
	g_mutex_lock(&lock);
	g_hash_table_insert(table, arg, arg);
	g_mutex_unlock(&lock);
	g_mutex_lock(&lock);
	g_hash_table_lookup(table, GINT_TO_POINTER(1));
	g_mutex_unlock(&lock);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	table = g_hash_table_new(g_direct_hash, g_direct_equal);
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	return 0;
}
