/* floor.c — the per-execution floor of a fork server on this machine: fork + _exit +
 * waitpid, and fork + create/join N threads + _exit + waitpid. Prints executions/s. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void *idle(void *arg) { return arg; }

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs n executions; each child starts `threads` threads and joins them. */
static double rate(int n, int threads)
{
	double t0 = now();
	for (int i = 0; i < n; i++) {
		pid_t pid = fork();
		if (pid < 0) {
			perror("floor: fork");
			exit(2);
		}
		if (pid == 0) {
			pthread_t t[8];
			for (int k = 0; k < threads; k++)
				pthread_create(&t[k], NULL, idle, NULL);
			for (int k = 0; k < threads; k++)
				pthread_join(t[k], NULL);
			_exit(0);
		}
		waitpid(pid, NULL, 0);
	}
	return n / (now() - t0);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	int threads = argc > 2 ? atoi(argv[2]) : 2;

	if (n <= 0 || threads < 0 || threads > 8) {
		fprintf(stderr, "usage: floor [EXECUTIONS [THREADS<=8]]\n");
		return 2;
	}
	printf("fork-exit %.0f\n", rate(n, 0));
	printf("fork-threads %.0f\n", rate(n, threads));
	return 0;
}
