/* client-bgcount.c — thread 0.1 starts the background bump (the library's thread 0.1.1),
 * increments the counter, waits for the bump and reads the counter: every serial order
 * gives 2. A lost update gives 1, and only in schedules where the bump reads the counter
 * before the increment and writes it after: the explorer finds those only if it knows
 * that the bump, which runs in the helper's thread, ran code of the target. With the
 * argument "segv" the client installs a SIGSEGV handler of its own first. */
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "bgcount.h"

static void *run(void *arg)
{
	bg_start();
	bg_inc();
	bg_wait();
	bg_get();
	return arg;
}

static void on_segv(int sig)
{
	(void)sig;
	_exit(3);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "segv") == 0)
		signal(SIGSEGV, on_segv);
	pthread_t t;
	pthread_create(&t, NULL, run, NULL);
	pthread_join(t, NULL);
	return 0;
}
