/* cli/run/replay-cmd.c — builds the replay command line, shell-quoted. */
#include "replay-cmd.h"

#include <string.h>

void lp_shell_quote(struct lp_buf *b, const char *s)
{
	if (*s &&
	    strspn(s,
		   "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./:,@%^") ==
		strlen(s)) {
		lp_buf_puts(b, s);
		return;
	}
	lp_buf_puts(b, "'");
	for (; *s; s++) {
		if (*s == '\'')
			lp_buf_puts(b, "'\\''");
		else
			lp_buf_add(b, s, 1);
	}
	lp_buf_puts(b, "'");
}

char *lp_replay_command(const char *prog, const struct lp_options *o, const char *schedule)
{
	struct lp_buf b = {0};
	lp_shell_quote(&b, prog);
	for (int i = 0; i < o->n_given; i++) {
		lp_buf_printf(&b, " --%s", o->given[i].name);
		if (o->given[i].value) {
			lp_buf_puts(&b, " ");
			lp_shell_quote(&b, o->given[i].value);
		}
	}
	lp_buf_puts(&b, " --replay ");
	lp_shell_quote(&b, schedule);
	if (o->client_argc)
		lp_buf_puts(&b, " --");
	for (int i = 0; i < o->client_argc; i++) {
		lp_buf_puts(&b, " ");
		lp_shell_quote(&b, o->client_argv[i]);
	}
	return lp_buf_take(&b);
}
