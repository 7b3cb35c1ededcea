/* include/lineup/die.h — error reporting for the cli and the checker (never the preload).
 * die(): a user or environment error, one line "PROG: message" then exit(status).
 * Say what is wrong first, quote the subject, no trailing full stop, add the fix. */
#ifndef LINEUP_DIE_H
#define LINEUP_DIE_H

#include <stddef.h>

extern const char *lp_progname; /* set once in main() */

__attribute__((noreturn, format(printf, 2, 3))) void lp_die(int status, const char *fmt, ...);
__attribute__((format(printf, 1, 2))) void lp_warn(const char *fmt, ...);
__attribute__((noreturn)) void lp_bug(const char *file, int line, const char *cond);

/* Stays on in release builds. */
#define BUG_ON(cond)                                                                               \
	do {                                                                                       \
		if (__builtin_expect(!!(cond), 0))                                                 \
			lp_bug(__FILE__, __LINE__, #cond);                                         \
	} while (0)

/* Formats an error into err (errsize bytes, may be 0) and returns -1: for functions that
 * report errors to their caller instead of dying. */
__attribute__((format(printf, 3, 4))) int lp_errf(char *err, size_t errsize, const char *fmt, ...);

void *lp_xmalloc(size_t n);
void *lp_xcalloc(size_t n, size_t size);
void *lp_xrealloc(void *p, size_t n);
char *lp_xstrdup(const char *s);

#endif
