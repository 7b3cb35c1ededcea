/* cli/run/shm-log.c — record log -> decisions, warnings and history text (see shm-log.h).
 * The log comes from another process: every size and index is checked before use. */
#include "shm-log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/buf.h"
#include "lineup/die.h"

/* Next record at *off; NULL at the end or on a malformed record (then *bad is set). */
static const struct lp_rec *next_rec(const char *log, size_t len, size_t *off, bool *bad)
{
	if (*off >= len)
		return NULL;
	const struct lp_rec *r = (const void *)(log + *off);
	if (len - *off < sizeof *r || r->size < sizeof *r || r->size % 8 || r->size > len - *off) {
		*bad = true;
		return NULL;
	}
	*off += r->size;
	return r;
}

static bool big_enough(const struct lp_rec *r)
{
	size_t need;
	switch (r->type) {
	case LP_REC_CALL:
		need = sizeof(struct lp_rec_call);
		break;
	case LP_REC_RET:
		need = sizeof(struct lp_rec_ret);
		break;
	case LP_REC_DECISION:
		need = sizeof(struct lp_rec_decision);
		break;
	case LP_REC_THREAD:
	case LP_REC_THREAD_END:
		need = sizeof(struct lp_rec_thread);
		break;
	case LP_REC_LOAD:
		need = sizeof(struct lp_rec_load);
		break;
	case LP_REC_WARN:
	case LP_REC_ERROR:
		need = sizeof(struct lp_rec_text);
		break;
	case LP_REC_CRASH:
		need = sizeof(struct lp_rec_crash);
		break;
	case LP_REC_TSO:
		need = sizeof(struct lp_rec_tso);
		break;
	case LP_REC_TSO_PASS:
		need = sizeof(struct lp_rec_tso_pass);
		break;
	default:
		return false;
	}
	return r->size >= need;
}

static void add_text(struct lp_text_rec **v, size_t *n, const struct lp_rec_text *t)
{
	*v = lp_xrealloc(*v, (*n + 1) * sizeof **v);
	char *s = lp_xmalloc(t->len + 1);
	memcpy(s, t + 1, t->len);
	s[t->len] = 0;
	(*v)[(*n)++] = (struct lp_text_rec){t->tid, t->site, s};
}

static int parse(const void *log, size_t len, struct lp_exec_log *out, char *err, size_t errsize)
{
	size_t off = 0, cap = 0;
	bool bad = false;
	const struct lp_rec *r;
	while ((r = next_rec(log, len, &off, &bad))) {
		if (!big_enough(r))
			return lp_errf(err, errsize, "malformed record of type %u at offset %zu",
				       r->type, off - r->size);
		switch (r->type) {
		case LP_REC_CALL:
			out->n_calls++;
			break;
		case LP_REC_RET:
			out->n_returns++;
			break;
		case LP_REC_DECISION: {
			const struct lp_rec_decision *d = (const void *)r;
			if (d->n_candidates > (r->size - sizeof *d) / sizeof(lp_tid_t) ||
			    d->n_held > (r->size - sizeof *d - d->n_candidates * sizeof(lp_tid_t)) /
					    sizeof(struct lp_held))
				return lp_errf(err, errsize,
					       "decision record at step %llu is truncated",
					       (unsigned long long)d->step);
			if (out->n_decisions == cap) {
				cap = cap ? 2 * cap : 256;
				out->decisions =
				    lp_xrealloc(out->decisions, cap * sizeof *out->decisions);
				out->sites = lp_xrealloc(out->sites, cap * sizeof *out->sites);
			}
			out->sites[out->n_decisions] = d->site;
			out->decisions[out->n_decisions++] = (struct lp_explore_decision){
			    .step = d->step,
			    .running = d->running,
			    .chosen = d->chosen,
			    .point = d->point,
			    .flags = d->flags,
			    .done = d->done,
			    .n_candidates = d->n_candidates,
			    .candidates = (const lp_tid_t *)(d + 1),
			    .addr = d->addr,
			    .n_held = d->n_held,
			    .held = (const struct lp_held *)((const lp_tid_t *)(d + 1) +
							     d->n_candidates)};
			break;
		}
		case LP_REC_WARN:
		case LP_REC_ERROR: {
			const struct lp_rec_text *t = (const void *)r;
			if (t->len > r->size - sizeof *t)
				return lp_errf(err, errsize,
					       "text record at offset %zu is truncated",
					       off - r->size);
			if (r->type == LP_REC_WARN)
				add_text(&out->warnings, &out->n_warnings, t);
			else
				add_text(&out->errors, &out->n_errors, t);
			break;
		}
		case LP_REC_CRASH: {
			const struct lp_rec_crash *c = (const void *)r;
			if (c->stack_len > r->size - sizeof *c)
				return lp_errf(err, errsize,
					       "crash record at offset %zu is truncated",
					       off - r->size);
			free(out->crash);
			out->crash = lp_xmalloc(sizeof *c + c->stack_len);
			memcpy(out->crash, c, sizeof *c + c->stack_len);
			break;
		}
		case LP_REC_TSO:
			out->tso = lp_xrealloc(out->tso, (out->n_tso + 1) * sizeof *out->tso);
			memcpy(&out->tso[out->n_tso++], r, sizeof *out->tso);
			break;
		case LP_REC_TSO_PASS:
			out->tso_pass = lp_xrealloc(out->tso_pass,
						    (out->n_tso_pass + 1) * sizeof *out->tso_pass);
			memcpy(&out->tso_pass[out->n_tso_pass++], r, sizeof *out->tso_pass);
			break;
		default:
			break;
		}
	}
	if (bad)
		return lp_errf(err, errsize, "malformed record at offset %zu", off);
	return 0;
}

int lp_shmlog_parse(const void *log, size_t len, const struct lp_plan *plan,
		    struct lp_exec_log *out, char *err, size_t errsize)
{
	(void)plan;
	memset(out, 0, sizeof *out);
	if (parse(log, len, out, err, errsize) == 0)
		return 0;
	lp_shmlog_clear(out); /* nothing half-read is left to free */
	return -1;
}

void lp_shmlog_clear(struct lp_exec_log *l)
{
	for (size_t i = 0; i < l->n_warnings; i++)
		free(l->warnings[i].text);
	for (size_t i = 0; i < l->n_errors; i++)
		free(l->errors[i].text);
	free(l->warnings);
	free(l->errors);
	free(l->tso);
	free(l->tso_pass);
	free(l->decisions);
	free(l->sites);
	free(l->crash);
	memset(l, 0, sizeof *l);
}

/* Reads a string payload at *p (bounded by end); advances *p. */
/* A call record whose function and arguments fit the plan and the record, or NULL. */
static const struct lp_rec_call *call_rec(const struct lp_rec *r, const struct lp_plan *plan)
{
	const struct lp_rec_call *c = (const void *)r;
	if (c->func >= (uint32_t)plan->n_funcs || c->nargs > LP_MAX_ARGS ||
	    c->nargs * sizeof(uint64_t) > r->size - sizeof *c)
		return NULL;
	return c;
}

static int take_str(const char **p, const char *end, const struct lp_str **s, const char **bytes)
{
	if ((size_t)(end - *p) < sizeof **s)
		return -1;
	*s = (const void *)*p;
	*p += sizeof **s;
	*bytes = *p;
	if ((*s)->len == LP_STR_NULL)
		return 0;
	if ((*s)->len > (size_t)(end - *p))
		return -1;
	*p += LP_REC_ALIGN((*s)->len);
	if (*p > end)
		*p = end;
	return 0;
}

#define VALBUF (LP_MAX_STRING * 4 + 64)

/* Where a call's struct payloads start: after its string payloads (protocol.h). */
static const char *struct_payloads(const struct lp_plan_func *f, uint32_t nargs, const char *p,
				   const char *end)
{
	for (uint32_t i = 0; i < nargs && i < (uint32_t)f->nargs; i++) {
		const struct lp_str *s;
		const char *bytes;
		if (f->args[i] == LP_K_STR && take_str(&p, end, &s, &bytes))
			return NULL;
	}
	return p;
}

static void value(struct lp_buf *b, lp_value_fmt_fn fmt, enum lp_kind k, uint64_t raw,
		  const struct lp_str *s, const char *bytes, char *tmp)
{
	fmt(k, raw, s ? (s->len == LP_STR_NULL ? NULL : bytes) : NULL,
	    s && s->len != LP_STR_NULL ? s->len : 0, s && s->truncated, tmp, VALBUF);
	lp_buf_puts(b, tmp);
}

/* " out=V" per out-parameter of f (its pointee after the call; lineup-history(5)). */
static int outs(struct lp_buf *b, lp_value_fmt_fn fmt, const struct lp_plan_func *f, const char **p,
		const char *end, char *tmp)
{
	for (int i = 0; i < f->nargs; i++) {
		if (!f->out_len[i])
			continue;
		const struct lp_str *s;
		const char *bytes;
		if (take_str(p, end, &s, &bytes) ||
		    (s->len != LP_STR_NULL && s->len != f->out_len[i]))
			return -1;
		lp_buf_puts(b, " out=");
		if (s->len == LP_STR_NULL) {
			lp_buf_puts(b, "NULL");
			continue;
		}
		uint64_t raw = 0;
		if (f->out_kind[i] == LP_K_U1) { /* bytes: trailing zeros say nothing more */
			uint32_t n = s->len;
			while (n && !bytes[n - 1])
				n--;
			fmt(LP_K_STR, 0, bytes, n, false, tmp, VALBUF);
		} else {
			memcpy(&raw, bytes, s->len < sizeof raw ? s->len : sizeof raw);
			fmt(f->out_kind[i], raw, NULL, 0, false, tmp, VALBUF);
		}
		lp_buf_puts(b, tmp);
	}
	return 0;
}

char *lp_shmlog_history(const void *log, size_t len, const struct lp_plan *plan, const char *header,
			bool stuck, lp_value_fmt_fn fmt, char *err, size_t errsize)
{
	struct lp_buf b = {0};
	char *tmp = lp_xmalloc(VALBUF);
	size_t off = 0;
	bool bad = false;
	const struct lp_rec *r;
	lp_buf_printf(&b, "%s\n", header);
	while ((r = next_rec(log, len, &off, &bad))) {
		if (r->type != LP_REC_CALL && r->type != LP_REC_RET)
			continue;
		if (!big_enough(r))
			goto malformed;
		const char *end = (const char *)r + r->size;
		char tid[LP_TID_STRLEN];
		if (r->type == LP_REC_CALL) {
			const struct lp_rec_call *c = call_rec(r, plan);
			if (!c)
				goto malformed;
			const struct lp_plan_func *f = &plan->funcs[c->func];
			const uint64_t *args = (const void *)(c + 1);
			const char *p = (const char *)(args + c->nargs);
			lp_buf_printf(&b, "%s call %s(", lp_tid_format(c->tid, tid), f->name);
			const char *q = struct_payloads(f, c->nargs, p, end);
			if (!q)
				goto malformed;
			for (uint32_t i = 0; i < c->nargs; i++) {
				enum lp_kind k = i < (uint32_t)f->nargs ? f->args[i] : LP_K_U8;
				const struct lp_str *s = NULL;
				const char *bytes = NULL;
				if (k == LP_K_STR && take_str(&p, end, &s, &bytes))
					goto malformed;
				if (i)
					lp_buf_puts(&b, ", ");
				if (k == LP_K_STRUCT) {
					if (take_str(&q, end, &s, &bytes) || !f->layout[i] ||
					    s->len != f->layout[i]->size)
						goto malformed;
					lp_layout_format(f->layout[i], (const unsigned char *)bytes,
							 fmt, tmp, VALBUF);
					lp_buf_puts(&b, tmp);
				} else if (i < (uint32_t)f->nargs && f->out_len[i])
					lp_buf_puts(&b, "out"); /* its address says nothing */
				else
					value(&b, fmt, k, args[i], s, bytes, tmp);
			}
			/* the variable arguments are not recorded: say so, not drop them */
			if (f->varargs)
				lp_buf_puts(&b, c->nargs ? ", ...)\n" : "...)\n");
			else
				lp_buf_puts(&b, ")\n");
		} else {
			const struct lp_rec_ret *rt = (const void *)r;
			if (rt->func >= (uint32_t)plan->n_funcs)
				goto malformed;
			const struct lp_plan_func *f = &plan->funcs[rt->func];
			const char *p = (const char *)(rt + 1);
			const struct lp_str *s = NULL;
			const char *bytes = NULL;
			if (f->ret == LP_K_STR && !(rt->pad & LP_RET_UNWOUND) &&
			    take_str(&p, end, &s, &bytes))
				goto malformed;
			lp_buf_printf(&b, "%s ret ", lp_tid_format(rt->tid, tid));
			if (rt->pad & LP_RET_UNWOUND)
				lp_buf_puts(&b, "<unwound>");
			else
				value(&b, fmt, f->ret, rt->value, s, bytes, tmp);
			if (!(rt->pad & LP_RET_UNWOUND) && outs(&b, fmt, f, &p, end, tmp))
				goto malformed;
			lp_buf_puts(&b, "\n");
		}
	}
	if (bad)
		goto malformed;
	if (stuck)
		lp_buf_puts(&b, "stuck\n");
	lp_buf_puts(&b, "end\n");
	free(tmp);
	return lp_buf_take(&b);
malformed:
	lp_errf(err, errsize, "malformed call or return record at offset %zu", off);
	free(tmp);
	lp_buf_free(&b);
	return NULL;
}

int lp_shmlog_events(const void *log, size_t len, struct lp_trace_event **ev, size_t *n, char *err,
		     size_t errsize)
{
	size_t off = 0, cap = 0, decisions = 0;
	bool bad = false;
	const struct lp_rec *r;
	*ev = NULL;
	*n = 0;
	while ((r = next_rec(log, len, &off, &bad))) {
		if (!big_enough(r))
			break;
		if (r->type == LP_REC_DECISION) {
			decisions++;
			continue;
		}
		if (r->type != LP_REC_CALL && r->type != LP_REC_RET)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 32;
			*ev = lp_xrealloc(*ev, cap * sizeof **ev);
		}
		lp_tid_t tid = r->type == LP_REC_CALL ? ((const struct lp_rec_call *)r)->tid
						      : ((const struct lp_rec_ret *)r)->tid;
		(*ev)[(*n)++] =
		    (struct lp_trace_event){.step = decisions ? decisions - 1 : LP_HIST_BEFORE,
					    .tid = tid,
					    .call = r->type == LP_REC_CALL};
	}
	if (!bad && (!r || big_enough(r)))
		return 0;
	free(*ev);
	*ev = NULL;
	*n = 0;
	return lp_errf(err, errsize, "malformed record at offset %zu", off);
}

int lp_shmlog_ops(const void *log, size_t len, const struct lp_plan *plan, struct lp_log_op **ops,
		  size_t *n, char *err, size_t errsize)
{
	size_t off = 0, cap = 0;
	bool bad = false;
	const struct lp_rec *r;
	*ops = NULL;
	*n = 0;
	while ((r = next_rec(log, len, &off, &bad))) {
		if (r->type != LP_REC_CALL && r->type != LP_REC_RET)
			continue;
		if (!big_enough(r))
			goto malformed;
		const char *end = (const char *)r + r->size;
		if (r->type == LP_REC_RET) {
			const struct lp_rec_ret *rt = (const void *)r;
			for (size_t i = *n; i-- > 0;)
				if ((*ops)[i].tid == rt->tid && !(*ops)[i].returned) {
					(*ops)[i].returned = true;
					(*ops)[i].unwound = rt->pad & LP_RET_UNWOUND;
					(*ops)[i].ret = rt->value;
					break;
				}
			continue;
		}
		const struct lp_rec_call *c = call_rec(r, plan);
		if (!c)
			goto malformed;
		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			*ops = lp_xrealloc(*ops, cap * sizeof **ops);
		}
		struct lp_log_op *o = &(*ops)[(*n)++];
		memset(o, 0, sizeof *o);
		o->tid = c->tid;
		o->func = c->func;
		o->nargs = c->nargs;
		const struct lp_plan_func *f = &plan->funcs[c->func];
		const uint64_t *args = (const void *)(c + 1);
		const char *p = (const char *)(args + c->nargs);
		for (uint32_t i = 0; i < c->nargs; i++) {
			o->args[i] = args[i];
			if (i >= (uint32_t)f->nargs || f->args[i] != LP_K_STR)
				continue;
			const struct lp_str *st;
			const char *bytes;
			if (take_str(&p, end, &st, &bytes))
				goto malformed;
			if (st->len == LP_STR_NULL)
				continue;
			o->strs[i] = lp_xmalloc(st->len + 1);
			memcpy(o->strs[i], bytes, st->len);
			o->strs[i][st->len] = 0;
			o->truncated |= st->truncated != 0;
		}
	}
	if (!bad)
		return 0;
malformed:
	lp_shmlog_ops_free(*ops, *n);
	*ops = NULL;
	*n = 0;
	snprintf(err, errsize, "malformed record log");
	return -1;
}

void lp_shmlog_ops_free(struct lp_log_op *ops, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (uint32_t a = 0; a < LP_MAX_ARGS; a++)
			free(ops[i].strs[a]);
	free(ops);
}
