/* include/lineup/buf.h — a growable text buffer for building histories, reports and JSON,
 * shared by the cli and the checker (common/buf.c; never linked into the preload). */
#ifndef LINEUP_BUF_H
#define LINEUP_BUF_H

#include <stddef.h>

struct lp_buf {
	char *s; /* NUL-terminated; NULL until something is added */
	size_t len, cap;
};

__attribute__((format(printf, 2, 3))) void lp_buf_printf(struct lp_buf *b, const char *fmt, ...);
void lp_buf_add(struct lp_buf *b, const char *s, size_t n);
void lp_buf_puts(struct lp_buf *b, const char *s);
void lp_buf_pad(struct lp_buf *b, size_t n); /* n spaces */
/* The text so far, "" when empty; stays owned by the buffer. */
const char *lp_buf_str(const struct lp_buf *b);
/* Returns the text (caller frees; "" when empty) and resets the buffer. */
char *lp_buf_take(struct lp_buf *b);
/* Empties the buffer and keeps its memory. */
void lp_buf_reset(struct lp_buf *b);
void lp_buf_free(struct lp_buf *b);
/* Appends everything read from fd up to its end; -1 with errno set on a read error (what
 * was read before it stays). */
int lp_buf_read_fd(struct lp_buf *b, int fd);
/* Appends the whole file at path; -1 with errno set when it cannot be read. */
int lp_buf_read_file(struct lp_buf *b, const char *path);
/* The whole file at path as a string (caller frees); NULL with errno set when unreadable. */
char *lp_slurp(const char *path);

#endif
