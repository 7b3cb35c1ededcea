/* preload/golden.c — the golden model's side of --spec-from: an execution that, instead of
 * going on with the client, makes a sequence of calls on the golden model (a second
 * library with the target's function names) in the main thread, under the scheduler so
 * that a call that blocks forever ends the execution as stuck. The handle pairing is
 * described in protocol.h (struct lp_golden). Runs in the fork server's child only. */
#include <dlfcn.h>
#include <string.h>

#include "preload.h"
#include "golden-handles.h"
#include "plan.h"
#include "runtime.h"
#include "text.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

const char *lp_golden_path LP_HIDDEN;
static void *golden_lib;

/* In the fork server, before the first execution: every execution inherits the mapping. */
void lp_golden_load(void)
{
	if (lp_golden_path && !golden_lib)
		golden_lib = REAL(dlopen)(lp_golden_path, RTLD_NOW | RTLD_LOCAL);
}

/* Integer and pointer arguments in the six registers, floating-point ones in the eight
 * vector registers, whatever their order: one prototype calls every function whose
 * arguments all travel in registers (the cli refuses the others). */
typedef uint64_t (*call_int)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, double,
			     double, double, double, double, double, double, double);
typedef double (*call_fp)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, double,
			  double, double, double, double, double, double, double);

static __attribute__((noreturn)) void golden_fatal(const char *what, const char *name)
{
	struct lp_text t;
	char buf[600];
	lp_text_init(&t, buf, sizeof buf);
	lp_text_str(&t, what);
	if (name)
		lp_text_str(&t, name);
	lp_fatal(LP_OUT_FATAL, 0, buf);
}

static void put_result_string(struct lp_golden *g, struct lp_golden_call *c, const char *s)
{
	if (!s) {
		c->ret_str_len = LP_STR_NULL;
		return;
	}
	size_t n = strnlen(s, LP_MAX_STRING);
	if (g->strings_used + n > LP_GOLDEN_STRINGS)
		golden_fatal("its string results are too long for one request", NULL);
	memcpy(g->strings + g->strings_used, s, n);
	c->ret_str_off = g->strings_used;
	c->ret_str_len = (uint32_t)n;
	g->strings_used += (uint32_t)n;
}

static void call_one(struct lp_golden *g, struct lp_golden_call *c, struct lp_handles *m)
{
	const struct lp_loaded_func *f = &lp_g.plan->funcs[c->func];
	const char *name = lp_plan_name(lp_g.plan, f->name);
	void *fn = REAL(dlsym)(golden_lib, name);
	if (!fn)
		golden_fatal("it has no function ", name);
	uint64_t gp[6] = {0};
	double fp[8] = {0};
	unsigned ngp = 0, nfp = 0;
	for (uint32_t i = 0; i < c->nargs && i < f->nargs; i++) {
		uint64_t v = c->args[i];
		switch (f->args[i]) {
		case LP_K_F4:
		case LP_K_F8: /* the bits as recorded: a float in the low 32 */
			if (nfp < 8)
				memcpy(&fp[nfp++], &v, sizeof v);
			continue;
		case LP_K_STR:
			v = v ? (uint64_t)(uintptr_t)(g->strings + v - 1) : 0;
			break;
		case LP_K_PTR:
			v = lp_handle_to_model(m, v);
			break;
		case LP_K_STRUCT: /* its bytes are not in the call */
			golden_fatal("cannot be called with a struct passed by value: ", name);
		default:
			break;
		}
		if (ngp < 6)
			gp[ngp++] = v;
	}
	struct lp_thread *self = lp_self;
	self->in_op = 1; /* --max-steps bounds the call */
	self->op_steps = 0;
	uint64_t r;
	if (f->ret == LP_K_F4 || f->ret == LP_K_F8) {
		double d = ((call_fp)fn)(gp[0], gp[1], gp[2], gp[3], gp[4], gp[5], fp[0], fp[1],
					 fp[2], fp[3], fp[4], fp[5], fp[6], fp[7]);
		memcpy(&r, &d, sizeof r);
	} else {
		r = ((call_int)fn)(gp[0], gp[1], gp[2], gp[3], gp[4], gp[5], fp[0], fp[1], fp[2],
				   fp[3], fp[4], fp[5], fp[6], fp[7]);
	}
	self->in_op = 0;
	if (f->ret == LP_K_PTR)
		r = lp_handle_to_history(m, r, c->has_ret, c->hist_ret);
	else if (f->ret == LP_K_STR)
		put_result_string(g, c, (const char *)(uintptr_t)r);
	c->ret = r;
}

void lp_golden_run(void)
{
	struct lp_golden *g = &lp_g.shm->golden;
	if (!golden_lib)
		golden_fatal("it cannot be loaded: ", dlerror());
	struct lp_handles m = {.n = 0};
	g->n_done = 0;
	for (uint32_t i = 0; i < g->n_calls && i < LP_GOLDEN_MAX_CALLS; i++) {
		call_one(g, &g->calls[i], &m);
		g->n_done = i + 1;
	}
	lp_end(LP_OUT_COMPLETE);
}
