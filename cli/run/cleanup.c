/* cli/cleanup.c — kills the client's process groups when the cli ends, however it ends
 * (cleanup.h). Everything here is async-signal-safe: it runs in signal handlers. */
#include "cleanup.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_GROUPS 8

static volatile sig_atomic_t groups[MAX_GROUPS];

void lp_cleanup_watch_group(pid_t pgid)
{
	for (int i = 0; i < MAX_GROUPS; i++)
		if (!groups[i]) {
			groups[i] = pgid;
			return;
		}
}

void lp_cleanup_forget_group(pid_t pgid)
{
	for (int i = 0; i < MAX_GROUPS; i++)
		if (groups[i] == pgid)
			groups[i] = 0;
}

void lp_cleanup_now(void)
{
	for (int i = 0; i < MAX_GROUPS; i++) {
		pid_t g = groups[i];
		if (g > 0)
			kill(-g, SIGKILL);
		groups[i] = 0;
	}
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
