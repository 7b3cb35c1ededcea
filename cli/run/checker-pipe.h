/* cli/run/checker-pipe.h — a `lineup-checker --server` child: histories in, one reply each
 * (protocol.h, "cli <-> lineup-checker --server"). */
#ifndef LINEUP_CLI_CHECKER_PIPE_H
#define LINEUP_CLI_CHECKER_PIPE_H

#include <stdio.h>
#include <sys/types.h>

#include "cli/options.h"

enum lp_check_reply { LP_CHECK_OK, LP_CHECK_VIOLATION, LP_CHECK_NONDETERMINISTIC, LP_CHECK_ERROR };

struct lp_checker_pipe {
	pid_t pid;
	FILE *in, *out; /* its stdin (we write), its stdout (we read) */
	char *path;
};

void lp_checker_pipe_start(struct lp_checker_pipe *c, const struct lp_options *o);
/* Sends one history; returns the reply; *text gets the report text (malloc'ed) or NULL. */
enum lp_check_reply lp_checker_pipe_send(struct lp_checker_pipe *c, const char *history,
					 char **text);
/* Closes its input (it then writes --observations) and waits; dies if it failed. */
void lp_checker_pipe_finish(struct lp_checker_pipe *c);

#endif
