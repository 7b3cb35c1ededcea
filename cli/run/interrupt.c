/* cli/run/interrupt.c — SIGINT and SIGTERM end a check promptly (see interrupt.h). */
#include "interrupt.h"

#include "cleanup.h"
#include "lineup/exit-codes.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <time.h>

static volatile sig_atomic_t caught;
static struct timespec caught_at; /* written by the handler alone, both signals blocked */
static void (*stop_fn)(void *);
static void *stop_arg;

/* Async-signal-safe: the first signal is noted (the checker killed: the run ends without
 * its answer); a repeat within a second is the same one; a later one ends the process. */
static void on_signal(int sig)
{
	int saved = errno;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (!caught) {
		caught = sig;
		caught_at = now;
		lp_cleanup_helpers();
		errno = saved;
		return;
	}
	long ms = (long)(now.tv_sec - caught_at.tv_sec) * 1000 +
		  (now.tv_nsec - caught_at.tv_nsec) / 1000000;
	if (ms < 1000) {
		errno = saved;
		return;
	}
	lp_cleanup_now(); /* the client's groups first: the default action skips atexit */
	signal(sig, SIG_DFL);
	raise(sig);
}

void lp_interrupt_install(void)
{
	struct sigaction sa = {0};
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART; /* pipes to the checker and the fork server keep working */
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGINT);
	sigaddset(&sa.sa_mask, SIGTERM);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

int lp_interrupt_signal(void) { return caught; }

const char *lp_interrupt_name(void)
{
	return caught == SIGINT ? "SIGINT" : caught == SIGTERM ? "SIGTERM" : NULL;
}

void lp_interrupt_on_stop(void (*fn)(void *arg), void *arg)
{
	stop_fn = fn;
	stop_arg = arg;
}

void lp_interrupt_poll(void)
{
	void (*fn)(void *) = stop_fn;
	if (!caught || !fn)
		return;
	stop_fn = NULL; /* once: the report it prints may wait again */
	fn(stop_arg);
}

int lp_interrupt_exit_status(int rc) { return caught ? LP_EXIT_SIGNAL_BASE + caught : rc; }
