/* client-escape.c — thread 0.1's first esc_add(-1) is left by longjmp from the error
 * handler, then it adds 2; thread 0.2 adds 5. */
#include <pthread.h>
#include <setjmp.h>
#include "escape.h"

static __thread jmp_buf env;

static void on_error(void) { longjmp(env, 1); }

static void *one(void *arg)
{
	if (!setjmp(env))
		esc_add(-1);
	esc_add(2);
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

	esc_set_handler(on_error);
	pthread_create(&a, NULL, one, NULL);
	pthread_create(&b, NULL, two, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
