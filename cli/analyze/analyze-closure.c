/* cli/analyze/analyze-closure.c — the client's library closure as the loader resolves it: runs
 * the client's own interpreter on it with LD_TRACE_LOADED_OBJECTS=1 (what ldd does: the
 * loader lists the objects and exits, no client code runs) and parses its
 * "name => path (address)" lines. Unlike --list, this mode lists missing libraries as
 * "name => not found" instead of failing on the first. */
#include "analyze-internal.h"
#include "lineup/buf.h"
#include "lineup/die.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define fail(...) lp_analyze_fail(err, errsize, __VA_ARGS__)

static void add(struct lp_closure *cl, const char *name, size_t nlen, const char *path, size_t plen,
		bool missing)
{
	cl->ents = lp_xrealloc(cl->ents, sizeof(*cl->ents) * (size_t)(cl->n + 1));
	struct lp_closure_ent *e = &cl->ents[cl->n++];
	memset(e, 0, sizeof(*e));
	e->name = strndup(name, nlen);
	e->path = path ? strndup(path, plen) : NULL;
	if (!e->name || (path && !e->path))
		lp_die(2, "out of memory");
	e->missing = missing;
}

/* Length of s up to " (0x" (the load address), or of the whole line. */
static size_t before_address(const char *s, size_t len)
{
	for (size_t i = 0; i + 3 < len; i++)
		if (!memcmp(s + i, " (0x", 4))
			return i;
	return len;
}

int lp_closure_parse(const char *text, struct lp_closure *cl, char *err, size_t errsize)
{
	memset(cl, 0, sizeof(*cl));
	for (const char *line = text; *line;) {
		const char *eol = strchrnul(line, '\n');
		const char *s = line;
		while (s < eol && (*s == ' ' || *s == '\t'))
			s++;
		size_t len = (size_t)(eol - s);
		const char *arrow = memmem(s, len, " => ", 4);
		if (arrow) {
			const char *p = arrow + 4;
			size_t plen = (size_t)(eol - p);
			if (plen >= 9 && !memcmp(p, "not found", 9))
				add(cl, s, (size_t)(arrow - s), NULL, 0, true);
			else if (plen && *p != '(')
				add(cl, s, (size_t)(arrow - s), p, before_address(p, plen), false);
			else /* "name =>  (0x...)": a virtual object */
				add(cl, s, (size_t)(arrow - s), NULL, 0, false);
		} else if (len && memmem(s, len, " (0x", 4)) {
			size_t n = before_address(s, len);
			add(cl, s, n, *s == '/' ? s : NULL, n, false);
		}
		line = *eol ? eol + 1 : eol;
	}
	return 0;
}

static bool contains(const char *s, size_t len, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(s + i, needle, n))
			return true;
	return false;
}

/* First line of out that is not a closure line, for the error message. */
static void first_other_line(const char *out, char *buf, size_t size)
{
	for (const char *line = out; *line;) {
		const char *eol = strchrnul(line, '\n');
		size_t len = (size_t)(eol - line);
		if (len && !contains(line, len, " => ") && !contains(line, len, " (0x")) {
			snprintf(buf, size, "%.*s", (int)len, line);
			return;
		}
		line = *eol ? eol + 1 : eol;
	}
	snprintf(buf, size, "no explanation");
}

int lp_closure_load(const struct lp_client *c, struct lp_closure *cl, char *err, size_t errsize)
{
	memset(cl, 0, sizeof(*cl));
	int pfd[2];
	if (pipe2(pfd, O_CLOEXEC) != 0)
		return fail("cannot create a pipe: %s", strerror(errno));
	/* The environment is built before the fork: the child only dups and execs. */
	extern char **environ;
	int nenv = 0;
	while (environ[nenv])
		nenv++;
	char **envp = lp_xcalloc((size_t)nenv + 2, sizeof(*envp));
	int k = 0;
	envp[k++] = "LD_TRACE_LOADED_OBJECTS=1";
	for (int i = 0; i < nenv; i++)
		if (strncmp(environ[i], "LD_TRACE_LOADED_OBJECTS=", 24))
			envp[k++] = environ[i];
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		free(envp);
		return fail("cannot fork to run the loader: %s", strerror(errno));
	}
	if (pid == 0) {
		dup2(pfd[1], 1);
		dup2(pfd[1], 2);
		int devnull = open("/dev/null", O_RDONLY);
		if (devnull >= 0)
			dup2(devnull, 0);
		char *argv[] = {c->interp, c->path, NULL};
		execve(c->interp, argv, envp);
		dprintf(2, "cannot run the loader: %s\n", strerror(errno));
		_exit(127);
	}
	free(envp);
	close(pfd[1]);
	struct lp_buf text = {0};
	lp_buf_read_fd(&text, pfd[0]); /* a read error leaves what came before it */
	char *out = lp_buf_take(&text);
	close(pfd[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	lp_closure_parse(out, cl, err, errsize);
	for (int i = 0; i < cl->n; i++) {
		struct lp_closure_ent *e = &cl->ents[i];
		if (e->missing) {
			fail("the loader cannot find '%s', which client '%s' needs: add its "
			     "directory to LD_LIBRARY_PATH or install it",
			     e->name, c->name);
			goto bad;
		}
		struct stat st;
		if (e->path && stat(e->path, &st) == 0) {
			e->dev = st.st_dev;
			e->ino = st.st_ino;
		}
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || cl->n == 0) {
		char why[256];
		first_other_line(out, why, sizeof(why));
		fail("the loader '%s' cannot list the libraries of client '%s': %s", c->interp,
		     c->path, why);
		goto bad;
	}
	free(out);
	return 0;
bad:
	free(out);
	lp_closure_free(cl);
	return -1;
}

void lp_closure_free(struct lp_closure *cl)
{
	for (int i = 0; i < cl->n; i++) {
		free(cl->ents[i].name);
		free(cl->ents[i].path);
	}
	free(cl->ents);
	memset(cl, 0, sizeof(*cl));
}
