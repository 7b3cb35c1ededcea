/* client-glib-random.c — threads 0.1 and 0.2 call g_random_int() once each; GLib seeds its
 * global generator from /dev/urandom on first use, after the fork point: nondeterministic. */
#include <glib.h>
#include <pthread.h>

static void *draw(void *arg)
{
	g_random_int();
	return arg;
}

int main(void)
{
	pthread_t a, b;

	pthread_create(&a, NULL, draw, NULL);
	pthread_create(&b, NULL, draw, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
