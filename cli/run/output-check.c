/* cli/run/output-check.c — an output path is checked up front (output-check.h). */
#include "output-check.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

static void fail(const char *option, const char *path, const char *why)
{
	lp_die(LP_EXIT_USAGE, "cannot write %s '%s': %s: give a writable path", option, path, why);
}

void lp_output_check(const char *path, const char *option)
{
	if (!path)
		return;
	if (!*path)
		fail(option, path, "empty path");
	struct stat st;
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			fail(option, path, "it is a directory");
		int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK);
		if (fd < 0)
			fail(option, path, strerror(errno));
		close(fd);
		return;
	}
	if (errno != ENOENT)
		fail(option, path, strerror(errno));
	/* Not there yet: its directory must take a new file. */
	struct lp_buf dir = {0};
	const char *slash = strrchr(path, '/');
	if (!slash)
		lp_buf_puts(&dir, ".");
	else if (slash == path)
		lp_buf_puts(&dir, "/");
	else
		lp_buf_add(&dir, path, (size_t)(slash - path));
	const char *why = NULL;
	if (stat(dir.s, &st) != 0)
		why = errno == ENOENT ? "its directory does not exist" : strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = "its directory is not a directory";
	else if (access(dir.s, W_OK | X_OK) != 0)
		why = strerror(errno);
	lp_buf_free(&dir);
	if (why)
		fail(option, path, why);
}
