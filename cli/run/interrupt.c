/* cli/run/interrupt.c — notes SIGINT and SIGTERM for a clean end (see interrupt.h). */
#include "interrupt.h"

#include "cleanup.h"

#include <signal.h>
#include <stddef.h>

static volatile sig_atomic_t caught;

/* Async-signal-safe: one store, or the default action for an impatient second signal. */
static void on_signal(int sig)
{
	if (caught == sig) {
		lp_cleanup_now(); /* the client's groups first: the default action skips atexit */
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	if (!caught)
		caught = sig;
}

void lp_interrupt_install(void)
{
	struct sigaction sa = {0};
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART; /* pipes to the checker and the fork server keep working */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

int lp_interrupt_signal(void) { return caught; }

const char *lp_interrupt_name(void)
{
	return caught == SIGINT ? "SIGINT" : caught == SIGTERM ? "SIGTERM" : NULL;
}
