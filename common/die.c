/* common/die.c — die/warn/BUG_ON and allocation helpers shared by cli and checker. */
#include "lineup/die.h"
#include "lineup/exit-codes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *lp_progname = "lineup";

static void vreport(const char *kind, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: %s", lp_progname, kind);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void lp_die(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport("", fmt, ap);
	va_end(ap);
	exit(status);
}

void lp_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

void lp_bug(const char *file, int line, const char *cond)
{
	fflush(stdout);
	fprintf(stderr, "%s: BUG at %s:%d: %s\n", lp_progname, file, line, cond);
	abort();
}

int lp_errf(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (errsize > 0)
		vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
	return -1;
}

static void *checked(void *p)
{
	if (!p)
		lp_die(LP_EXIT_USAGE, "out of memory");
	return p;
}

void *lp_xmalloc(size_t n) { return checked(malloc(n ? n : 1)); }
void *lp_xcalloc(size_t n, size_t size) { return checked(calloc(n ? n : 1, size ? size : 1)); }
void *lp_xrealloc(void *p, size_t n) { return checked(realloc(p, n ? n : 1)); }
char *lp_xstrdup(const char *s) { return checked(strdup(s)); }
