/* client-escape-exit.c — thread 0.1's esc_quit(-1) ends the thread with pthread_exit
 * inside the library; thread 0.2 calls esc_add(5). */
#include <pthread.h>
#include "escape.h"

static void *one(void *arg)
{
	esc_quit(-1);
	return NULL;
}

static void *two(void *arg)
{
	esc_add(5);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	pthread_create(&a, NULL, one, NULL);
	pthread_create(&b, NULL, two, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
