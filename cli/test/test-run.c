/* cli/test/test-run.c — see test-run.h. */
#include "cli/test/test-run.h"

#include <string.h>

#include "cli/run/run-server.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

static void append(const char ***v, int *n, const char *s)
{
	*v = lp_xrealloc(*v, sizeof **v * (size_t)(*n + 1));
	(*v)[(*n)++] = s;
}

bool lp_test_prepare(struct lp_options *o, struct lp_tdesc *d, char **argv)
{
	char err[600];
	if (lp_tdesc_parse(o->test, d, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "%s", err);
	if (!d->n_threads || o->random || o->autocheck || o->shard_n || o->emit_client)
		return false; /* a generator: lp_test_campaign */
	if (!d->n_targets && !o->n_targets)
		lp_die(LP_EXIT_USAGE,
		       "'%s' names no target: add a line 'target LIB' (a soname, or a path "
		       "relative to the file) or give --target",
		       o->test);
	for (int i = 0; i < d->n_targets; i++)
		append(&o->targets, &o->n_targets, d->targets[i]);
	for (int i = 0; i < d->n_signatures; i++)
		append(&o->signatures, &o->n_signatures, d->signatures[i]);
	argv[0] = lp_find_driver();
	argv[1] = (char *)o->test;
	argv[2] = NULL;
	return true;
}

static const struct lp_plan_func *func_named(const struct lp_plan *plan, const char *name)
{
	for (int i = 0; i < plan->n_funcs; i++)
		if (!strcmp(plan->funcs[i].name, name))
			return &plan->funcs[i];
	return NULL;
}

static void check_call(const struct lp_tdesc *d, const struct lp_plan *plan,
		       const struct lp_tcall *c)
{
	const struct lp_plan_func *f = func_named(plan, c->func);
	if (!f)
		lp_die(LP_EXIT_USAGE,
		       "%s:%d: '%s' is not an exported function of the targets: check its name "
		       "and the target lines",
		       d->path, c->line, c->func);
	if (!f->typed)
		return; /* the run ends with an error naming it if it is called */
	if (c->n_args < f->nargs || (c->n_args > f->nargs && !f->varargs))
		lp_die(LP_EXIT_USAGE, "%s:%d: %s takes %d argument%s, the test gives %d", d->path,
		       c->line, c->func, f->nargs, f->nargs == 1 ? "" : "s", c->n_args);
	/* the literal says which register: it must be the one the type says */
	for (int i = 0; i < f->nargs; i++) {
		const struct lp_targ *a = &c->args[i];
		bool flt = a->kind == LP_TARG_FLOAT;
		if (f->args[i] == LP_K_F8 && !(flt && !a->single))
			lp_die(
			    LP_EXIT_USAGE,
			    "%s:%d: argument %d of %s is a double: write a floating point number "
			    "such as 1.5",
			    d->path, c->line, i + 1, c->func);
		if (f->args[i] == LP_K_F4 && !(flt && a->single))
			lp_die(LP_EXIT_USAGE,
			       "%s:%d: argument %d of %s is a float: write it with an f, such as "
			       "1.5f",
			       d->path, c->line, i + 1, c->func);
		if (flt && f->args[i] != LP_K_F4 && f->args[i] != LP_K_F8)
			lp_die(
			    LP_EXIT_USAGE,
			    "%s:%d: argument %d of %s is not floating point: write an integer, a "
			    "string, NULL or a variable",
			    d->path, c->line, i + 1, c->func);
	}
}

void lp_test_check_plan(const struct lp_tdesc *d, const struct lp_plan *plan)
{
	for (int i = 0; i < d->n_init; i++)
		check_call(d, plan, &d->init[i]);
	for (int t = 0; t < d->n_threads; t++)
		for (int k = 0; k < d->threads[t].n_calls; k++)
			check_call(d, plan, &d->threads[t].calls[k]);
	for (int i = 0; i < d->n_final; i++)
		check_call(d, plan, &d->final[i]);
}
