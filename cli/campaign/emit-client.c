/* cli/campaign/emit-client.c — --emit-client: the campaign's failing test written as a C client
 * (pthreads, one function per thread) that builds against the targets on its own and
 * reruns as it is: it includes the description's headers (so its calls are prototyped
 * and, built -g, its DWARF types them), and a section of notes (LP_CLIENT_NOTES) tells
 * lineup-preload which functions are the threads' set-up and which arguments are
 * out-parameters, as the description did. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/analyze/analyze-internal.h"
#include "cli/campaign/campaign-internal.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

#define MAX_CALLS 1024

/* The test's functions that take struct{...} arguments, typed from its headers: how C
 * names each struct (a compound literal needs the type). */
static struct lp_dwarf_fn *struct_fns;
static int n_struct_fns;

static void struct_types(const struct lp_tdesc *t, const struct lp_tcall **all, int n)
{
	struct_fns = lp_xcalloc((size_t)n + 1, sizeof *struct_fns);
	n_struct_fns = 0;
	for (int i = 0; i < n; i++) {
		bool has = false, seen = false;
		for (int a = 0; a < all[i]->n_args; a++)
			has = has || all[i]->args[a].kind == LP_TARG_STRUCT;
		for (int j = 0; j < n_struct_fns && has; j++)
			seen = seen || !strcmp(struct_fns[j].name, all[i]->func);
		if (has && !seen)
			struct_fns[n_struct_fns++].name = all[i]->func;
	}
	if (!n_struct_fns)
		return;
	char err[1024];
	if (!t->n_headers && !t->n_pkg_configs)
		lp_die(LP_EXIT_USAGE,
		       "--emit-client: %s takes a struct{...} argument, whose type the client must "
		       "name: add a header line declaring it",
		       struct_fns[0].name);
	if (lp_header_types((const char *const *)t->headers, t->n_headers,
			    (const char *const *)t->pkg_configs, t->n_pkg_configs, struct_fns,
			    n_struct_fns, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "--emit-client: %s", err);
}

/* How C names the struct of argument arg of func. */
static const char *struct_ctype(const char *func, int arg)
{
	for (int j = 0; j < n_struct_fns; j++) {
		const struct lp_ftype *ft = &struct_fns[j].type;
		if (strcmp(struct_fns[j].name, func) || !struct_fns[j].found || arg >= ft->nargs ||
		    !ft->layout[arg] || !ft->layout[arg]->ctype[0])
			continue;
		return ft->layout[arg]->ctype;
	}
	lp_die(LP_EXIT_USAGE,
	       "--emit-client: the headers do not name the struct type of argument %d of %s",
	       arg + 1, func);
}

/* A struct literal's members as a C initializer: {1, 2.5, {3, NULL}}, $thread as the
 * thread's index. */
static void struct_init(const struct lp_targ *x, int thread, FILE *f)
{
	fputc('{', f);
	for (int i = 0; i < x->n_set; i++) {
		const struct lp_targ *m = &x->set[i];
		if (i)
			fputs(", ", f);
		if (m->kind == LP_TARG_STRUCT) {
			struct_init(m, thread, f);
			continue;
		}
		if (m->kind == LP_TARG_THREAD) {
			fprintf(f, "%d", thread);
			continue;
		}
		struct lp_tcall one = {
		    .func = (char *)"", .args = (struct lp_targ *)m, .n_args = 1};
		char *buf = NULL;
		size_t len = 0;
		FILE *s = open_memstream(&buf, &len);
		lp_tcall_print(&one, s);
		fclose(s);
		fprintf(f, "%.*s", (int)(len >= 2 ? len - 2 : 0), buf + 1);
		free(buf);
	}
	fputc('}', f);
}

/* Every call of the test (init, set-up, threads, final), for the declarations. */
static int all_calls(const struct lp_tdesc *t, const struct lp_tcall **all)
{
	int n = 0;
#define ADD(arr, cnt)                                                                              \
	for (int i = 0; i < (cnt) && n < MAX_CALLS; i++)                                           \
	all[n++] = &(arr)[i]
	ADD(t->init, t->n_init);
	ADD(t->thread_init, t->n_thread_init);
	ADD(t->thread_fini, t->n_thread_fini);
	for (int th = 0; th < t->n_threads; th++)
		ADD(t->threads[th].calls, t->threads[th].n_calls);
	ADD(t->final, t->n_final);
#undef ADD
	return n;
}

static void build_comment(const struct lp_tdesc *t, FILE *f)
{
	fputs("/* A client equivalent to the failing test below, written by lineup-preload.\n"
	      " * Build it with:  cc -g -pthread -o client client.c",
	      f);
	for (int i = 0; i < t->n_targets + t->n_helpers; i++) {
		const char *lib = i < t->n_targets ? t->targets[i] : t->helpers[i - t->n_targets];
		const char *slash = strrchr(lib, '/');
		if (slash)
			fprintf(f, " %s -Wl,-rpath,%.*s", lib, (int)(slash - lib), lib);
		else
			fprintf(f, " -l:%s", lib);
	}
	for (int i = 0; i < t->n_pkg_configs; i++)
		fprintf(f, " $(pkg-config --cflags --libs %s)", t->pkg_configs[i]);
	if (t->n_headers)
		fputs(" -Wno-int-conversion", f); /* integers passed where the type is a pointer */
	fputs("\n * Run it with:    lineup-preload -- ./client\n * Test:\n", f);
	char *text = lp_campaign_test_text(t);
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		fprintf(f, " *   %s\n", line);
	free(text);
	fputs(" */\n#define _GNU_SOURCE\n#include <dlfcn.h>\n#include <pthread.h>\n#include "
	      "<stddef.h>\n",
	      f);
	for (int i = 0; i < t->n_headers; i++)
		fprintf(f, t->headers[i][0] == '<' ? "#include %s\n" : "#include \"%s\"\n",
			t->headers[i]);
}

/* Without headers: one unprototyped declaration per function (a prototype where a float
 * is passed, which default promotions would make a double). */
static void declarations(const struct lp_tcall **all, int n, FILE *f)
{
	fputs("\n/* the functions of the test, called with integer and pointer arguments */\n", f);
	for (int i = 0; i < n; i++) {
		bool seen = false;
		for (int j = 0; j < i; j++)
			seen = seen || !strcmp(all[j]->func, all[i]->func);
		if (seen)
			continue;
		bool flt = false;
		for (int a = 0; a < all[i]->n_args; a++)
			flt = flt || all[i]->args[a].kind == LP_TARG_FLOAT;
		if (!flt) {
			fprintf(f, "long %s();\n", all[i]->func);
			continue;
		}
		fprintf(f, "long %s(", all[i]->func);
		for (int a = 0; a < all[i]->n_args; a++) {
			const struct lp_targ *x = &all[i]->args[a];
			fprintf(f, "%s%s", a ? ", " : "",
				x->kind == LP_TARG_FLOAT ? (x->single ? "float" : "double")
				: x->kind == LP_TARG_STR ? "const char *"
							 : "long");
		}
		fputs(");\n", f);
	}
}

/* The notes lineup-preload reads from the client: set-up functions, out-parameters, lock
 * functions (the description's lock lines). */
static void notes(const struct lp_tdesc *t, const struct lp_tcall **all, int n, FILE *f)
{
	fprintf(f,
		"\n/* for lineup-preload: the threads' set-up calls are no operations; what "
		"the out-parameters\n * hold after a call is part of its result */\n"
		"__attribute__((section(\"%s\"), used)) static const char "
		"lineup_client_notes[] =\n    \"\"",
		LP_CLIENT_NOTES);
	for (int i = 0; i < t->n_locks; i++)
		fprintf(f, "\n    \"lock %s\\n\"", t->locks[i]);
	for (int i = 0; i < n; i++) {
		bool seen = false;
		for (int j = 0; j < i; j++)
			seen = seen || !strcmp(all[j]->func, all[i]->func);
		if (seen)
			continue;
		if (lp_tdesc_thread_setup(t, all[i]->func))
			fprintf(f, "\n    \"setup %s\\n\"", all[i]->func);
		static const char *const kind[] = {"i4", "i8", "p", "f8", "u1"};
		for (int a = 0; a < all[i]->n_args; a++)
			if (all[i]->args[a].kind == LP_TARG_OUT)
				fprintf(f, "\n    \"out %s %d %s %zu\\n\"", all[i]->func, a,
					kind[all[i]->args[a].out],
					lp_targ_out_size(&all[i]->args[a]));
	}
	fputs(";\n", f);
}

/* Declares the objects of the calls' out-parameters, numbered from *next. */
static void out_objects(const struct lp_tcall *c, int n, int *next, FILE *f)
{
	for (int k = 0; k < n; k++)
		for (int a = 0; a < c[k].n_args; a++) {
			const struct lp_targ *x = &c[k].args[a];
			if (x->kind == LP_TARG_BYTES)
				fprintf(f, "\tunsigned char buf%d[%lld] = {0};\n", (*next)++, x->i);
			if (x->kind != LP_TARG_OUT)
				continue;
			if (x->out == LP_TOUT_BYTES)
				fprintf(f, "\tunsigned char out%d[%lld] = {0};\n", (*next)++, x->i);
			else
				fprintf(f, "\t%s out%d = 0;\n", lp_tout_ctype(x->out), (*next)++);
		}
}

/* One call as a C statement, $thread as the thread's index, out-parameters numbered from
 * *next; bind: the variable its result goes to, or NULL. */
static void emit_call(const struct lp_tcall *c, const char *bind, int thread, int *next, FILE *f)
{
	if (bind)
		fprintf(f, "\t%s = %s(", bind, c->func);
	else
		fprintf(f, "\t%s(", c->func);
	for (int a = 0; a < c->n_args; a++) {
		const struct lp_targ *x = &c->args[a];
		if (a)
			fputs(", ", f);
		if (x->kind == LP_TARG_THREAD)
			fprintf(f, "%d", thread);
		else if (x->kind == LP_TARG_OUT)
			fprintf(f, x->out == LP_TOUT_BYTES ? "out%d" : "&out%d", (*next)++);
		else if (x->kind == LP_TARG_BYTES)
			fprintf(f, "buf%d", (*next)++);
		else if (x->kind == LP_TARG_FN) /* as the driver: a target's is its trampoline */
			fprintf(f, "dlsym(RTLD_DEFAULT, \"%s\")", x->s);
		else if (x->kind == LP_TARG_STRUCT) { /* a compound literal */
			fprintf(f, "(%s)", struct_ctype(c->func, a));
			struct_init(x, thread, f);
		} else { /* a concrete literal prints as C */
			struct lp_tcall one = {
			    .func = (char *)"", .args = (struct lp_targ *)x, .n_args = 1};
			char *buf = NULL;
			size_t len = 0;
			FILE *m = open_memstream(&buf, &len);
			lp_tcall_print(&one, m);
			fclose(m);
			fprintf(f, "%.*s", (int)(len >= 2 ? len - 2 : 0), buf + 1);
			free(buf);
		}
	}
	fputs(");\n", f);
}

static void emit_calls(const struct lp_tcall *c, int n, int thread, int *next, FILE *f)
{
	for (int k = 0; k < n; k++)
		emit_call(&c[k], NULL, thread, next, f);
}

static void thread_function(const struct lp_tdesc *t, int th, FILE *f)
{
	const struct lp_tthread *tt = &t->threads[th];
	fprintf(f, "\nstatic void *thread_%d(void *arg)\n{\n\t(void)arg;\n", th + 1);
	int decl = 0, use = 0;
	out_objects(t->thread_init, t->n_thread_init, &decl, f);
	out_objects(tt->calls, tt->n_calls, &decl, f);
	out_objects(t->thread_fini, t->n_thread_fini, &decl, f);
	emit_calls(t->thread_init, t->n_thread_init, th, &use, f);
	emit_calls(tt->calls, tt->n_calls, th, &use, f);
	emit_calls(t->thread_fini, t->n_thread_fini, th, &use, f);
	fputs("\treturn 0;\n}\n", f);
}

void lp_campaign_emit_client(const struct lp_tdesc *t, const char *path)
{
	const struct lp_tcall *all[MAX_CALLS];
	int n = all_calls(t, all);
	struct_types(t, all, n); /* before the file: it may refuse */
	FILE *f = fopen(path, "w");
	if (!f)
		lp_die(LP_EXIT_USAGE, "cannot write the client '%s' (--emit-client): %m", path);
	build_comment(t, f);
	if (!t->n_headers)
		declarations(all, n, f);
	notes(t, all, n, f);
	fputs("\n", f);
	/* a variable has its function's result type where a header declares it */
	for (int i = 0; i < t->n_init; i++) {
		if (!t->init[i].bind)
			continue;
		if (!t->n_headers) {
			fprintf(f, "static long %s;\n", t->init[i].bind);
			continue;
		}
		fputs("static __typeof__(", f);
		lp_tcall_print(&t->init[i], f);
		fprintf(f, ") %s;\n", t->init[i].bind);
	}
	for (int th = 0; th < t->n_threads; th++)
		thread_function(t, th, f);
	fputs("\nint main(void)\n{\n", f);
	int decl = 0, use = 0;
	out_objects(t->init, t->n_init, &decl, f);
	out_objects(t->final, t->n_final, &decl, f);
	for (int i = 0; i < t->n_init; i++)
		emit_call(&t->init[i], t->init[i].bind, -1, &use, f);
	fprintf(f, "\tpthread_t t[%d];\n", t->n_threads);
	for (int th = 0; th < t->n_threads; th++)
		fprintf(f, "\tpthread_create(&t[%d], 0, thread_%d, 0);\n", th, th + 1);
	fprintf(f, "\tfor (int i = 0; i < %d; i++)\n\t\tpthread_join(t[i], 0);\n", t->n_threads);
	emit_calls(t->final, t->n_final, -1, &use, f);
	fputs("\treturn 0;\n}\n", f);
	free(struct_fns);
	struct_fns = NULL;
	if (fclose(f))
		lp_die(LP_EXIT_USAGE, "cannot write the client '%s' (--emit-client): %m", path);
}
