/* cli/run/checker-pipe.h — a `lineup-checker --server` child: histories in, one reply each
 * (protocol.h, "cli <-> lineup-checker --server"). */
#ifndef LINEUP_CLI_CHECKER_PIPE_H
#define LINEUP_CLI_CHECKER_PIPE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "cli/options.h"

enum lp_check_reply { LP_CHECK_OK, LP_CHECK_VIOLATION, LP_CHECK_NONDETERMINISTIC, LP_CHECK_ERROR };

struct lp_buf;
/* --spec-from, lazy phase 1: runs a request of the checker (checker.h, lp_golden_ask_fn) about
 * the history being checked; fills answer, or a one-line reason and false. */
typedef bool (*lp_checker_ask_fn)(void *ctx, const char *request, struct lp_buf *answer);

struct lp_checker_pipe {
	pid_t pid;
	FILE *in, *out; /* its stdin (we write), its stdout (we read) */
	char *path;
	lp_checker_ask_fn ask; /* with --spec-from the checker runs with --golden */
	void *ask_ctx;
	bool lazy;     /* lazy phase 1: the checker runs with --lazy, asks through ask */
	uint64_t sent; /* histories sent so far: asks are about the last one */
};

void lp_checker_pipe_start(struct lp_checker_pipe *c, const struct lp_options *o);
/* Sends one history; returns the reply; *text gets the report text (malloc'ed) or NULL. */
enum lp_check_reply lp_checker_pipe_send(struct lp_checker_pipe *c, const char *history,
					 char **text);
/* Closes its input (it then writes --observations) and waits; dies if it failed. */
void lp_checker_pipe_finish(struct lp_checker_pipe *c);

#endif
