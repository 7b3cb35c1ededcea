/* cli/analyze/header-types.c — types of a stripped target's functions from its C header
 * (--header, --pkg-config, and a description's header and pkg-config lines): the system
 * compiler turns a generated translation unit that takes the address of every wanted
 * function into a small shared object with DWARF, whose declarations dwarf-types.c reads
 * like a client's. The compiler resolves typedefs, enums and includes exactly as the
 * user's own build would; no C parser of our own. */
#include "analyze-internal.h"
#include "lineup/buf.h"
#include "lineup/die.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define fail(...) lp_analyze_fail(err, errsize, __VA_ARGS__)

/* 'text' quoted for sh. */
static void shell_quote(struct lp_buf *b, const char *text)
{
	lp_buf_puts(b, "'");
	for (const char *c = text; *c; c++)
		if (*c == '\'')
			lp_buf_puts(b, "'\\''");
		else
			lp_buf_add(b, c, 1);
	lp_buf_puts(b, "'");
}

/* Runs cmd with sh; its stdout (trailing newline cut) in *out. Returns the exit status
 * (-1 when it could not run). */
static int run_capture(const char *cmd, char **out)
{
	struct lp_buf b = {0};
	FILE *p = popen(cmd, "r");
	if (!p) {
		*out = lp_xstrdup("");
		return -1;
	}
	char chunk[4096];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, p)) > 0)
		lp_buf_add(&b, chunk, n);
	int st = pclose(p);
	lp_buf_puts(&b, "");
	*out = lp_buf_take(&b);
	size_t len = strlen(*out);
	while (len && ((*out)[len - 1] == '\n' || (*out)[len - 1] == ' '))
		(*out)[--len] = 0;
	return st == -1 ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The --cflags of every package, space separated, into b. */
static int pkg_cflags(const char *const *pkgs, int n, struct lp_buf *b, char *err, size_t errsize)
{
	for (int i = 0; i < n; i++) {
		struct lp_buf cmd = {0};
		lp_buf_puts(&cmd, "pkg-config --cflags ");
		shell_quote(&cmd, pkgs[i]);
		lp_buf_puts(&cmd, " 2>/dev/null");
		char *flags;
		int st = run_capture(lp_buf_str(&cmd), &flags);
		lp_buf_free(&cmd);
		if (st) {
			free(flags);
			return fail("pkg-config does not know '%s'%s: install its development "
				    "package, or check the name (pkg-config --list-all)",
				    pkgs[i],
				    st < 0 || st == 127 ? " (is pkg-config installed?)" : "");
		}
		lp_buf_printf(b, " %s", flags);
		free(flags);
	}
	return 0;
}

/* Writes the translation unit: the includes, then one line per wanted function (line
 * first_line + i for fns[i]) so that the compiler's errors name the function by line. */
static int write_unit(const char *path, const char *const *headers, int n_headers,
		      const struct lp_dwarf_fn *fns, const bool *skip, int n, int *first_line)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	int line = 1;
	for (int i = 0; i < n_headers; i++, line++)
		if (headers[i][0] == '<')
			fprintf(f, "#include %s\n", headers[i]);
		else
			fprintf(f, "#include \"%s\"\n", headers[i]);
	fprintf(f, "void *const lineup_header_uses[] = {\n");
	*first_line = ++line;
	for (int i = 0; i < n; i++)
		fprintf(f, "%s(void *)&%s,\n", skip[i] ? "// " : "", fns[i].name);
	fprintf(f, "0};\n");
	return fclose(f);
}

/* Compiles the unit; 0 on success. Otherwise marks in skip[] the functions whose lines
 * have errors (not declared) and returns 1, or returns -1 with the first other error. */
static int compile(const char *dir, const char *cflags, bool *skip, int n, int first_line,
		   char *err, size_t errsize, const char *headers)
{
	struct lp_buf cmd = {0};
	const char *cc = getenv("CC");
	lp_buf_printf(&cmd, "cd '%s' && LC_ALL=C %s -g -shared -fPIC -w -o unit.so unit.c %s 2>&1",
		      dir, cc && *cc ? cc : "cc", cflags);
	char *out;
	int st = run_capture(lp_buf_str(&cmd), &out);
	lp_buf_free(&cmd);
	if (st == 0) {
		free(out);
		return 0;
	}
	int marked = 0;
	const char *other = NULL;
	for (char *l = out; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		int line;
		if (strncmp(l, "unit.c:", 7) || sscanf(l + 7, "%d", &line) != 1) {
			if (!other && strstr(l, "error"))
				other = l;
			continue;
		}
		int i = line - first_line;
		if (i >= 0 && i < n && strstr(l, "error")) {
			marked += !skip[i];
			skip[i] = true;
		} else if (!other && strstr(l, "error"))
			other = l;
	}
	int rc = marked ? 1 : -1;
	if (!marked)
		fail("%s does not compile (%s): check the header and pkg-config values%s%.*s",
		     headers, st == 127 ? "no C compiler: install gcc or set CC" : "cc failed",
		     other ? ": " : "", other ? (int)strcspn(other, "\n") : 0, other ? other : "");
	free(out);
	return rc;
}

static char *header_list(const char *const *headers, int n)
{
	struct lp_buf b = {0};
	for (int i = 0; i < n; i++)
		lp_buf_printf(&b, "%s%s%s",
			      i	      ? ""
			      : n > 1 ? "headers "
				      : "header ",
			      i ? (i == n - 1 ? " and " : ", ") : "", headers[i]);
	return lp_buf_take(&b);
}

static int header_types(const char *const *shown, const char *const *headers, int n_headers,
			const char *const *pkgs, int n_pkgs, struct lp_dwarf_fn *fns, int n,
			char *err, size_t errsize);

int lp_header_types(const char *const *headers, int n_headers, const char *const *pkgs, int n_pkgs,
		    struct lp_dwarf_fn *fns, int n, char *err, size_t errsize)
{
	for (int i = 0; i < n; i++)
		fns[i].found = false;
	if (!n_headers || !n)
		return 0;
	/* the unit is compiled in its own folder: paths made absolute */
	char **abs = lp_xcalloc((size_t)n_headers, sizeof *abs);
	for (int i = 0; i < n_headers; i++) {
		if (headers[i][0] == '<') {
			abs[i] = lp_xstrdup(headers[i]);
			continue;
		}
		abs[i] = access(headers[i], R_OK) ? NULL : realpath(headers[i], NULL);
		if (!abs[i]) {
			fail("cannot read header '%s': %s: give a path (relative to the "
			     "description) or <name.h> from the include path",
			     headers[i], strerror(errno));
			for (int j = 0; j < i; j++)
				free(abs[j]);
			free(abs);
			return -1;
		}
	}
	int rc = header_types(headers, (const char *const *)abs, n_headers, pkgs, n_pkgs, fns, n,
			      err, errsize);
	for (int i = 0; i < n_headers; i++)
		free(abs[i]);
	free(abs);
	return rc;
}

/* A campaign's checks compile the same unit: LP_ENV_HEADER_CACHE (the campaign's own
 * folder, removed with it) keeps its object under a name made of everything it is built
 * from. NULL when there is no cache. */
static char *cache_path(const char *const *headers, int n_headers, const char *cflags,
			const struct lp_dwarf_fn *fns, int n)
{
	const char *dir = getenv(LP_ENV_HEADER_CACHE);
	if (!dir || !*dir)
		return NULL;
	uint64_t h = 1469598103934665603ull; /* FNV-1a */
	const char *cc = getenv("CC");
	struct lp_buf key = {0};
	lp_buf_printf(&key, "%s\n%s\n", cc ? cc : "cc", cflags);
	for (int i = 0; i < n_headers; i++)
		lp_buf_printf(&key, "%s\n", headers[i]);
	for (int i = 0; i < n; i++)
		lp_buf_printf(&key, "%s\n", fns[i].name);
	for (const char *c = lp_buf_str(&key); *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	lp_buf_free(&key);
	struct lp_buf b = {0};
	lp_buf_printf(&b, "%s/" LP_HEADER_CACHE_PREFIX "%016llx.so", dir, (unsigned long long)h);
	return lp_buf_take(&b);
}

static int header_types(const char *const *shown, const char *const *headers, int n_headers,
			const char *const *pkgs, int n_pkgs, struct lp_dwarf_fn *fns, int n,
			char *err, size_t errsize)
{
	struct lp_buf cflags = {0};
	if (pkg_cflags(pkgs, n_pkgs, &cflags, err, errsize)) {
		lp_buf_free(&cflags);
		return -1;
	}
	lp_buf_puts(&cflags, "");
	char *cached = cache_path(headers, n_headers, lp_buf_str(&cflags), fns, n);
	if (cached && !access(cached, R_OK)) { /* the undeclared ones are not in its DWARF */
		int r = lp_dwarf_types(cached, true, fns, n, err, errsize) < 0 ? -1 : 0;
		free(cached);
		lp_buf_free(&cflags);
		return r;
	}
	const char *tmpdir = getenv("TMPDIR");
	struct lp_buf d = {0};
	lp_buf_printf(&d, "%s/lineup-header.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
	char *dir = lp_buf_take(&d);
	bool *skip = lp_xcalloc((size_t)n, sizeof *skip);
	char *names = header_list(shown, n_headers);
	int rc = -1;
	char unit[4200] = "", so[4200] = "";
	if (!mkdtemp(dir)) {
		fail("cannot create a folder for the header's unit in '%s': %s",
		     tmpdir && *tmpdir ? tmpdir : "/tmp", strerror(errno));
		goto out;
	}
	snprintf(unit, sizeof unit, "%s/unit.c", dir);
	snprintf(so, sizeof so, "%s/unit.so", dir);
	/* a second round without the undeclared ones; a third finds nothing new */
	for (int round = 0; round < 3; round++) {
		int first;
		if (write_unit(unit, headers, n_headers, fns, skip, n, &first)) {
			fail("cannot write '%s': %s", unit, strerror(errno));
			goto out;
		}
		int c = compile(dir, lp_buf_str(&cflags), skip, n, first, err, errsize, names);
		if (c < 0)
			goto out;
		if (c == 0) {
			rc = lp_dwarf_types(so, true, fns, n, err, errsize) < 0 ? -1 : 0;
			if (rc == 0 && cached && link(so, cached) && errno != EEXIST)
				lp_warn("cannot keep the header's object in '%s': %s", cached,
					strerror(errno));
			break;
		}
	}
	if (rc == 0)
		for (int i = 0; i < n; i++)
			fns[i].found = fns[i].found && !skip[i];
out:
	if (unit[0]) {
		unlink(unit);
		unlink(so);
		rmdir(dir);
	}
	free(names);
	free(skip);
	free(dir);
	free(cached);
	lp_buf_free(&cflags);
	return rc;
}
