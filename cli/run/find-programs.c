/* cli/run/find-programs.c — locates lineup-checker, lineup-driver and the preload library
 * (find-programs.h). */
#include "find-programs.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

#ifndef LP_BINDIR
#define LP_BINDIR "/usr/local/bin"
#endif
#ifndef LP_LIBDIR
#define LP_LIBDIR "/usr/local/lib"
#endif

static char *exe_dir(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
	if (n <= 0)
		return NULL;
	buf[n] = 0;
	char *slash = strrchr(buf, '/');
	if (slash)
		*slash = 0;
	return lp_xstrdup(buf);
}

static char *find_in(const char *dir, const char *name, int mode)
{
	if (!dir)
		return NULL;
	struct lp_buf b = {0};
	lp_buf_printf(&b, "%s/%s", dir, name);
	if (access(b.s, mode) == 0)
		return lp_buf_take(&b);
	lp_buf_free(&b);
	return NULL;
}

/* An executable next to lineup-preload, else in its install folder; what and fix word the
 * error. */
static char *find_program(const char *name, const char *installed, const char *what,
			  const char *fix)
{
	char *dir = exe_dir();
	char *p = find_in(dir, name, X_OK);
	free(dir);
	if (!p)
		p = find_in(installed, name, X_OK);
	if (!p)
		lp_die(LP_EXIT_USAGE, "cannot find %s'%s' next to lineup-preload or in '%s': %s",
		       what, name, installed, fix);
	return p;
}

char *lp_find_driver(void)
{
	return find_program("lineup-driver", LP_PKGLIBEXECDIR, "the test driver ",
			    "install them together");
}

char *lp_find_checker(void)
{
	return find_program("lineup-checker", LP_BINDIR, "", "install both programs together");
}

char *lp_find_preload(void)
{
	const char *env = getenv("LINEUP_PRELOAD_LIB");
	if (env && *env) {
		if (access(env, R_OK))
			lp_die(LP_EXIT_USAGE, "cannot read '%s' named by LINEUP_PRELOAD_LIB: %s",
			       env, strerror(errno));
		char *abs = realpath(env, NULL);
		return abs ? abs : lp_xstrdup(env);
	}
	char *dir = exe_dir(), *p = NULL;
	if (dir) {
		struct lp_buf b = {0};
		lp_buf_printf(&b, "%s/.libs", dir);
		p = find_in(b.s, "liblineup-preload.so", R_OK);
		lp_buf_free(&b);
		if (!p)
			p = find_in(dir, "liblineup-preload.so", R_OK);
	}
	free(dir);
	if (!p)
		p = find_in(LP_LIBDIR, "liblineup-preload.so", R_OK);
	if (!p)
		lp_die(LP_EXIT_USAGE,
		       "cannot find 'liblineup-preload.so' in the build tree or '%s': set "
		       "LINEUP_PRELOAD_LIB to its path",
		       LP_LIBDIR);
	return p;
}
