/* cli/run/checker-pipe.c — runs lineup-checker --server and speaks its line protocol. */
#include "checker-pipe.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "cleanup.h"
#include "find-programs.h"
#include "interrupt.h"
#include "run-server.h"

void lp_checker_pipe_start(struct lp_checker_pipe *c, const struct lp_options *o)
{
	c->path = lp_find_checker();
	const char **argv = lp_xcalloc((size_t)(9 + 2 * o->n_quasi), sizeof *argv);
	int n = 0;
	argv[n++] = c->path;
	argv[n++] = "--server";
	if (o->criterion)
		argv[n++] = "--criterion", argv[n++] = o->criterion;
	for (int i = 0; i < o->n_quasi; i++)
		argv[n++] = "--quasi", argv[n++] = o->quasi[i];
	if (o->observations)
		argv[n++] = "--observations", argv[n++] = o->observations;
	if (o->spec_from)
		argv[n++] = "--golden";
	else if (c->lazy)
		argv[n++] = "--lazy";
	argv[n] = NULL;
	int in[2], out[2];
	if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC))
		lp_die(LP_EXIT_USAGE, "cannot create pipes: %s", strerror(errno));
	signal(SIGPIPE, SIG_IGN);
	fflush(NULL);
	pid_t cli = getpid();
	c->pid = fork();
	if (c->pid < 0)
		lp_die(LP_EXIT_USAGE, "cannot fork: %s", strerror(errno));
	if (c->pid == 0) {
		/* A ^C at the terminal (or timeout(1)) signals the whole group: the cli ends
		 * the run and kills the checker itself (cli/run/interrupt.c); and it dies with
		 * the cli, whatever kills that (a cli gone before the prctl: getppid). */
		signal(SIGINT, SIG_IGN);
		signal(SIGTERM, SIG_IGN);
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != cli)
			_exit(LP_EXIT_USAGE);
		dup2(in[0], 0);
		dup2(out[1], 1);
		execv(c->path, (char **)argv);
		fprintf(stderr, "lineup-preload: cannot execute '%s': %s\n", c->path,
			strerror(errno));
		_exit(LP_EXIT_USAGE);
	}
	lp_cleanup_watch_helper(c->pid);
	close(in[0]);
	close(out[1]);
	c->in = fdopen(in[1], "w");
	c->out = fdopen(out[0], "r");
	free(argv);
}

static void reap(struct lp_checker_pipe *c, int *status)
{
	while (waitpid(c->pid, status, 0) < 0 && errno == EINTR)
		;
	lp_cleanup_forget_helper(c->pid);
	c->pid = 0;
}

static void died(struct lp_checker_pipe *c)
{
	/* An interrupt killed it: the run ends with what it checked. */
	lp_interrupt_poll();
	if (lp_interrupt_signal())
		lp_die(lp_interrupt_exit_status(0), "interrupted by %s", lp_interrupt_name());
	int status = 0;
	reap(c, &status);
	if (WIFSIGNALED(status))
		lp_die(LP_EXIT_USAGE,
		       "'%s' was killed by signal %d: this is a bug in lineup-checker", c->path,
		       WTERMSIG(status));
	lp_die(LP_EXIT_USAGE,
	       "'%s --server' exited with status %d while checking: see its message above", c->path,
	       WEXITSTATUS(status));
}

/* "ask N" and N bytes of request: runs it, writes "answer N" or "error N" and the text. */
static void answer(struct lp_checker_pipe *c, const char *count)
{
	char *end;
	unsigned long n = strtoul(count, &end, 10);
	if (*end != '\n' || n > (1ul << 20) || !c->ask)
		lp_die(LP_EXIT_USAGE,
		       "unexpected request from '%s --server': is it from the same "
		       "version?",
		       c->path);
	char *req = lp_xmalloc(n + 1);
	if (fread(req, 1, n, c->out) != n)
		died(c);
	req[n] = 0;
	struct lp_buf a = {0};
	bool ok = c->ask(c->ask_ctx, req, &a);
	fprintf(c->in, "%s %zu\n", ok ? "answer" : "error", a.len);
	if (fwrite(lp_buf_str(&a), 1, a.len, c->in) != a.len || fflush(c->in) == EOF)
		died(c);
	lp_buf_free(&a);
	free(req);
}

enum lp_check_reply lp_checker_pipe_send(struct lp_checker_pipe *c, const char *history,
					 char **text)
{
	*text = NULL;
	c->sent++;
	if (fputs(history, c->in) == EOF || fflush(c->in) == EOF)
		died(c);
	char line[128];
	if (!fgets(line, sizeof line, c->out))
		died(c);
	while (!strncmp(line, "ask ", 4)) { /* the checker needs a run first */
		answer(c, line + 4);
		if (!fgets(line, sizeof line, c->out))
			died(c);
	}
	if (!strcmp(line, "ok\n"))
		return LP_CHECK_OK;
	static const struct {
		const char *word;
		enum lp_check_reply r;
	} kinds[] = {{"violation ", LP_CHECK_VIOLATION},
		     {"nondeterministic ", LP_CHECK_NONDETERMINISTIC},
		     {"error ", LP_CHECK_ERROR}};
	for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
		size_t wl = strlen(kinds[k].word);
		if (strncmp(line, kinds[k].word, wl))
			continue;
		char *end;
		unsigned long n = strtoul(line + wl, &end, 10);
		if (*end != '\n' || n > (1ul << 30))
			break;
		char *t = lp_xmalloc(n + 1);
		if (fread(t, 1, n, c->out) != n)
			died(c);
		t[n] = 0;
		*text = t;
		return kinds[k].r;
	}
	line[strcspn(line, "\n")] = 0;
	lp_die(LP_EXIT_USAGE,
	       "unexpected reply '%s' from '%s --server': is it from the same version?", line,
	       c->path);
}

void lp_checker_pipe_finish(struct lp_checker_pipe *c)
{
	if (!c->pid)
		return;
	fclose(c->in);
	int status = 0;
	reap(c, &status);
	fclose(c->out);
	free(c->path);
	c->path = NULL;
	/* killed by an interrupt (interrupt.h): the run ends without its observations */
	bool killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
	if ((!WIFEXITED(status) || WEXITSTATUS(status) != 0) && !(killed && lp_interrupt_signal()))
		lp_die(LP_EXIT_USAGE,
		       "'lineup-checker --server' failed at the end (status %d): see its message "
		       "above",
		       status);
}
