/* cli/run/cleanup.c — kills the client's process groups when the cli ends, however it ends
 * (cleanup.h), and reaps what is left of the groups that ended. lp_cleanup_now and
 * lp_cleanup_helpers are async-signal-safe: they run in signal handlers. */
#include "cleanup.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lineup/die.h"

/* A pid table the signal handlers read. It has no cap: it grows with every signal blocked,
 * so no handler ever sees it half copied (the cli has one thread). killed: the groups
 * lp_cleanup_now killed, for lp_cleanup_wait. */
struct entry {
	volatile sig_atomic_t id, killed;
};
struct table {
	struct entry *volatile e;
	volatile int n;
};

static struct entry first_groups[8], first_helpers[4];
static struct table groups = {first_groups, 8}, helpers = {first_helpers, 4};

static void table_grow(struct table *t)
{
	int n = t->n * 2;
	struct entry *e = lp_xcalloc((size_t)n, sizeof *e), *old = t->e;
	sigset_t all, saved;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &saved);
	for (int i = 0; i < t->n; i++) {
		e[i].id = old[i].id;
		e[i].killed = old[i].killed;
	}
	t->e = e;
	t->n = n;
	sigprocmask(SIG_SETMASK, &saved, NULL);
	if (old != first_groups && old != first_helpers)
		free(old);
}

static void table_add(struct table *t, pid_t id)
{
	for (;;) {
		for (int i = 0; i < t->n; i++)
			if (!t->e[i].id) {
				t->e[i].id = id;
				return;
			}
		table_grow(t);
	}
}

static void table_drop(struct table *t, pid_t id)
{
	for (int i = 0; i < t->n; i++)
		if (t->e[i].id == id)
			t->e[i].id = 0;
}

void lp_cleanup_watch_group(pid_t pgid) { table_add(&groups, pgid); }

void lp_cleanup_watch_helper(pid_t pid) { table_add(&helpers, pid); }

void lp_cleanup_forget_helper(pid_t pid) { table_drop(&helpers, pid); }

/* Groups whose leader was reaped: their other members die (SIGKILL) and, the cli being a
 * child subreaper, come to it as zombies (executions of a fork server the watchdog killed,
 * children of the client). They are reaped by group, never as "any child", so no status
 * another wait expects (the fork server's, the checker's, a campaign's checks) is taken. */
static pid_t *ended;
static size_t n_ended, cap_ended;

void lp_cleanup_reap_orphans(void)
{
	for (size_t i = 0; i < n_ended;) {
		pid_t g = ended[i];
		while (waitpid(-g, NULL, WNOHANG) > 0)
			;
		/* Nothing of it is left, zombies included: drop it now, before the kernel can
		 * give its number to a new group (never while a member, even a zombie, is left;
		 * its members, killed and orphaned to the cli, leave only through a wait of ours:
		 * the one above, or lp_cleanup_wait's as the cli ends). */
		if (kill(-g, 0) < 0 && errno == ESRCH)
			ended[i] = ended[--n_ended];
		else
			i++;
	}
}

void lp_cleanup_group_ended(pid_t pgid)
{
	kill(-pgid, SIGKILL);
	table_drop(&groups, pgid);
	if (n_ended == cap_ended) {
		cap_ended = cap_ended ? 2 * cap_ended : 8;
		ended = lp_xrealloc(ended, cap_ended * sizeof *ended);
	}
	ended[n_ended++] = pgid;
	lp_cleanup_reap_orphans();
}

void lp_cleanup_helpers(void)
{
	for (int i = 0; i < helpers.n; i++) {
		pid_t p = helpers.e[i].id;
		if (p > 0)
			kill(p, SIGKILL);
	}
}

void lp_cleanup_now(void)
{
	lp_cleanup_helpers();
	for (int i = 0; i < groups.n; i++) {
		pid_t g = groups.e[i].id;
		if (g > 0) {
			kill(-g, SIGKILL);
			groups.e[i].killed = g;
		}
		groups.e[i].id = 0;
	}
}

void lp_cleanup_wait(unsigned ms)
{
	for (unsigned t = 0; t < ms; t++) {
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		bool left = false;
		for (int i = 0; i < groups.n; i++)
			if (groups.e[i].killed > 0 && kill(-groups.e[i].killed, 0) == 0)
				left = true; /* a member, or a zombie not reaped yet */
		if (!left)
			break;
		struct timespec ts = {0, 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	for (int i = 0; i < groups.n; i++)
		groups.e[i].killed = 0;
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
	/* Executions orphaned by a killed fork server come to us, not to init:
	 * lp_cleanup_reap_orphans and lp_cleanup_wait reap them, however slowly init would. */
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
