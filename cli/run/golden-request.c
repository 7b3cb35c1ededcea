/* cli/run/golden-request.c — the pure half of golden-run.h: a checker request into the
 * shared area's golden calls, and their results into the answer text. */
#include "golden-run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"

/* Whether every argument travels in a register (what preload/golden.c can pass). */
static const char *unsupported(const struct lp_plan_func *f)
{
	unsigned gp = 0, fp = 0;
	if (f->varargs)
		return "has variable arguments";
	for (int i = 0; i < f->nargs; i++) {
		if (f->args[i] == LP_K_UNKNOWN)
			return "has arguments of unknown type";
		if (f->args[i] == LP_K_STRUCT)
			return "has a struct argument passed by value";
		if (f->args[i] == LP_K_F4 || f->args[i] == LP_K_F8)
			fp++;
		else
			gp++;
	}
	if (gp > 6 || fp > 8)
		return "has arguments passed on the stack";
	if (f->ret == LP_K_UNKNOWN)
		return "has a result of unknown type";
	return NULL;
}

static int put_string(struct lp_golden *g, const char *s, uint64_t *arg)
{
	if (!s) {
		*arg = 0;
		return 0;
	}
	size_t n = strlen(s) + 1;
	if (g->strings_used + n > LP_GOLDEN_STRINGS)
		return -1;
	memcpy(g->strings + g->strings_used, s, n);
	*arg = g->strings_used + 1;
	g->strings_used += (uint32_t)n;
	return 0;
}

int lp_golden_fill(struct lp_golden *g, const struct lp_plan *plan, const struct lp_log_op *ops,
		   size_t n_ops, const char *request, char *err, size_t errsize)
{
	g->n_calls = g->n_done = g->strings_used = 0;
	for (const char *p = request; *p;) {
		char *end;
		unsigned long i = strtoul(p, &end, 10);
		if (end == p || i >= n_ops) {
			snprintf(err, errsize, "request '%.60s' names no operation of the history",
				 request);
			return -1;
		}
		if (g->n_calls == LP_GOLDEN_MAX_CALLS) {
			snprintf(err, errsize,
				 "a sequence of more than %d operations: use shorter tests",
				 LP_GOLDEN_MAX_CALLS);
			return -1;
		}
		const struct lp_log_op *o = &ops[i];
		const struct lp_plan_func *f = &plan->funcs[o->func];
		const char *why = unsupported(f);
		if (why) {
			snprintf(err, errsize, "%s %s: it cannot be called on the golden model",
				 f->name, why);
			return -1;
		}
		if (o->truncated) {
			snprintf(err, errsize,
				 "a string argument of %s is longer than %d bytes: it was not "
				 "recorded whole",
				 f->name, LP_MAX_STRING);
			return -1;
		}
		struct lp_golden_call *c = &g->calls[g->n_calls++];
		memset(c, 0, sizeof *c);
		c->func = o->func;
		c->nargs = o->nargs;
		for (uint32_t a = 0; a < o->nargs; a++) {
			c->args[a] = o->args[a];
			if (a < (uint32_t)f->nargs && f->args[a] == LP_K_STR &&
			    put_string(g, o->strs[a], &c->args[a])) {
				snprintf(err, errsize,
					 "string arguments of more than %d bytes in "
					 "one sequence",
					 LP_GOLDEN_STRINGS);
				return -1;
			}
		}
		c->has_ret = o->returned && !o->unwound;
		c->hist_ret = o->ret;
		p = end;
		while (*p == ' ' || *p == '\n')
			p++;
	}
	if (!g->n_calls) {
		snprintf(err, errsize, "an empty request");
		return -1;
	}
	return 0;
}

void lp_golden_answer(const struct lp_golden *g, const struct lp_plan *plan, bool stuck,
		      lp_value_fmt_fn fmt, struct lp_buf *answer)
{
	char *tmp = lp_xmalloc(4 * LP_MAX_STRING + 64);
	for (uint32_t i = 0; i < g->n_done && i < g->n_calls; i++) {
		const struct lp_golden_call *c = &g->calls[i];
		enum lp_kind k = (enum lp_kind)plan->funcs[c->func].ret;
		const char *s = NULL;
		uint32_t len = 0;
		if (k == LP_K_STR && c->ret_str_len != LP_STR_NULL) {
			s = g->strings + c->ret_str_off;
			len = c->ret_str_len;
		}
		fmt(k, c->ret, s, len, false, tmp, 4 * LP_MAX_STRING + 64);
		lp_buf_printf(answer, "%s\n", tmp);
	}
	if (stuck)
		lp_buf_puts(answer, "stuck\n");
	free(tmp);
}
