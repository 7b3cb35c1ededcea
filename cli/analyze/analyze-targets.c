/* cli/analyze/analyze-targets.c — which libraries are under test: the user's --target names
 * (a path, matched by file identity, or a soname: a library the client links, else
 * where the loader's search finds it, lib-search.h), or by default the client's own DT_NEEDED
 * libraries minus the runtimes; and the --instrument objects, resolved the same way (never libc,
 * the loader, the preload). */
#include "analyze-internal.h"
#include "instrument-refusal.h"
#include "lib-search.h"
#include "lineup/die.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define fail(...) lp_analyze_fail(err, errsize, __VA_ARGS__)

bool lp_runtime_soname(const char *soname)
{
	/* The C and C++ runtimes (glibc's libraries, libstdc++, libc++, compiler support)
	 * and the loader: their calls are not operations of a component under test. */
	static const char *const libs[] = {
	    "libc",
	    "libm",
	    "libpthread",
	    "libdl",
	    "librt",
	    "libutil",
	    "libresolv",
	    "libanl",
	    "libnsl",
	    "libmvec",
	    "libBrokenLocale",
	    "libthread_db",
	    "libc_malloc_debug",
	    "libstdc++",
	    "libgcc_s",
	    "libatomic",
	    "libc++",
	    "libc++abi",
	};
	const char *base = strrchr(soname, '/');
	base = base ? base + 1 : soname;
	if (!strncmp(base, "ld-linux", 8) || !strncmp(base, "linux-vdso", 10) ||
	    !strncmp(base, "linux-gate", 10))
		return true;
	for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
		size_t n = strlen(libs[i]);
		if (!strncmp(base, libs[i], n) && !strncmp(base + n, ".so", 3) &&
		    (base[n + 3] == 0 || base[n + 3] == '.'))
			return true;
	}
	return false;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* Adds an object to *arr unless the same file is already a target or in *arr. */
static int add_object(struct lp_plan *plan, struct lp_plan_target **arr, int *n,
		      const struct lp_closure *cl, const char *name, const char *path,
		      const struct stat *st, char *err, size_t errsize)
{
	for (int i = 0; i < plan->n_targets; i++)
		if (plan->targets[i].dev == st->st_dev && plan->targets[i].ino == st->st_ino)
			return 0;
	for (int i = 0; i < *n; i++)
		if ((*arr)[i].dev == st->st_dev && (*arr)[i].ino == st->st_ino)
			return 0;
	if (plan->n_targets + plan->n_instrument >= LP_MAX_TARGETS)
		return fail(arr == &plan->targets
				? "too many targets (more than %d): name fewer with --target"
				: "too many targets and --instrument objects (more than %d): "
				  "name fewer",
			    LP_MAX_TARGETS);
	*arr = lp_xrealloc(*arr, sizeof(**arr) * (size_t)(*n + 1));
	struct lp_plan_target *t = &(*arr)[(*n)++];
	memset(t, 0, sizeof(*t));
	t->name = lp_xstrdup(name);
	t->path = realpath(path, NULL);
	if (!t->path)
		t->path = lp_xstrdup(path);
	t->dev = st->st_dev;
	t->ino = st->st_ino;
	t->load_order = -1;
	for (int i = 0; i < cl->n; i++)
		if (cl->ents[i].path && cl->ents[i].dev == st->st_dev &&
		    cl->ents[i].ino == st->st_ino) {
			t->load_order = i;
			break;
		}
	return 0;
}

static int add_target(struct lp_plan *plan, const struct lp_closure *cl, const char *name,
		      const char *path, const struct stat *st, char *err, size_t errsize)
{
	return add_object(plan, &plan->targets, &plan->n_targets, cl, name, path, st, err, errsize);
}

static const struct lp_closure_ent *by_identity(const struct lp_closure *cl, const struct stat *st)
{
	for (int i = 0; i < cl->n; i++)
		if (cl->ents[i].path && cl->ents[i].dev == st->st_dev &&
		    cl->ents[i].ino == st->st_ino)
			return &cl->ents[i];
	return NULL;
}

static const struct lp_closure_ent *by_name(const struct lp_closure *cl, const char *name)
{
	for (int i = 0; i < cl->n; i++) {
		const struct lp_closure_ent *e = &cl->ents[i];
		if (!e->path)
			continue;
		if (!strcmp(e->name, name) || !strcmp(base_name(e->path), name))
			return e;
	}
	for (int i = 0; i < cl->n; i++) {
		const struct lp_closure_ent *e = &cl->ents[i];
		if (!e->path)
			continue;
		char *so = lp_elf_soname(e->path);
		bool match = so && !strcmp(so, name);
		free(so);
		if (match)
			return e;
	}
	return NULL;
}

/* What the loader's search covers, for the messages. */
#define SEARCHED "LD_LIBRARY_PATH, /etc/ld.so.cache, /lib and /usr/lib"

/* Finds the file a --target or --instrument name designates (what: "target" or
 * "--instrument object" for the messages; client: the client's name, NULL for the
 * built-in driver of a description, which links none of them). A name without '/' is a
 * soname: a library the client links, else where the loader's search finds it (the file
 * a dlopen of that name loads), else a file of that name here. *path (malloc'ed) is the
 * closure's name for the file when the client links it. */
static int find_object(const struct lp_closure *cl, const char *name, const char *what,
		       const char *client, char **path, struct stat *st, char *err, size_t errsize)
{
	bool soname = !strchr(name, '/');
	if (soname) {
		const struct lp_closure_ent *e = by_name(cl, name);
		if (e) {
			if (stat(e->path, st) != 0)
				return fail("cannot access %s '%s' at '%s': %s", what, name,
					    e->path, strerror(errno));
			*path = lp_xstrdup(e->path);
			return 0;
		}
	}
	char *found = soname ? lp_lib_find(name) : NULL;
	const char *file = found ? found : name;
	/* A path, or a name that is a file here: the same file as a closure member (the
	 * loader may name it differently, e.g. /lib vs /usr/lib), or one the client may
	 * dlopen later (the driver checks at run time that it was loaded). */
	if (stat(file, st) != 0) {
		int e = errno;
		free(found);
		if ((e == ENOENT || e == ENOTDIR) && !soname)
			return fail("%s '%s' not found: check the path", what, name);
		if ((e == ENOENT || e == ENOTDIR) && client)
			return fail("%s '%s' not found: client '%s' does not link it and the "
				    "loader's search (" SEARCHED ") has no such file: give its "
				    "path or add its folder to LD_LIBRARY_PATH",
				    what, name, client);
		if (e == ENOENT || e == ENOTDIR)
			return fail("%s '%s' not found: the loader's search (" SEARCHED
				    ") has no such file: give its path or add its folder to "
				    "LD_LIBRARY_PATH",
				    what, name);
		return fail("cannot access %s '%s': %s", what, name, strerror(e));
	}
	if (!S_ISREG(st->st_mode)) {
		free(found);
		return fail("%s '%s' is not a regular file: give the path of a shared "
			    "library",
			    what, name);
	}
	const struct lp_closure_ent *e = by_identity(cl, st);
	*path = lp_xstrdup(e ? e->path : file);
	free(found);
	return 0;
}

/* Prefixes err with where ("FILE:LINE" of a description line) when there is one. */
static int at(const char *where, char *err, size_t errsize)
{
	if (!where || !errsize)
		return -1;
	char *msg = lp_xstrdup(err);
	lp_analyze_fail(err, errsize, "%s: %s", where, msg);
	free(msg);
	return -1;
}

static int resolve_one(const struct lp_closure *cl, const char *name, const char *client,
		       struct lp_plan *plan, char *err, size_t errsize)
{
	struct stat st;
	char *path;
	if (find_object(cl, name, "target", client, &path, &st, err, errsize))
		return -1;
	int r = add_target(plan, cl, name, path, &st, err, errsize);
	free(path);
	return r;
}

static int refuse(const char *name, const char *why, char *err, size_t errsize)
{
	return fail("cannot --instrument '%s': %s: instrument only the libraries above libc", name,
		    why);
}

int lp_instrument_resolve(const struct lp_closure *cl, const char **names, int n_names,
			  const char *preload, const char *client, struct lp_plan *plan, char *err,
			  size_t errsize)
{
	struct stat pst;
	bool have_preload = preload && stat(preload, &pst) == 0;
	for (int i = 0; i < n_names; i++) {
		const char *why = lp_instrument_refusal(names[i]);
		if (why)
			return refuse(names[i], why, err, errsize);
		struct stat st;
		char *path;
		if (find_object(cl, names[i], "--instrument object", client, &path, &st, err,
				errsize))
			return -1;
		/* By identity: a symlink or a copy under another name is the same library. */
		char *so = lp_elf_soname(path);
		char *real = realpath(path, NULL);
		why = so ? lp_instrument_refusal(so) : NULL;
		if (!why && real)
			why = lp_instrument_refusal(real);
		if (!why && have_preload && st.st_dev == pst.st_dev && st.st_ino == pst.st_ino)
			why = lp_instrument_refusal("liblineup-preload.so");
		free(so);
		free(real);
		int r = why ? refuse(names[i], why, err, errsize)
			    : add_object(plan, &plan->instrument, &plan->n_instrument, cl, names[i],
					 path, &st, err, errsize);
		free(path);
		if (r)
			return -1;
	}
	return 0;
}

int lp_targets_resolve(const struct lp_client *c, const struct lp_closure *cl, const char **names,
		       const char *const *where, int n_names, bool driver, struct lp_plan *plan,
		       char *err, size_t errsize)
{
	for (int i = 0; i < n_names; i++)
		if (resolve_one(cl, names[i], driver ? NULL : c->name, plan, err, errsize))
			return at(where ? where[i] : NULL, err, errsize);
	if (n_names)
		return 0;
	for (int i = 0; i < c->n_needed; i++) {
		const char *needed = c->needed[i];
		if (lp_runtime_soname(needed))
			continue;
		const struct lp_closure_ent *e = NULL;
		for (int j = 0; j < cl->n && !e; j++)
			if (cl->ents[j].path && !strcmp(cl->ents[j].name, needed))
				e = &cl->ents[j];
		struct stat st;
		if (!e || stat(e->path, &st) != 0)
			return fail("the loader cannot find '%s', which client '%s' needs: add its "
				    "directory to LD_LIBRARY_PATH or install it",
				    needed, c->name);
		if (add_target(plan, cl, needed, e->path, &st, err, errsize))
			return -1;
	}
	if (!plan->n_targets)
		return fail("'%s' links no library to test: name one with --target LIB",
			    c->name ? c->name : base_name(c->path));
	return 0;
}
