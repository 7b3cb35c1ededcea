/* outcome.h — a client appends one line of what its operations returned to the file
 * $LITMUS_OUT (when set), so that a test can compare the outcomes two searches reach
 * (tests/e2e/t0896). Header only. */
#ifndef TESTS_PROGS_OUTCOME_H
#define TESTS_PROGS_OUTCOME_H

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static inline int outcome_write(const char *line)
{
	const char *out = getenv("LITMUS_OUT");
	if (!out)
		return 0;
	int fd = open(out, O_WRONLY | O_APPEND | O_CREAT, 0644);
	if (fd < 0)
		return 1;
	ssize_t n = write(fd, line, strlen(line));
	close(fd);
	return n == (ssize_t)strlen(line) ? 0 : 1;
}

#endif
