/* cli/report/interception.c — counts calls per target function and writes the interception
 * coverage report (see interception.h). */
#include "interception.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "lineup/die.h"

static void note(struct lp_interception *ic, const struct lp_rec_text *t)
{
	size_t len = t->len <= t->h.size - sizeof *t ? t->len : t->h.size - sizeof *t;
	const char *text = (const char *)(t + 1);
	char *copy = strndup(text, len);
	bool fresh, added;
	long g = copy ? lp_site_groups_add(&ic->sites_seen, copy, &fresh, &added) : -1;
	free(copy);
	if (g >= 0)
		return; /* every one is listed, in its group */
	for (size_t i = 0; i < ic->n_seen; i++)
		if (strlen(ic->seen[i]) == len && !memcmp(ic->seen[i], text, len))
			return;
	if (ic->n_seen == 32)
		return; /* enough to say what is wrong */
	ic->seen = lp_xrealloc(ic->seen, (ic->n_seen + 1) * sizeof *ic->seen);
	copy = lp_xcalloc(1, len + 1);
	memcpy(copy, text, len);
	ic->seen[ic->n_seen++] = copy;
}

void lp_interception_count(struct lp_interception *ic, const struct lp_plan *plan, const void *log,
			   size_t len, size_t base_len)
{
	if (!ic->calls) {
		ic->n_funcs = plan->n_funcs;
		ic->calls = lp_xcalloc((size_t)plan->n_funcs + 1, sizeof *ic->calls);
		ic->setup_calls = lp_xcalloc((size_t)plan->n_funcs + 1, sizeof *ic->setup_calls);
	}
	size_t off = 0;
	while (off + sizeof(struct lp_rec) <= len) {
		const struct lp_rec *r = (const void *)((const char *)log + off);
		if (r->size < sizeof *r || r->size > len - off)
			break; /* malformed: the execution's own parse reports it */
		if (r->type == LP_REC_CALL && r->size >= sizeof(struct lp_rec_call)) {
			const struct lp_rec_call *c = (const void *)r;
			if (c->func < (uint32_t)ic->n_funcs) {
				if (off >= base_len)
					ic->calls[c->func]++;
				else if (!ic->setup_counted)
					ic->setup_calls[c->func]++;
			}
		}
		if (r->type == LP_REC_WARN && r->size >= sizeof(struct lp_rec_text))
			note(ic, (const void *)r);
		off += LP_REC_ALIGN(r->size);
	}
	ic->setup_counted = true;
}

static const char *kind_token(enum lp_kind k)
{
	static const char *tokens[] = LP_KIND_TOKENS;
	return (unsigned)k < LP_K_COUNT ? tokens[k] : "?";
}

static void signature(struct lp_buf *b, const struct lp_plan_func *f)
{
	lp_buf_printf(b, "%s(", f->name);
	for (int i = 0; i < f->nargs; i++)
		lp_buf_printf(b, "%s%s", i ? "," : "", kind_token(f->args[i]));
	lp_buf_printf(b, "%s)->%s", f->varargs ? (f->nargs ? ",..." : "...") : "",
		      kind_token(f->ret));
}

char *lp_interception_text(const struct lp_interception *ic, const struct lp_plan *plan,
			   const char *sites)
{
	struct lp_buf b = {0};
	lp_buf_puts(&b, "interception coverage:\n");
	int uncalled = 0;
	for (int i = 0; i < plan->n_funcs; i++) {
		const struct lp_plan_func *f = &plan->funcs[i];
		uint64_t n = ic->calls ? ic->calls[i] : 0,
			 s = ic->setup_calls ? ic->setup_calls[i] : 0;
		if (!n && !s) {
			uncalled++;
			continue;
		}
		lp_buf_puts(&b, "  called: ");
		if (f->typed) {
			signature(&b, f);
			lp_buf_printf(&b, " (types from %s)",
				      f->type_source ? f->type_source : "?");
		} else {
			lp_buf_printf(&b, "%s (untyped)", f->name);
		}
		lp_buf_printf(&b, ": %llu operation%s in the executions", (unsigned long long)n,
			      n == 1 ? "" : "s");
		if (s)
			lp_buf_printf(&b, ", %llu call%s before the first thread",
				      (unsigned long long)s, s == 1 ? "" : "s");
		/* cli/analyze/pure-regions.h: steps from there commute with other threads' */
		lp_buf_printf(&b, "; %zu point%s from which it touches only its own frame",
			      f->n_pure, f->n_pure == 1 ? "" : "s");
		if (f->n_spans) /* pure-regions.h, "Spans": pairs of a start and an end */
			lp_buf_printf(&b, ", %zu step%s through its own calls", f->n_spans,
				      f->n_spans == 1 ? "" : "s");
		lp_buf_puts(&b, "\n");
	}
	if (uncalled) {
		lp_buf_printf(&b, "  not called (%d):", uncalled);
		int shown = 0;
		for (int i = 0; i < plan->n_funcs && shown < 20; i++)
			if (!(ic->calls && ic->calls[i]) &&
			    !(ic->setup_calls && ic->setup_calls[i]))
				lp_buf_printf(&b, " %s%s", plan->funcs[i].name,
					      plan->funcs[i].typed ? "" : " (untyped)"),
				    shown++;
		lp_buf_puts(&b, uncalled > shown ? " ...\n" : "\n");
	}
	const char *p = sites ? sites : "";
	while (*p) { /* the summary's instrumentation lines, indented */
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		lp_buf_printf(&b, "  %.*s\n", (int)len, p);
		p += len + (nl ? 1 : 0);
	}
	if (!ic->n_seen && !ic->sites_seen.n)
		lp_buf_puts(&b, "  not controlled: nothing reported by the injected library\n");
	for (size_t i = 0; i < ic->n_seen; i++)
		lp_buf_printf(&b, "  not controlled: %s\n", ic->seen[i]);
	for (size_t i = 0; i < ic->sites_seen.n; i++) {
		char *list = lp_site_group_list(&ic->sites_seen.g[i]);
		lp_buf_printf(&b, "  not scheduling points: %s\n", list);
		free(list);
	}
	return lp_buf_take(&b);
}

char *lp_interception_json(const struct lp_interception *ic, const struct lp_plan *plan,
			   const char *sites)
{
	struct lp_buf b = {0};
	lp_buf_puts(&b, "{\"functions\": [");
	for (int i = 0; i < plan->n_funcs; i++) {
		const struct lp_plan_func *f = &plan->funcs[i];
		struct lp_buf sig = {0};
		signature(&sig, f);
		lp_buf_printf(&b, "%s{\"name\": ", i ? ", " : "");
		lp_json_string(&b, f->name);
		lp_buf_puts(&b, ", \"target\": ");
		lp_json_string(&b, lp_plan_object_name(plan, f->target));
		lp_buf_printf(&b, ", \"typed\": %s, \"signature\": ", f->typed ? "true" : "false");
		if (f->typed)
			lp_json_string(&b, sig.s);
		else
			lp_buf_puts(&b, "null");
		lp_buf_puts(&b, ", \"type_source\": ");
		if (f->typed && f->type_source)
			lp_json_string(&b, f->type_source);
		else
			lp_buf_puts(&b, "null");
		lp_buf_printf(
		    &b,
		    ", \"operations\": %llu, \"setup_calls\": %llu, \"local_regions\": %zu, "
		    "\"local_spans\": %zu}",
		    (unsigned long long)(ic->calls ? ic->calls[i] : 0),
		    (unsigned long long)(ic->setup_calls ? ic->setup_calls[i] : 0), f->n_pure,
		    f->n_spans);
		lp_buf_free(&sig);
	}
	lp_buf_puts(&b, "], \"sites\": ");
	lp_json_string(&b, sites ? sites : "");
	lp_buf_puts(&b, ", \"not_scheduling_points\": [");
	for (size_t i = 0; i < ic->sites_seen.n; i++) {
		char *list = lp_site_group_list(&ic->sites_seen.g[i]);
		lp_buf_puts(&b, i ? ", " : "");
		lp_json_string(&b, list);
		free(list);
	}
	lp_buf_puts(&b, "], \"not_controlled\": [");
	for (size_t i = 0; i < ic->n_seen; i++) {
		lp_buf_puts(&b, i ? ", " : "");
		lp_json_string(&b, ic->seen[i]);
	}
	lp_buf_puts(&b, "]}");
	return lp_buf_take(&b);
}

void lp_interception_free(struct lp_interception *ic)
{
	free(ic->calls);
	free(ic->setup_calls);
	for (size_t i = 0; i < ic->n_seen; i++)
		free(ic->seen[i]);
	free(ic->seen);
	lp_site_groups_free(&ic->sites_seen);
	memset(ic, 0, sizeof *ic);
}
