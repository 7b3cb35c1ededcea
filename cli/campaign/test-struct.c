/* cli/campaign/test-struct.c — struct{...} arguments of a test (lineup-test(5)) against the
 * layouts DWARF gives, and the layouts handed to the built-in driver. */
#include "cli/campaign/test-run.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

/* The literal as the layout's shape: '{' '}' and one 'v' per member value; v[] gets the
 * literals of the values in order (the first LP_LAYOUT_MAX_LEAVES), *n counts them all. */
static void literal_shape(const struct lp_targ *a, struct lp_buf *b, const struct lp_targ **v,
			  int *n)
{
	lp_buf_puts(b, "{");
	for (int i = 0; i < a->n_set; i++) {
		if (a->set[i].kind == LP_TARG_STRUCT) {
			literal_shape(&a->set[i], b, v, n);
			continue;
		}
		lp_buf_puts(b, "v");
		if (*n < LP_LAYOUT_MAX_LEAVES)
			v[*n] = &a->set[i];
		++*n;
	}
	lp_buf_puts(b, "}");
}

static void layout_shape(const struct lp_layout *l, struct lp_buf *b)
{
	lp_buf_puts(b, "{");
	for (int i = 0; i < l->n; i++) {
		for (int k = 0; k < l->leaf[i].open; k++)
			lp_buf_puts(b, "{");
		lp_buf_puts(b, "v");
		for (int k = 0; k < l->leaf[i].close; k++)
			lp_buf_puts(b, "}");
	}
	lp_buf_puts(b, "}");
}

static const char *type_name(const struct lp_layout *l)
{
	return l->ctype[0] ? l->ctype : "an anonymous struct";
}

void lp_test_check_struct(const char *at, const char *func, int arg, const struct lp_targ *a,
			  const struct lp_layout *l)
{
	BUG_ON(!l);
	if (a->kind != LP_TARG_STRUCT)
		lp_die(LP_EXIT_USAGE,
		       "%s: argument %d of %s is %s passed by value: write struct{...} with its %d "
		       "member%s in order",
		       at, arg + 1, func, type_name(l), lp_layout_top_members(l),
		       lp_layout_top_members(l) == 1 ? "" : "s");
	if (l->memory && l->size <= 16) /* libffi would pass it in registers */
		lp_die(LP_EXIT_USAGE,
		       "%s: argument %d of %s is a packed struct (%s): the built-in driver cannot "
		       "pass it, write a client for it",
		       at, arg + 1, func, type_name(l));
	int want = lp_layout_top_members(l);
	if (a->n_set != want)
		lp_die(LP_EXIT_USAGE,
		       "%s: argument %d of %s is %s with %d member%s, the test gives %d", at,
		       arg + 1, func, type_name(l), want, want == 1 ? "" : "s", a->n_set);
	struct lp_buf lit = {0}, lay = {0};
	const struct lp_targ *v[LP_LAYOUT_MAX_LEAVES];
	int n = 0;
	literal_shape(a, &lit, v, &n);
	layout_shape(l, &lay);
	if (strcmp(lp_buf_str(&lit), lp_buf_str(&lay)))
		lp_die(LP_EXIT_USAGE,
		       "%s: argument %d of %s does not nest as %s: its members are %s ('v' a "
		       "value), the test gives %s",
		       at, arg + 1, func, type_name(l), lp_buf_str(&lay), lp_buf_str(&lit));
	lp_buf_free(&lit);
	lp_buf_free(&lay);
	for (int i = 0; i < n; i++) {
		enum lp_kind k = (enum lp_kind)l->leaf[i].kind;
		bool flt = k == LP_K_F4 || k == LP_K_F8;
		if (flt != (v[i]->kind == LP_TARG_FLOAT) ||
		    (v[i]->kind == LP_TARG_NULL && k != LP_K_PTR))
			lp_die(LP_EXIT_USAGE,
			       "%s: value %d of struct argument %d of %s is %s: write %s", at,
			       i + 1, arg + 1, func,
			       flt	       ? "floating point"
			       : k == LP_K_PTR ? "a pointer"
					       : "an integer",
			       flt	       ? "a number such as 1.5"
			       : k == LP_K_PTR ? "NULL, a variable or an integer such as 0x1000"
					       : "an integer, a variable or $thread");
		unsigned size = lp_layout_kind_size(k);
		long long lo = k == LP_K_BOOL ? 0 : size < 8 ? -(1LL << (8 * size - 1)) : LLONG_MIN;
		long long hi = k == LP_K_BOOL ? 1 : size < 8 ? (1LL << (8 * size)) - 1 : LLONG_MAX;
		if (v[i]->kind == LP_TARG_INT && (v[i]->i < lo || v[i]->i > hi))
			lp_die(
			    LP_EXIT_USAGE,
			    "%s: value %d of struct argument %d of %s is %lld, which its %u-byte "
			    "member cannot hold (%lld..%lld)",
			    at, i + 1, arg + 1, func, v[i]->i, size, lo, hi);
	}
}

static void add_calls(struct lp_buf *b, const struct lp_plan *plan, const struct lp_tcall *c, int n)
{
	for (int k = 0; k < n; k++)
		for (int i = 0; i < plan->n_funcs; i++) {
			const struct lp_plan_func *f = &plan->funcs[i];
			if (strcmp(f->name, c[k].func) || !f->typed)
				continue;
			for (int a = 0; a < f->nargs; a++) {
				char text[LP_LAYOUT_MAX_LEAVES * 24 + 128], line[sizeof text + 300];
				if (f->args[a] != LP_K_STRUCT || !f->layout[a])
					continue;
				lp_layout_text(f->layout[a], text, sizeof text);
				snprintf(line, sizeof line, "%s %d %s\n", f->name, a, text);
				if (!strstr(lp_buf_str(b), line))
					lp_buf_puts(b, line);
			}
		}
}

char *lp_test_driver_layouts(const struct lp_tdesc *d, const struct lp_plan *plan)
{
	struct lp_buf b = {0};
	lp_buf_puts(&b, "");
	add_calls(&b, plan, d->init, d->n_init);
	for (int t = 0; t < d->n_threads; t++)
		add_calls(&b, plan, d->threads[t].calls, d->threads[t].n_calls);
	add_calls(&b, plan, d->final, d->n_final);
	if (!*lp_buf_str(&b)) {
		lp_buf_free(&b);
		return NULL;
	}
	return lp_buf_take(&b);
}
