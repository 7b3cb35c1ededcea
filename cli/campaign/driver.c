/* cli/campaign/driver.c — lineup-driver FILE: the built-in client that runs a fixed test of a
 * lineup-test(5) description under lineup-preload. It loads the targets, makes the init
 * calls in its main thread (binding their results), starts one thread per thread line
 * that makes its calls in order and then waits, never exiting, and once all have made
 * their calls makes the final calls and ends the process.
 *
 * Functions are called by symbol through dlsym, whose pointers the preload turns into its
 * trampolines: the calls are operations exactly like a client's. Arguments follow x86-64
 * System V: integers, pointers, strings, NULL and variables in the integer registers in
 * order, floating point literals (1.5 a double, 1.5f a float) in the vector registers in
 * order, which is where a prototyped call puts them whatever their interleaving; the cli
 * checks the literals against the functions' types before it starts this program. A call
 * with a struct{...} argument, or with more arguments than registers, goes through libffi,
 * a struct built from its layout (the cli passes the layouts as the second argument,
 * lineup/layout.h), so every argument lands in the register or stack slot a compiler
 * would use. Everything is prepared before the first thread starts, so the threads only
 * call: an out-parameter's object is allocated (zeroed) then, one per call, and a thread's
 * thread-init and thread-fini calls are made around its own calls (their functions are not
 * in the plan, so dlsym gives their real entries: no operations). */
#include <dlfcn.h>
#include <ffi.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/campaign/test-desc.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "lineup/layout.h"

#define MAX_ARGS 6    /* integer-class argument registers */
#define MAX_FP_ARGS 8 /* vector argument registers */

typedef long (*fn6)(long, long, long, long, long, long, double, double, double, double, double,
		    double, double, double);

struct prepared {
	fn6 fn;
	long args[MAX_ARGS];
	double fp[MAX_FP_ARGS];
	const struct lp_tcall *c;
	ffi_cif *cif; /* a call with struct or stack arguments: through libffi */
	void **values;
};

struct thread_calls {
	struct prepared *calls;
	int n;
};

static const struct lp_tdesc *desc;
static char **var_names;
static long *var_values;
static int n_vars;

struct struct_param {
	char *func;
	int arg;
	struct lp_layout layout;
};
static struct struct_param *params;
static int n_params;

/* The cli's "FUNC ARG LAYOUT" lines. */
static void read_layouts(const char *text)
{
	char *copy = lp_xstrdup(text), *save = NULL;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char func[256], lay[2048];
		int arg;
		params = lp_xrealloc(params, sizeof *params * (size_t)(n_params + 1));
		struct struct_param *sp = &params[n_params];
		if (sscanf(line, "%255s %d %2047s", func, &arg, lay) != 3 ||
		    lp_layout_parse(lay, &sp->layout))
			lp_die(LP_EXIT_USAGE, "bad struct layout '%s' from lineup-preload", line);
		sp->func = lp_xstrdup(func);
		sp->arg = arg;
		n_params++;
	}
	free(copy);
}

static const struct lp_layout *layout_of(const struct lp_tcall *c, int arg)
{
	for (int i = 0; i < n_params; i++)
		if (params[i].arg == arg && !strcmp(params[i].func, c->func))
			return &params[i].layout;
	lp_die(LP_EXIT_USAGE,
	       "%s:%d: argument %d of %s: no struct layout (run the test with lineup-preload "
	       "--test)",
	       desc->path, c->line, arg + 1, c->func);
}

static fn6 lookup(const struct lp_tcall *c)
{
	dlerror();
	void *p = dlsym(RTLD_DEFAULT, c->func);
	if (!p)
		lp_die(LP_EXIT_USAGE,
		       "%s:%d: no function '%s' in the targets: check its name and "
		       "the target lines",
		       desc->path, c->line, c->func);
	return (fn6)(uintptr_t)p;
}

static long value_of(const struct lp_tcall *c, const struct lp_targ *a, int thread)
{
	switch (a->kind) {
	case LP_TARG_THREAD:
		return thread;
	case LP_TARG_OUT:
		return (long)(uintptr_t)lp_xcalloc(1, lp_targ_out_size(a));
	case LP_TARG_BYTES:
		return (long)(uintptr_t)lp_xcalloc(1, (size_t)a->i);
	case LP_TARG_FN: {
		dlerror();
		void *p = dlsym(RTLD_DEFAULT, a->s);
		if (!p)
			lp_die(
			    LP_EXIT_USAGE,
			    "%s:%d: fn %s: no function '%s' in the targets or helpers: check its "
			    "name and the target and helper lines",
			    desc->path, c->line, a->s, a->s);
		return (long)(uintptr_t)p;
	}
	case LP_TARG_INT:
		return (long)a->i;
	case LP_TARG_STR:
		return (long)(uintptr_t)lp_xstrdup(a->s); /* a copy the callee may keep */
	case LP_TARG_NULL:
		return 0;
	case LP_TARG_VAR:
		for (int i = 0; i < n_vars; i++)
			if (!strcmp(var_names[i], a->s))
				return var_values[i];
		break;
	default:
		break;
	}
	lp_die(LP_EXIT_USAGE, "%s:%d: argument of %s is not a concrete value", desc->path, c->line,
	       c->func);
}

/* A float travels in the low 32 bits of its vector register. */
static double as_register(const struct lp_targ *a)
{
	if (!a->single)
		return a->f;
	float f = (float)a->f;
	uint64_t bits = 0;
	double d;
	memcpy(&bits, &f, sizeof f);
	memcpy(&d, &bits, sizeof d);
	return d;
}

/* Writes the literal's member values at their offsets, in order; *leaf counts them. */
static void fill(const struct lp_tcall *c, const struct lp_targ *a, int thread,
		 const struct lp_layout *l, unsigned char *buf, int *leaf)
{
	for (int i = 0; i < a->n_set; i++) {
		const struct lp_targ *m = &a->set[i];
		if (m->kind == LP_TARG_STRUCT) {
			fill(c, m, thread, l, buf, leaf);
			continue;
		}
		if (*leaf >= l->n)
			return;
		const struct lp_layout_leaf *f = &l->leaf[(*leaf)++];
		long v = m->kind == LP_TARG_FLOAT ? 0 : value_of(c, m, thread);
		float x = (float)m->f;
		if (f->kind == LP_K_F4)
			memcpy(buf + f->off, &x, sizeof x);
		else if (f->kind == LP_K_F8)
			memcpy(buf + f->off, &m->f, sizeof m->f);
		else
			memcpy(buf + f->off, &v, lp_layout_kind_size((enum lp_kind)f->kind));
	}
}

/* The struct as libffi passes it the same way: one element per eightbyte, a double for
 * an SSE one, else a 64-bit integer (a struct over 16 bytes goes on the stack). */
static ffi_type *struct_type(const struct lp_tcall *c, int arg, const struct lp_layout *l)
{
	int n8 = (l->size + 7) / 8;
	if (l->memory && l->size <= 16)
		lp_die(LP_EXIT_USAGE,
		       "%s:%d: argument %d of %s is a packed struct: the built-in driver cannot "
		       "pass it, write a client for it",
		       desc->path, c->line, arg + 1, c->func);
	ffi_type *t = lp_xcalloc(1, sizeof *t);
	t->type = FFI_TYPE_STRUCT;
	t->elements = lp_xcalloc((size_t)n8 + 1, sizeof *t->elements);
	for (int e = 0; e < n8; e++)
		t->elements[e] = e < 2 && l->sse[e] ? &ffi_type_double : &ffi_type_uint64;
	return t;
}

static void prepare_ffi(const struct lp_tcall *c, struct prepared *p, int thread)
{
	int n = c->n_args;
	ffi_type **types = lp_xcalloc((size_t)n + 1, sizeof *types);
	p->values = lp_xcalloc((size_t)n + 1, sizeof *p->values);
	for (int i = 0; i < n; i++) {
		const struct lp_targ *a = &c->args[i];
		if (a->kind == LP_TARG_STRUCT) {
			const struct lp_layout *l = layout_of(c, i);
			int leaf = 0;
			types[i] = struct_type(c, i, l);
			p->values[i] = lp_xcalloc(1, ((size_t)l->size + 7) / 8 * 8);
			fill(c, a, thread, l, p->values[i], &leaf);
		} else if (a->kind == LP_TARG_FLOAT && a->single) {
			float *x = lp_xcalloc(1, sizeof *x);
			*x = (float)a->f;
			types[i] = &ffi_type_float, p->values[i] = x;
		} else if (a->kind == LP_TARG_FLOAT) {
			double *x = lp_xcalloc(1, sizeof *x);
			*x = a->f;
			types[i] = &ffi_type_double, p->values[i] = x;
		} else {
			long *x = lp_xcalloc(1, sizeof *x);
			*x = value_of(c, a, thread);
			types[i] = &ffi_type_sint64, p->values[i] = x;
		}
	}
	p->cif = lp_xcalloc(1, sizeof *p->cif);
	if (ffi_prep_cif(p->cif, FFI_DEFAULT_ABI, (unsigned)n, &ffi_type_sint64, types) != FFI_OK)
		lp_die(LP_EXIT_USAGE, "%s:%d: libffi cannot prepare the call of %s", desc->path,
		       c->line, c->func);
}

static void prepare(const struct lp_tcall *c, struct prepared *p, int thread)
{
	memset(p, 0, sizeof *p);
	p->c = c;
	p->fn = lookup(c);
	int gp = 0, fp = 0;
	for (int i = 0; i < c->n_args; i++) /* a struct, or arguments on the stack: libffi */
		if (c->args[i].kind == LP_TARG_STRUCT ||
		    (c->args[i].kind == LP_TARG_FLOAT ? ++fp > MAX_FP_ARGS : ++gp > MAX_ARGS)) {
			prepare_ffi(c, p, thread);
			return;
		}
	gp = fp = 0;
	for (int i = 0; i < c->n_args; i++) {
		if (c->args[i].kind == LP_TARG_FLOAT)
			p->fp[fp++] = as_register(&c->args[i]);
		else
			p->args[gp++] = value_of(c, &c->args[i], thread);
	}
}

static long call(const struct prepared *p)
{
	if (p->cif) {
		ffi_arg r = 0;
		ffi_call(p->cif, FFI_FN(p->fn), &r, p->values);
		return (long)r;
	}
	return p->fn(p->args[0], p->args[1], p->args[2], p->args[3], p->args[4], p->args[5],
		     p->fp[0], p->fp[1], p->fp[2], p->fp[3], p->fp[4], p->fp[5], p->fp[6],
		     p->fp[7]);
}

/* The end of the test: the last thread to finish its calls wakes main; none exits. */
static pthread_mutex_t end_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t all_done = PTHREAD_COND_INITIALIZER, never = PTHREAD_COND_INITIALIZER;
static int n_running;

static void *run_thread(void *arg)
{
	const struct thread_calls *t = arg;
	for (int i = 0; i < t->n; i++)
		call(&t->calls[i]);
	/* A thread that returned would run the libraries' thread-exit code (TLS destructors:
	 * GLib's GSlice cleanup takes its allocator's mutex ~125 times) while the others
	 * still make their calls, and every order of that code would be explored: it is no
	 * call of the test. So it waits here until the process ends. */
	pthread_mutex_lock(&end_lock);
	if (--n_running == 0)
		pthread_cond_signal(&all_done);
	for (;;)
		pthread_cond_wait(&never, &end_lock);
	return NULL;
}

int main(int argc, char **argv)
{
	lp_progname = "lineup-driver";
	if (argc != 2 && argc != 3)
		lp_die(LP_EXIT_USAGE, "usage: lineup-driver FILE [LAYOUTS] (a fixed test, "
				      "lineup-test(5)); lineup-preload --test FILE runs it");
	if (argc == 3)
		read_layouts(argv[2]);
	static struct lp_tdesc d;
	char err[512];
	if (lp_tdesc_parse(argv[1], &d, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "%s", err);
	if (!d.n_threads)
		lp_die(LP_EXIT_USAGE, "%s: no thread lines: the driver runs fixed tests only",
		       argv[1]);
	desc = &d;
	for (int i = 0; i < d.n_targets; i++)
		if (!dlopen(d.targets[i], RTLD_NOW | RTLD_GLOBAL))
			lp_die(LP_EXIT_USAGE, "%s:%d: cannot load target '%s': %s", argv[1],
			       d.target_lines[i], d.targets[i], dlerror());
	for (int i = 0; i < d.n_helpers; i++) /* for fn arguments; not targets */
		if (!dlopen(d.helpers[i], RTLD_NOW | RTLD_GLOBAL))
			lp_die(LP_EXIT_USAGE, "%s:%d: cannot load helper '%s': %s", argv[1],
			       d.helper_lines[i], d.helpers[i], dlerror());
	var_names = lp_xcalloc((size_t)d.n_init + 1, sizeof *var_names);
	var_values = lp_xcalloc((size_t)d.n_init + 1, sizeof *var_values);
	for (int i = 0; i < d.n_init; i++) {
		struct prepared p;
		prepare(&d.init[i], &p, -1);
		long r = call(&p);
		if (d.init[i].bind) {
			var_names[n_vars] = d.init[i].bind;
			var_values[n_vars++] = r;
		}
	}
	struct thread_calls *tc = lp_xcalloc((size_t)d.n_threads, sizeof *tc);
	for (int t = 0; t < d.n_threads; t++) {
		/* thread-init calls, the thread's own, then thread-fini calls */
		int ni = d.n_thread_init, nk = d.threads[t].n_calls;
		tc[t].n = ni + nk + d.n_thread_fini;
		tc[t].calls = lp_xcalloc((size_t)tc[t].n + 1, sizeof *tc[t].calls);
		for (int k = 0; k < ni; k++)
			prepare(&d.thread_init[k], &tc[t].calls[k], t);
		for (int k = 0; k < nk; k++)
			prepare(&d.threads[t].calls[k], &tc[t].calls[ni + k], t);
		for (int k = 0; k < d.n_thread_fini; k++)
			prepare(&d.thread_fini[k], &tc[t].calls[ni + nk + k], t);
	}
	struct prepared *fin = lp_xcalloc((size_t)d.n_final + 1, sizeof *fin);
	for (int i = 0; i < d.n_final; i++)
		prepare(&d.final[i], &fin[i], -1);
	pthread_t *th = lp_xcalloc((size_t)d.n_threads, sizeof *th);
	n_running = d.n_threads;
	for (int t = 0; t < d.n_threads; t++)
		if (pthread_create(&th[t], NULL, run_thread, &tc[t]))
			lp_die(LP_EXIT_USAGE, "cannot start thread %d of the test", t + 1);
	pthread_mutex_lock(&end_lock);
	while (n_running > 0)
		pthread_cond_wait(&all_done, &end_lock);
	pthread_mutex_unlock(&end_lock);
	for (int i = 0; i < d.n_final; i++)
		call(&fin[i]);
	return 0;
}
