/* tests/unit/test-analyze-util.h — shared helpers of the analysis unit tests: run the
 * analysis on the fixtures of tests/analyze/ and look at the result. */
#ifndef TEST_ANALYZE_UTIL_H
#define TEST_ANALYZE_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze-internal.h"

#define FX(name) AFX_DIR "/" name
#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static char err[LP_ERR_SIZE];

/* Runs the analysis; returns its status, the plan in *plan (NULL on error). */
static inline int analyze(const char *client, const char **targets, int nt, const char **globs,
			  int ng, const char **sigs, int ns, struct lp_plan **plan)
{
	struct lp_analyze_opts o = {
	    .client = client,
	    .targets = targets,
	    .n_targets = nt,
	    .globs = globs,
	    .n_globs = ng,
	    .signatures = sigs,
	    .n_signatures = ns,
	};
	err[0] = 0;
	return lp_analyze_try(&o, plan, err, sizeof(err));
}

static inline struct lp_plan_func *find_func(struct lp_plan *p, const char *name)
{
	for (int i = 0; i < p->n_funcs; i++)
		if (!strcmp(p->funcs[i].name, name))
			return &p->funcs[i];
	return NULL;
}

/* "i4(i4,i8)" for a typed function, "untyped" otherwise. */
static inline const char *kinds(const struct lp_plan_func *f)
{
	static char buf[256];
	if (!f)
		return "absent";
	if (!f->typed)
		return "untyped";
	struct lp_ftype t = {.ret = f->ret, .nargs = f->nargs, .varargs = f->varargs};
	memcpy(t.args, f->args, sizeof(t.args));
	memcpy(t.layout, f->layout, sizeof(t.layout));
	lp_ftype_format(&t, buf, sizeof(buf));
	return buf;
}

#define assert_contains(hay, needle)                                                               \
	do {                                                                                       \
		if (!strstr((hay), (needle)))                                                      \
			fail_msg("'%s' does not contain '%s'", (hay), (needle));                   \
	} while (0)

#endif
