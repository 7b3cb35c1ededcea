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
		for (int k = 0; k < o->n_not_ops && match; k++)
			match = strcmp(o->not_ops[k], syms[i].name) != 0;
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
	memcpy(f->layout, t->layout, sizeof(f->layout));
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

static bool wanted(const struct lp_analyze_opts *o, const struct lp_plan_func *f)
{
	if (!o->wanted)
		return f->imported_by_client;
	for (int i = 0; i < o->n_wanted; i++)
		if (!strcmp(o->wanted[i], f->name))
			return true;
	return false;
}

/* "FILE:LINE" of the description's first call of f, when known. */
static const char *wanted_at(const struct lp_analyze_opts *o, const struct lp_plan_func *f)
{
	for (int i = 0; o->wanted && o->wanted_at && i < o->n_wanted; i++)
		if (!strcmp(o->wanted[i], f->name))
			return o->wanted_at[i];
	return NULL;
}

/* Types from the headers for the wanted functions that no DWARF typed. */
static int from_header(const struct lp_analyze_opts *o, struct lp_plan *plan, char *err,
		       size_t errsize)
{
	if (!o->n_headers)
		return 0;
	struct lp_dwarf_fn *fns = lp_xcalloc((size_t)plan->n_funcs + 1, sizeof(*fns));
	int *idx = lp_xcalloc((size_t)plan->n_funcs + 1, sizeof(*idx));
	int n = 0;
	for (int i = 0; i < plan->n_funcs; i++) {
		struct lp_plan_func *f = &plan->funcs[i];
		bool dup = false; /* one line per name, whichever targets export it */
		for (int j = 0; j < n && !dup; j++)
			dup = !strcmp(fns[j].name, f->name);
		if (f->typed || f->untyped_reason || !wanted(o, f) || dup)
			continue;
		fns[n].name = f->name;
		idx[n++] = i;
	}
	int rc = lp_header_types(o->headers, o->n_headers, o->pkg_configs, o->n_pkg_configs, fns, n,
				 err, errsize);
	for (int j = 0; !rc && j < n; j++)
		for (int i = 0; fns[j].found && i < plan->n_funcs; i++)
			if (!strcmp(plan->funcs[i].name, fns[j].name) && !plan->funcs[i].typed)
				set_type(&plan->funcs[i], &fns[j].type, "header");
	free(fns);
	free(idx);
	return rc;
}

/* With headers, a wanted function they do not declare (and no signature types) is named
 * now, before anything runs. */
static int check_declared(const struct lp_analyze_opts *o, const struct lp_plan *plan, char *err,
			  size_t errsize)
{
	if (!o->n_headers)
		return 0;
	char *list = NULL;
	size_t len = 0;
	int missing = 0;
	for (int i = 0; i < plan->n_funcs; i++) {
		const struct lp_plan_func *f = &plan->funcs[i];
		bool dup = false;
		for (int j = 0; j < i && !dup; j++)
			dup = !strcmp(plan->funcs[j].name, f->name);
		if (f->typed || f->untyped_reason || !wanted(o, f) || dup)
			continue;
		const char *at = wanted_at(o, f);
		list_addf(&list, &len, "%s'%s'%s%s%s", len ? ", " : "", f->name, at ? " (" : "",
			  at ? at : "", at ? ")" : "");
		missing++;
	}
	if (!list)
		return 0;
	char *headers = NULL;
	size_t hlen = 0;
	for (int i = 0; i < o->n_headers; i++)
		list_add(&headers, &hlen, ", ", o->headers[i]);
	fail("%s %s not declared in %s: check the name%s, or give the types with %s "
	     "'name(...)->...'",
	     list, missing > 1 ? "are" : "is", headers,
	     o->n_headers > 1 ? "s and the headers" : " and the header",
	     o->wanted ? "a signature line" : "--signature");
	free(list);
	free(headers);
	return -1;
}

/* Marks the out-parameters; each must be a pointer where the function's type is known. */
static int apply_outs(const struct lp_analyze_opts *o, struct lp_plan *plan, char *err,
		      size_t errsize)
{
	for (int k = 0; k < o->n_outs; k++) {
		const struct lp_out_param *op = &o->outs[k];
		for (int i = 0; i < plan->n_funcs; i++) {
			struct lp_plan_func *f = &plan->funcs[i];
			if (strcmp(f->name, op->func) || !f->typed)
				continue;
			if (op->arg >= f->nargs || op->arg >= LP_MAX_ARGS ||
			    (f->args[op->arg] != LP_K_PTR && f->args[op->arg] != LP_K_STR))
				return fail("%s: argument %d of %s is not a pointer (%s types): an "
					    "out-parameter must be one",
					    op->where, op->arg + 1, f->name, f->type_source);
			f->args[op->arg] = LP_K_PTR; /* its address is not recorded as text */
			f->out_kind[op->arg] = op->kind;
			f->out_len[op->arg] = (uint16_t)op->len;
		}
	}
	return 0;
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

/* The client's own notes (LP_CLIENT_NOTES) added to the options: an emitted client says
 * which functions are set-up and which arguments are out-parameters, so it reruns as is.
 * Returns malloc'ed arrays in *o2 (free with notes_free); unknown lines are ignored. */
static void client_notes(const struct lp_client *c, const struct lp_analyze_opts *o,
			 struct lp_analyze_opts *o2)
{
	*o2 = *o;
	if (!c->notes)
		return;
	o2->not_ops = lp_xcalloc((size_t)o->n_not_ops + 1, sizeof *o2->not_ops);
	memcpy(o2->not_ops, o->not_ops, sizeof *o->not_ops * (size_t)o->n_not_ops);
	struct lp_out_param *outs = lp_xcalloc((size_t)o->n_outs + 1, sizeof *outs);
	memcpy(outs, o->outs, sizeof *outs * (size_t)o->n_outs);
	o2->locks = lp_xcalloc((size_t)o->n_locks + 1, sizeof *o2->locks);
	memcpy(o2->locks, o->locks, sizeof *o->locks * (size_t)o->n_locks);
	for (char *line = c->notes; line && *line;) {
		char *end = strchr(line, '\n');
		if (end)
			*end = 0;
		char name[256], kind[8];
		int arg;
		unsigned len;
		if (!strncmp(line, "setup ", 6) && sscanf(line, "setup %255s", name) == 1 &&
		    !strcmp(line + 6, name)) {
			o2->not_ops = lp_xrealloc(o2->not_ops, sizeof *o2->not_ops *
								   (size_t)(o2->n_not_ops + 1));
			o2->not_ops[o2->n_not_ops++] = line + 6;
		} else if (!strncmp(line, "lock ", 5) && sscanf(line, "lock %255s", name) == 1 &&
			   !strcmp(line + 5, name)) { /* a lock line of the description (--lock) */
			o2->locks =
			    lp_xrealloc(o2->locks, sizeof *o2->locks * (size_t)(o2->n_locks + 1));
			o2->locks[o2->n_locks++] = line + 5;
		} else if (!strncmp(line, "out ", 4) &&
			   sscanf(line, "out %255s %d %7s %u", name, &arg, kind, &len) == 4 &&
			   !strncmp(line + 4, name, strlen(name)) && arg >= 0 &&
			   arg < LP_MAX_ARGS && len && len <= LP_MAX_OUT) {
			int k = -1;
			for (int i = 0; i < LP_K_COUNT; i++)
				if (!strcmp(kind, lp_kind_token((enum lp_kind)i)))
					k = i;
			if (k >= 0) {
				outs = lp_xrealloc(outs, sizeof *outs * (size_t)(o2->n_outs + 1));
				line[4 + strlen(name)] = 0;
				outs[o2->n_outs++] =
				    (struct lp_out_param){.func = line + 4,
							  .arg = arg,
							  .kind = (enum lp_kind)k,
							  .len = len,
							  .where = "the client's notes"};
			}
		}
		line = end ? end + 1 : NULL;
	}
	o2->outs = outs;
}

static void notes_free(const struct lp_analyze_opts *o, struct lp_analyze_opts *o2)
{
	if (o2->not_ops != o->not_ops)
		free(o2->not_ops);
	if (o2->outs != o->outs)
		free((void *)o2->outs);
	if (o2->locks != o->locks)
		free(o2->locks);
}

int lp_analyze_try(const struct lp_analyze_opts *given, struct lp_plan **out, char *err,
		   size_t errsize)
{
	*out = NULL;
	const struct lp_analyze_opts *o = given;
	if (!o->client)
		return fail("no client program given: name the program to run after the options");
	struct lp_client c;
	struct lp_closure cl = {0};
	if (lp_client_open(o->client, &c, err, errsize))
		return -1;
	struct lp_analyze_opts with_notes;
	client_notes(&c, given, &with_notes);
	o = &with_notes;
	struct lp_plan *plan = lp_xcalloc(1, sizeof(*plan));
	plan->client_path = lp_xstrdup(c.path);
	bool *glob_used = lp_xcalloc((size_t)o->n_globs + 1, sizeof(*glob_used));
	int rc = -1;
	plan->level = o->sites;
	plan->spin_sites = o->spin_sites;
	plan->n_spin_sites = o->n_spin_sites;
	plan->locks = o->locks;
	plan->n_locks = o->n_locks;
	plan->lock_where = given->lock_where;
	plan->n_lock_where = given->n_locks; /* the client's notes come after */
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
	    from_header(o, plan, err, errsize) || apply_signatures(o, plan, err, errsize) ||
	    check_declared(o, plan, err, errsize) || apply_outs(o, plan, err, errsize) ||
	    check_imported(&c, plan, err, errsize) || lp_sites_plan(plan, err, errsize))
		goto out;
	for (int i = 0; i < plan->n_funcs; i++)
		plan->funcs[i].called = wanted(o, &plan->funcs[i]);
	lp_pure_plan(plan);
	lp_deps_plan(plan, &cl);
	rc = 0;
out:
	free(glob_used);
	plan->locks = NULL; /* the client's notes may have named some: freed below */
	plan->n_locks = 0;
	plan->lock_where = NULL;
	plan->n_lock_where = 0;
	notes_free(given, &with_notes);
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
