/* cli/analyze/analyze-main.c — lp_analyze(): client checks, targets, exported functions, then
 * types in order of trust (--signature, the target's DWARF, the client's declarations)
 * and the refusal to run when a function the client calls has no usable type; last,
 * the instructions to trap (sites). */
#include "analyze-internal.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define fail(...) lp_analyze_fail(err, errsize, __VA_ARGS__)

/* Appends to a growing message buffer. */
__attribute__((format(printf, 3, 4))) static void list_addf(char **buf, size_t *len,
							    const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	*buf = lp_xrealloc(*buf, *len + (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(*buf + *len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	*len += (size_t)n;
}

/* Appends "'a', 'b'" style lists to a message buffer. */
static void list_add(char **buf, size_t *len, const char *sep, const char *item)
{
	size_t need = strlen(sep) + strlen(item) + 3;
	*buf = lp_xrealloc(*buf, *len + need + 1);
	*len += (size_t)sprintf(*buf + *len, "%s'%s'", *len ? sep : "", item);
}

static int add_functions(const struct lp_analyze_opts *o, const struct lp_client *c,
			 struct lp_plan *plan, int ti, bool *glob_used, char *err, size_t errsize)
{
	struct lp_plan_target *t = &plan->targets[ti];
	struct lp_symbol *syms;
	int n;
	if (lp_elf_functions(t->path, t->name, &syms, &n, err, errsize))
		return -1;
	int added = 0;
	for (int i = 0; i < n; i++) {
		bool match = o->n_globs == 0;
		for (int g = 0; g < o->n_globs; g++)
			if (fnmatch(o->globs[g], syms[i].name, 0) == 0)
				match = glob_used[g] = true;
		if (!match)
			continue;
		if (plan->n_funcs >= LP_MAX_FUNCS) {
			lp_symbols_free(syms, n);
			return fail("too many functions to test (more than %d): choose some with "
				    "--function GLOB",
				    LP_MAX_FUNCS);
		}
		plan->funcs =
		    lp_xrealloc(plan->funcs, sizeof(*plan->funcs) * (size_t)(plan->n_funcs + 1));
		struct lp_plan_func *f = &plan->funcs[plan->n_funcs++];
		memset(f, 0, sizeof(*f));
		f->target = ti;
		f->name = syms[i].name;
		syms[i].name = NULL;
		f->offset = syms[i].value;
		f->ifunc = syms[i].ifunc;
		f->ret = LP_K_UNKNOWN;
		f->imported_by_client =
		    !o->driver && t->load_order >= 0 && lp_client_imports(c, f->name);
		added++;
	}
	lp_symbols_free(syms, n);
	if (added)
		return 0;
	if (!o->n_globs)
		return fail("target '%s' exports no function: name the library under test with "
			    "--target",
			    t->name);
	char *globs = NULL;
	size_t len = 0;
	for (int g = 0; g < o->n_globs; g++)
		list_add(&globs, &len, ", ", o->globs[g]);
	fail("target '%s' exports no function matching %s: check the --function globs", t->name,
	     globs);
	free(globs);
	return -1;
}

static void set_type(struct lp_plan_func *f, const struct lp_ftype *t, const char *source)
{
	f->typed = t->typed;
	f->type_source = t->typed ? source : NULL;
	free(f->untyped_reason);
	f->untyped_reason = NULL;
	if (!t->typed) {
		f->ret = LP_K_UNKNOWN;
		f->nargs = 0;
		f->varargs = false;
		if (t->reason[0])
			f->untyped_reason = lp_xstrdup(t->reason);
		return;
	}
	f->ret = t->ret;
	f->nargs = t->nargs;
	memcpy(f->args, t->args, sizeof(f->args));
	f->varargs = t->varargs;
}

/* Looks up every function of `which` target (-1: all) that is still unknown in path's
 * DWARF; returns 1 when the file has DWARF. */
static int from_dwarf(struct lp_plan *plan, int which, const char *path, bool decls_only,
		      const char *source, char *err, size_t errsize)
{
	struct lp_dwarf_fn *fns = lp_xcalloc((size_t)plan->n_funcs, sizeof(*fns));
	int *idx = lp_xcalloc((size_t)plan->n_funcs, sizeof(*idx));
	int n = 0;
	for (int i = 0; i < plan->n_funcs; i++) {
		struct lp_plan_func *f = &plan->funcs[i];
		if ((which >= 0 && f->target != which) || f->typed || f->untyped_reason)
			continue;
		if (decls_only && !f->imported_by_client)
			continue;
		fns[n].name = f->name;
		idx[n++] = i;
	}
	int rc = n ? lp_dwarf_types(path, decls_only, fns, n, err, errsize) : 0;
	for (int j = 0; rc > 0 && j < n; j++)
		if (fns[j].found)
			set_type(&plan->funcs[idx[j]], &fns[j].type, source);
	free(fns);
	free(idx);
	return rc;
}

struct sig {
	char *name;
	const char *text;
	struct lp_ftype type;
	bool used;
};

/* "FILE:LINE" of the description line of signature s, or NULL for --signature. */
static const char *sig_where(const struct lp_analyze_opts *o, int s)
{
	return o->signature_where ? o->signature_where[s] : NULL;
}

/* Prefixes err with the description line of signature s, if any: a description's line
 * is a "signature", not a "--signature". */
static void sig_fail(const struct lp_analyze_opts *o, int s, char *err, size_t errsize)
{
	const char *where = sig_where(o, s);
	if (!where)
		return;
	char *msg = lp_xstrdup(err);
	size_t n = strlen("bad --signature");
	if (!strncmp(msg, "bad --signature", n))
		fail("%s: bad signature%s", where, msg + n);
	else
		fail("%s: %s", where, msg);
	free(msg);
}

static int apply_signatures(const struct lp_analyze_opts *o, struct lp_plan *plan, char *err,
			    size_t errsize)
{
	struct sig *sigs = lp_xcalloc((size_t)o->n_signatures, sizeof(*sigs));
	int rc = -1;
	for (int s = 0; s < o->n_signatures; s++) {
		sigs[s].text = o->signatures[s];
		if (lp_signature_parse(o->signatures[s], &sigs[s].name, &sigs[s].type, err,
				       errsize)) {
			sig_fail(o, s, err, errsize);
			goto out;
		}
		for (int p = 0; p < s; p++)
			if (!strcmp(sigs[p].name, sigs[s].name)) {
				fail("two %s for '%s': '%s' and '%s': keep one",
				     sig_where(o, s) ? "signatures" : "--signature options",
				     sigs[s].name, sigs[p].text, sigs[s].text);
				sig_fail(o, s, err, errsize);
				goto out;
			}
	}
	for (int s = 0; s < o->n_signatures; s++) {
		for (int i = 0; i < plan->n_funcs; i++) {
			struct lp_plan_func *f = &plan->funcs[i];
			if (strcmp(f->name, sigs[s].name))
				continue;
			sigs[s].used = true;
			if (f->typed) {
				struct lp_ftype dw = {.ret = f->ret,
						      .nargs = f->nargs,
						      .varargs = f->varargs,
						      .typed = true};
				memcpy(dw.args, f->args, sizeof(dw.args));
				char a[128], b[128];
				lp_ftype_format(&dw, a, sizeof(a));
				lp_ftype_format(&sigs[s].type, b, sizeof(b));
				if (strcmp(a, b) && sig_where(o, s))
					lp_warn("%s: signature '%s' contradicts the %s of '%s' "
						"(%s, not %s): using the signature",
						sig_where(o, s), sigs[s].text, f->type_source,
						f->name, a, b);
				else if (strcmp(a, b))
					lp_warn("--signature '%s' contradicts the %s of '%s' (%s, "
						"not %s): using --signature",
						sigs[s].text, f->type_source, f->name, a, b);
			}
			set_type(f, &sigs[s].type, "--signature");
		}
		if (!sigs[s].used) {
			fail("%s '%s' names no function under test: '%s' is not exported "
			     "by the targets or not matched by --function",
			     sig_where(o, s) ? "signature" : "--signature", sigs[s].text,
			     sigs[s].name);
			sig_fail(o, s, err, errsize);
			goto out;
		}
	}
	rc = 0;
out:
	for (int s = 0; s < o->n_signatures; s++)
		free(sigs[s].name);
	free(sigs);
	return rc;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Functions the client calls directly must be typed: their calls are operations. */
static int check_imported(const struct lp_client *c, const struct lp_plan *plan, char *err,
			  size_t errsize)
{
	char *list = NULL;
	size_t len = 0;
	const char **names = lp_xcalloc((size_t)plan->n_funcs, sizeof(*names));
	int n = 0;
	for (int i = 0; i < plan->n_funcs; i++) {
		const struct lp_plan_func *f = &plan->funcs[i];
		if (f->imported_by_client && !f->typed && !f->untyped_reason)
			names[n++] = f->name;
	}
	qsort(names, (size_t)n, sizeof(*names), cmp_name);
	for (int i = 0; i < n; i++)
		list_add(&list, &len, ", ", names[i]);
	free(names);
	if (list) {
		fail("no parameter types for %s, which '%s' calls: build the client with -g, "
		     "install the library's debug symbols, or give --signature "
		     "'name(...)->...'",
		     list, c->name);
		free(list);
		return -1;
	}
	for (int i = 0; i < plan->n_funcs; i++) {
		const struct lp_plan_func *f = &plan->funcs[i];
		if (!f->imported_by_client || f->typed)
			continue;
		list_addf(&list, &len, "%s'%s' (%s)", len ? ", " : "", f->name, f->untyped_reason);
	}
	if (list) {
		fail("cannot record calls to %s, which '%s' calls: leave them out with --function "
		     "GLOB",
		     list, c->name);
		free(list);
		return -1;
	}
	return 0;
}

/* The loader binds an imported name to the first library in load order that defines
 * it: only that target's function is called directly by the client. */
static void resolve_imports(struct lp_plan *plan)
{
	for (int i = 0; i < plan->n_funcs; i++) {
		struct lp_plan_func *f = &plan->funcs[i];
		for (int j = 0; j < plan->n_funcs && f->imported_by_client; j++) {
			const struct lp_plan_func *g = &plan->funcs[j];
			if (g->imported_by_client && !strcmp(f->name, g->name) &&
			    plan->targets[g->target].load_order <
				plan->targets[f->target].load_order)
				f->imported_by_client = false;
		}
	}
}

int lp_analyze_try(const struct lp_analyze_opts *o, struct lp_plan **out, char *err, size_t errsize)
{
	*out = NULL;
	if (!o->client)
		return fail("no client program given: name the program to run after the options");
	struct lp_client c;
	struct lp_closure cl = {0};
	if (lp_client_open(o->client, &c, err, errsize))
		return -1;
	struct lp_plan *plan = lp_xcalloc(1, sizeof(*plan));
	plan->client_path = lp_xstrdup(c.path);
	bool *glob_used = lp_xcalloc((size_t)o->n_globs + 1, sizeof(*glob_used));
	int rc = -1;
	plan->level = o->sites;
	if (lp_closure_load(&c, &cl, err, errsize) ||
	    lp_targets_resolve(&c, &cl, o->targets, o->target_where, o->n_targets, o->driver, plan,
			       err, errsize) ||
	    lp_instrument_resolve(&cl, o->instrument, o->n_instrument, o->preload,
				  o->driver ? NULL : c.name, plan, err, errsize))
		goto out;
	for (int t = 0; t < plan->n_targets; t++)
		if (add_functions(o, &c, plan, t, glob_used, err, errsize))
			goto out;
	resolve_imports(plan);
	for (int g = 0; g < o->n_globs; g++)
		if (!glob_used[g]) {
			fail("--function '%s' matches no exported function of the targets: check "
			     "the name",
			     o->globs[g]);
			goto out;
		}
	for (int t = 0; t < plan->n_targets; t++) {
		int r =
		    from_dwarf(plan, t, plan->targets[t].path, false, "target DWARF", err, errsize);
		if (r < 0)
			goto out;
		plan->targets[t].has_dwarf = r > 0;
	}
	if (from_dwarf(plan, -1, c.path, true, "client DWARF", err, errsize) < 0 ||
	    apply_signatures(o, plan, err, errsize) || check_imported(&c, plan, err, errsize) ||
	    lp_sites_plan(plan, err, errsize))
		goto out;
	lp_pure_plan(plan);
	lp_deps_plan(plan, &cl);
	rc = 0;
out:
	free(glob_used);
	lp_closure_free(&cl);
	lp_client_free(&c);
	if (rc)
		lp_plan_free(plan);
	else
		*out = plan;
	return rc;
}

struct lp_plan *lp_analyze(const struct lp_analyze_opts *opts)
{
	char *err = lp_xmalloc(LP_ERR_SIZE);
	struct lp_plan *plan;
	if (lp_analyze_try(opts, &plan, err, LP_ERR_SIZE))
		lp_die(LP_EXIT_USAGE, "%s", err);
	free(err);
	return plan;
}
