/* tests/unit/test-run-cleanup.c — cli/run/cleanup.c: every watched process group is killed,
 * however many there are (no cap), and the orphans of an ended group are reaped without
 * taking the status of another child. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/run/cleanup.h"

static void nap_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
	nanosleep(&ts, NULL);
}

/* A child leading a group of its own, sleeping until killed. */
static pid_t sleeper_group(void)
{
	pid_t p = fork();
	assert_true(p >= 0);
	if (p == 0) {
		setpgid(0, 0);
		for (;;)
			pause();
	}
	setpgid(p, p);
	return p;
}

/* More groups than the first table holds (8): each is killed; the old table dropped the
 * ninth on. */
static void kills_every_group(void **state)
{
	(void)state;
	enum { N = 20 };
	pid_t g[N];
	for (int i = 0; i < N; i++) {
		g[i] = sleeper_group();
		lp_cleanup_watch_group(g[i]);
	}
	lp_cleanup_now();
	for (int i = 0; i < N; i++) {
		int st = 0;
		pid_t w = 0;
		for (int t = 0; t < 2000 && w == 0; t++) {
			w = waitpid(g[i], &st, WNOHANG);
			if (w == 0)
				nap_ms(1);
		}
		if (w == 0) { /* not killed: end it so the test does not hang */
			kill(g[i], SIGKILL);
			waitpid(g[i], &st, 0);
			fail_msg("group %d of %d was not killed", i + 1, N);
		}
		assert_int_equal(w, g[i]);
		assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	}
}

/* A leader that forks a member of its group, then waits to be killed; the member becomes
 * an orphan of ours (a child subreaper) when the leader dies. */
static void reaps_orphans_only(void **state)
{
	(void)state;
	assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
	int pfd[2];
	assert_int_equal(pipe(pfd), 0);
	pid_t leader = fork();
	assert_true(leader >= 0);
	if (leader == 0) {
		setpgid(0, 0);
		pid_t m = fork();
		if (m == 0)
			for (;;)
				pause();
		if (write(pfd[1], &m, sizeof m) != sizeof m)
			_exit(1);
		for (;;)
			pause();
	}
	setpgid(leader, leader);
	lp_cleanup_watch_group(leader);
	pid_t member;
	assert_int_equal(read(pfd[0], &member, sizeof member), sizeof member);
	/* Another child of ours, outside the group: its status is for its own wait. */
	pid_t other = fork();
	assert_true(other >= 0);
	if (other == 0)
		_exit(7);

	kill(leader, SIGKILL);
	assert_int_equal(waitpid(leader, NULL, 0), leader);
	lp_cleanup_group_ended(leader);
	/* kill(pid, 0) succeeds on a zombie: the member is gone only once reaped. */
	bool gone = false;
	for (int t = 0; t < 2000 && !gone; t++) {
		lp_cleanup_reap_orphans();
		gone = kill(member, 0) < 0 && errno == ESRCH;
		if (!gone)
			nap_ms(1);
	}
	assert_true(gone);
	int st = 0;
	assert_int_equal(waitpid(other, &st, 0), other);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 7);
	close(pfd[0]);
	close(pfd[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(kills_every_group),
	    cmocka_unit_test(reaps_orphans_only),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
