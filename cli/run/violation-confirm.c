/* cli/run/violation-confirm.c — before a violation is claimed: its observations are the
 * right ones (symmetry, lazy phase 1, -f) and the refuting serial executions reproduce. */
#include "phases-internal.h"

#include <stdlib.h>

#include "lineup/buf.h"
#include "lineup/exit-codes.h"

/* The last step before a violation is claimed: the checker has the serial executions that
 * refute the history run again (checker/confirm.c). A component whose results vary from run
 * to run shows it there, whatever phase 1's mode, and is reported as nondeterministic:
 * a violation is only claimed on observations that reproduced. */
static int confirm_reproduced(struct lp_ctx *c, const char *history, enum lp_check_reply *r,
			      char **text)
{
	lp_lazy_serve(c);
	struct lp_buf req = {0};
	lp_buf_printf(&req, "confirm\n%s", history);
	free(*text);
	*text = NULL;
	/* Its runs are the confirmation's: phase 1's figures stay those of phase 1. */
	uint64_t p1_execs = c->sum.p1_executions, p1_hist = c->sum.p1_histories;
	double p1_lazy = c->p1.lazy_seconds;
	*r = lp_checker_pipe_send(&c->ck, lp_buf_str(&req), text);
	c->sum.confirm_executions += c->sum.p1_executions - p1_execs;
	c->sum.p1_executions = p1_execs;
	c->sum.p1_histories = p1_hist;
	c->p1.lazy_seconds = p1_lazy;
	lp_buf_free(&req);
	if (*r == LP_CHECK_NONDETERMINISTIC)
		return lp_phases_nondeterministic(c, *text);
	return LP_EXIT_OK;
}

/* The observations a violation was found against are the right ones: symmetry, lazy
 * phase 1 and -f each have their way to check (lp_phases_confirm's first steps). */
static int confirm_observations(struct lp_ctx *c, const char *history, enum lp_check_reply *r,
				char **text);

int lp_phases_confirm(struct lp_ctx *c, const char *history, enum lp_check_reply *r, char **text)
{
	if (*r != LP_CHECK_VIOLATION || c->o->spec_from) /* the model is the specification */
		return LP_EXIT_OK;
	int rc = confirm_observations(c, history, r, text);
	if (rc != LP_EXIT_OK || *r != LP_CHECK_VIOLATION)
		return rc;
	return confirm_reproduced(c, history, r, text);
}

static int confirm_observations(struct lp_ctx *c, const char *history, enum lp_check_reply *r,
				char **text)
{
	/* Observations derived by symmetry assume the identical threads are interchangeable:
	 * a violation against them is confirmed against every serial order run. */
	if (c->sum.p1_derived) {
		char *sym = c->sum.p1_symmetry;
		c->sum.p1_symmetry = NULL;
		int rc = lp_phase1_rerun(c);
		if (rc != LP_EXIT_OK) {
			free(sym);
			return rc;
		}
		free(*text);
		*text = NULL;
		*r = lp_checker_pipe_send(&c->ck, history, text);
		if (*r == LP_CHECK_OK)
			lp_summary_warn(&c->sum,
					"a history failed against serial histories derived "
					"by swapping identical threads and passed against "
					"every serial order run: the threads are not "
					"interchangeable, so phase 1 now runs every order");
		free(sym);
		if (*r != LP_CHECK_VIOLATION)
			return LP_EXIT_OK;
	}
	if (c->sv.run_flags & LP_RUN_SERIAL_SWITCHES)
		return LP_EXIT_OK;
	/* Lazy: the serial execution starting the operations in the order of their calls, run
	 * now, is the likeliest to make the same calls (a library whose results vary from run
	 * to run may show it here already; confirm_reproduced checks every refuting run). */
	if (c->p1.lazy) {
		char *order = lp_lazy_call_order(history);
		char *serial = lp_lazy_run(c, order);
		free(order);
		if (serial) {
			free(*text);
			*text = NULL;
			*r = lp_checker_pipe_send(&c->ck, serial, text);
			free(serial);
			if (*r != LP_CHECK_OK)
				return *r == LP_CHECK_NONDETERMINISTIC
					   ? lp_phases_nondeterministic(c, *text)
					   : LP_EXIT_OK;
			free(*text);
			*text = NULL;
			*r = lp_checker_pipe_send(&c->ck, history, text);
			if (*r != LP_CHECK_VIOLATION)
				return LP_EXIT_OK;
		}
	}
	/* Some serial execution made exactly these calls, thread by thread: the client's own
	 * code chose the same calls in both, so the observations do cover them. Not with -f:
	 * target calls it left unrecorded run in the client's code, at other places among the
	 * operations than in the serial orders. */
	if (!c->o->n_globs && lp_keyset_has(&c->p1.call_keys, lp_calls_key(history)))
		return LP_EXIT_OK;
	/* Fresh observations: a new checker, phase 1 again branching at every switch point. */
	c->sv.run_flags |= LP_RUN_SERIAL_SWITCHES;
	int rc = lp_phase1_rerun(c);
	c->sum.p1_mode = "eager, every switch point";
	if (rc != LP_EXIT_OK)
		return rc;
	free(*text);
	*text = NULL;
	*r = lp_checker_pipe_send(&c->ck, history, text);
	if (*r == LP_CHECK_OK && c->o->n_globs)
		lp_summary_warn(&c->sum, "a history failed against the serial orders of the "
					 "operations alone and passed once phase 1 "
					 "also ordered the client's own code between operations: "
					 "target calls that -f leaves out of the operations "
					 "change what they see, so phase 1 now branches at every "
					 "switch point");
	else if (*r == LP_CHECK_OK)
		lp_summary_warn(&c->sum, "a history failed against the serial orders of the "
					 "operations alone and passed once phase 1 "
					 "also ordered the client's own code between operations: "
					 "the client's threads interact outside the "
					 "library, so phase 1 now branches at every switch point");
	return LP_EXIT_OK;
}
