/* cli/run/cleanup.c — kills the client's process groups when the cli ends, however it ends
 * (cleanup.h). Everything here is async-signal-safe: it runs in signal handlers. */
#include "cleanup.h"

#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_GROUPS 8
#define MAX_HELPERS 4

static volatile sig_atomic_t groups[MAX_GROUPS], helpers[MAX_HELPERS];
static volatile sig_atomic_t killed[MAX_GROUPS]; /* by lp_cleanup_now, for lp_cleanup_wait */

static void table_add(volatile sig_atomic_t *t, int n, pid_t id)
{
	for (int i = 0; i < n; i++)
		if (!t[i]) {
			t[i] = id;
			return;
		}
}

static void table_drop(volatile sig_atomic_t *t, int n, pid_t id)
{
	for (int i = 0; i < n; i++)
		if (t[i] == id)
			t[i] = 0;
}

void lp_cleanup_watch_group(pid_t pgid) { table_add(groups, MAX_GROUPS, pgid); }

void lp_cleanup_forget_group(pid_t pgid) { table_drop(groups, MAX_GROUPS, pgid); }

void lp_cleanup_watch_helper(pid_t pid) { table_add(helpers, MAX_HELPERS, pid); }

void lp_cleanup_forget_helper(pid_t pid) { table_drop(helpers, MAX_HELPERS, pid); }

void lp_cleanup_helpers(void)
{
	for (int i = 0; i < MAX_HELPERS; i++) {
		pid_t p = helpers[i];
		if (p > 0)
			kill(p, SIGKILL);
	}
}

void lp_cleanup_now(void)
{
	lp_cleanup_helpers();
	for (int i = 0; i < MAX_GROUPS; i++) {
		pid_t g = groups[i];
		if (g > 0) {
			kill(-g, SIGKILL);
			killed[i] = g;
		}
		groups[i] = 0;
	}
}

void lp_cleanup_wait(unsigned ms)
{
	for (unsigned t = 0; t < ms; t++) {
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		bool left = false;
		for (int i = 0; i < MAX_GROUPS; i++)
			if (killed[i] > 0 && kill(-killed[i], 0) == 0)
				left = true; /* a member, or a zombie not reaped yet */
		if (!left)
			break;
		struct timespec ts = {0, 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	for (int i = 0; i < MAX_GROUPS; i++)
		killed[i] = 0;
}

static void on_signal(int sig)
{
	lp_cleanup_now();
	signal(sig, SIG_DFL);
	raise(sig);
}

void lp_cleanup_install(void)
{
	static int done;
	if (done++)
		return;
	atexit(lp_cleanup_now);
	/* Executions orphaned by a killed fork server come to us, not to init: lp_cleanup_wait
	 * reaps them, however slowly init would. */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	for (unsigned i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction old;
		/* An ignored signal stays ignored (nohup). */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}
