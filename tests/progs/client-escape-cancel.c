/* client-escape-cancel.c — cancellation inside operations.
 *   self:    thread 0.1 cancels itself, then calls esc_testcancel(5), which acts on it
 *            inside the library; thread 0.2 calls esc_testcancel(7).
 *   blocked: thread 0.1 waits in esc_wait(1), which nothing opens; main calls
 *            esc_add(1) (a switch point: 0.1 may be waiting by then), cancels it, joins
 *            it, then calls esc_add(2).
 *   async:   as blocked, but thread 0.1 asked for asynchronous cancellation.
 * A cancelled thread's cleanup handler calls esc_add(0), a new operation once the
 * cancelled one has ended; main prints how each thread ended. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "escape.h"

static void said(void *what)
{
	printf("cleanup: %s\n", (const char *)what);
	esc_add(0);
}

static void *self_cancel(void *arg)
{
	pthread_cleanup_push(said, "self");
	pthread_cancel(pthread_self());
	esc_testcancel(5);
	pthread_cleanup_pop(0);
	return NULL;
}

static void *plain(void *arg)
{
	esc_testcancel(7);
	return NULL;
}

static void *waiter(void *arg)
{
	if (arg)
		pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, NULL);
	pthread_cleanup_push(said, "waiter");
	esc_wait(1);
	pthread_cleanup_pop(0);
	return NULL;
}

static const char *ended(void *ret) { return ret == PTHREAD_CANCELED ? "cancelled" : "returned"; }

int main(int argc, char **argv)
{
	pthread_t a, b;
	void *ra, *rb = NULL;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc > 1 && strcmp(argv[1], "self")) {
		pthread_create(&a, NULL, waiter, strcmp(argv[1], "async") ? NULL : "async");
		esc_add(1);
		pthread_cancel(a);
		pthread_join(a, &ra);
		esc_add(2);
	} else {
		pthread_create(&a, NULL, self_cancel, NULL);
		pthread_create(&b, NULL, plain, NULL);
		pthread_join(a, &ra);
		pthread_join(b, &rb);
		printf("0.2 %s\n", ended(rb));
	}
	printf("0.1 %s\n", ended(ra));
	return 0;
}
