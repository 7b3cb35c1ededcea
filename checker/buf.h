/* checker/buf.h — growable text buffer: the checker's reports are built here, free of I/O. */
#ifndef LP_CHECKER_BUF_H
#define LP_CHECKER_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct lp_buf {
	char *s;    /* NUL-terminated; NULL until the first append */
	size_t len;
	size_t cap;
};

void lp_buf_reset(struct lp_buf *b);
void lp_buf_free(struct lp_buf *b);
void lp_buf_add(struct lp_buf *b, const char *s, size_t n);
void lp_buf_puts(struct lp_buf *b, const char *s);
__attribute__((format(printf, 2, 3))) void lp_buf_printf(struct lp_buf *b, const char *fmt, ...);
void lp_buf_pad(struct lp_buf *b, size_t n); /* n spaces */
const char *lp_buf_str(const struct lp_buf *b); /* "" when empty */

#endif
