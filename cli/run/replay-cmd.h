/* cli/run/replay-cmd.h — the shell command that reruns one schedule (printed in reports). */
#ifndef LINEUP_CLI_REPLAY_CMD_H
#define LINEUP_CLI_REPLAY_CMD_H

#include "lineup/buf.h"
#include "cli/options.h"

/* Appends s quoted for a POSIX shell (unquoted when it has only safe characters). */
void lp_shell_quote(struct lp_buf *b, const char *s);
/* "PROG [replay-relevant options] --replay SCHEDULE -- CLIENT ARGS..." (malloc'ed). */
char *lp_replay_command(const char *prog, const struct lp_options *o, const char *schedule);

#endif
