/* tests/preload/client-futex.c — client of libfutex-toy: MODE selects what the threads do.
 *   wake | again | timeout | stuck | counts | bitset | requeue | syscalls */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "futex-toy.h"

static const char *mode = "wake";

static void *worker(void *arg)
{
	int id = (int)(long)arg;
	if (!strcmp(mode, "wake"))
		id == 1 ? fx_wait(0) : fx_wake(1);
	else if (!strcmp(mode, "again") && id == 1)
		fx_wait(5);
	else if (!strcmp(mode, "timeout"))
		id == 1 ? fx_timed_wait(0) : fx_syscalls();
	else if (!strcmp(mode, "stuck") && id == 1)
		fx_wait(0);
	else if (!strcmp(mode, "counts") && id < 4)
		fx_wait(0);
	else if (!strcmp(mode, "counts")) {
		fx_wake(2);
		fx_wake(5);
		fx_wake(1);
	} else if (!strcmp(mode, "bitset") && id < 3)
		fx_wait_bitset(0, id);
	else if (!strcmp(mode, "bitset")) {
		fx_wake_bitset(5, 2);
		fx_wake_bitset(5, 1);
	} else if (!strcmp(mode, "requeue") && id == 1)
		fx_requeue();
	else if (!strcmp(mode, "syscalls") && id == 1)
		fx_syscalls();
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[4];
	int n = 2;
	if (argc > 1)
		mode = argv[1];
	if (!strcmp(mode, "counts"))
		n = 4;
	else if (!strcmp(mode, "bitset"))
		n = 3;
	/* before the fork point: the real system calls */
	long pre = fx_syscalls(), prewake = fx_wake(1), preagain = fx_wait(7);
	printf("before fork point: syscalls %ld wake %ld wait %ld\n", pre, prewake, preagain);
	fflush(stdout);
	for (long i = 0; i < n; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}
