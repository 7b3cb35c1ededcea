/* common/buf.c — growable text buffer (dies on out-of-memory like the rest of the cli and
 * the checker). */
#include "lineup/buf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lineup/die.h"

static void reserve(struct lp_buf *b, size_t more)
{
	if (b->len + more + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + more + 1)
		cap *= 2;
	b->s = lp_xrealloc(b->s, cap);
	b->cap = cap;
}

void lp_buf_add(struct lp_buf *b, const char *s, size_t n)
{
	reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void lp_buf_puts(struct lp_buf *b, const char *s) { lp_buf_add(b, s, strlen(s)); }

void lp_buf_printf(struct lp_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	BUG_ON(n < 0);
	reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void lp_buf_pad(struct lp_buf *b, size_t n)
{
	reserve(b, n);
	memset(b->s + b->len, ' ', n);
	b->len += n;
	b->s[b->len] = 0;
}

const char *lp_buf_str(const struct lp_buf *b) { return b->s ? b->s : ""; }

char *lp_buf_take(struct lp_buf *b)
{
	char *s = b->s ? b->s : lp_xstrdup("");
	memset(b, 0, sizeof *b);
	return s;
}

void lp_buf_reset(struct lp_buf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = 0;
}

void lp_buf_free(struct lp_buf *b)
{
	free(b->s);
	memset(b, 0, sizeof *b);
}

int lp_buf_read_fd(struct lp_buf *b, int fd)
{
	for (;;) {
		reserve(b, 4096);
		ssize_t n = read(fd, b->s + b->len, b->cap - b->len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			b->s[b->len] = 0;
			return n < 0 ? -1 : 0;
		}
		b->len += (size_t)n;
	}
}

int lp_buf_read_file(struct lp_buf *b, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int r = lp_buf_read_fd(b, fd), saved = errno;
	close(fd);
	errno = saved;
	return r;
}

char *lp_slurp(const char *path)
{
	struct lp_buf b = {0};
	if (lp_buf_read_file(&b, path)) {
		lp_buf_free(&b);
		return NULL;
	}
	return lp_buf_take(&b);
}
