/* cli/analyze/plan-write.c — writes the patch plan for the preload in the protocol.h text format,
 * and frees plans. An untyped function is written "? ?" (the preload ends the execution
 * if it is called); varargs as a trailing ",..." ("..." alone without named args);
 * instrument lines after the funcs, then the sites, then the pure region starts
 * (protocol.h's order). */
#include "analyze-internal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool has_newline(const char *s) { return strchr(s, '\n') != NULL; }

const char *lp_plan_object_name(const struct lp_plan *plan, int i)
{
	if (i < plan->n_targets)
		return plan->targets[i].name;
	return plan->instrument[i - plan->n_targets].name;
}

/* "func <target> <name> <offset-hex> <ret> <args>": args "-" for none, "..." appended
 * for varargs, "? ?" for an untyped function. */
static void write_func(FILE *f, const struct lp_plan_func *fn)
{
	fprintf(f, "func %d %s %" PRIx64 " ", fn->target, fn->name, fn->offset);
	if (!fn->typed) {
		fputs("? ?\n", f);
		return;
	}
	fprintf(f, "%s ", lp_kind_token(fn->ret));
	for (int a = 0; a < fn->nargs; a++) {
		char tok[32];
		if (fn->args[a] == LP_K_STRUCT && fn->layout[a])
			lp_layout_token(fn->layout[a], tok, sizeof tok);
		else
			snprintf(
			    tok, sizeof tok, "%s",
			    lp_kind_token(fn->args[a] == LP_K_STRUCT ? LP_K_UNKNOWN : fn->args[a]));
		fprintf(f, "%s%s", a ? "," : "", tok);
		if (fn->out_len[a] && fn->out_kind[a] == LP_K_U1)
			fprintf(f, ">b%u", (unsigned)fn->out_len[a]);
		else if (fn->out_len[a])
			fprintf(f, ">%s", lp_kind_token(fn->out_kind[a]));
	}
	if (fn->varargs)
		fputs(fn->nargs ? ",..." : "...", f);
	else if (!fn->nargs)
		fputc('-', f);
	fputc('\n', f);
}

/* protocol.h, struct lp_span_place */
static void write_place(FILE *f, const struct lp_span_place *p)
{
	if (p->kind != LP_SPAN_SITE && p->kind != LP_SPAN_FUTEX) {
		fputs(p->kind == LP_SPAN_ENTRY ? "entry" : "end", f);
		return;
	}
	fprintf(f, "%s%" PRIx64 "@%" PRIu32, p->kind == LP_SPAN_FUTEX ? "f" : "", p->off, p->depth);
	for (unsigned k = 0; k < p->n_frames; k++)
		fprintf(f, "/%" PRIx64 "@%" PRIu32, p->ret[k], p->slot[k]);
}

int lp_plan_write(const struct lp_plan *plan, const char *path, bool with_sites)
{
	for (int t = 0; t < plan->n_targets; t++)
		if (has_newline(plan->targets[t].path)) {
			errno = EINVAL;
			return -1;
		}
	for (int t = 0; with_sites && t < plan->n_instrument; t++)
		if (has_newline(plan->instrument[t].path)) {
			errno = EINVAL;
			return -1;
		}
	FILE *f = fopen(path, "we");
	if (!f)
		return -1;
	fprintf(f, "%s\n", LP_PLAN_MAGIC);
	for (int t = 0; t < plan->n_targets; t++) {
		const struct lp_plan_target *tg = &plan->targets[t];
		fprintf(f, "target %ju %ju %s\n", (uintmax_t)tg->dev, (uintmax_t)tg->ino, tg->path);
	}
	for (int i = 0; i < plan->n_funcs; i++)
		write_func(f, &plan->funcs[i]);
	for (int t = 0; with_sites && t < plan->n_instrument; t++) {
		const struct lp_plan_target *in = &plan->instrument[t];
		fprintf(f, "instrument %ju %ju %s\n", (uintmax_t)in->dev, (uintmax_t)in->ino,
			in->path);
	}
	for (size_t i = 0; with_sites && i < plan->n_sites; i++) {
		char line[128];
		lp_site_format(&plan->sites[i].site, plan->sites[i].object, line, sizeof(line));
		fprintf(f, "%s\n", line);
	}
	for (int i = 0; with_sites && i < plan->n_funcs; i++)
		for (size_t j = 0; j < plan->funcs[i].n_pure; j++)
			fprintf(f, "pure %d %" PRIx64 "\n", i, plan->funcs[i].pure[j]);
	for (int i = 0; with_sites && i < plan->n_funcs; i++)
		for (size_t j = 0; j < plan->funcs[i].n_spans; j++) {
			fprintf(f, "span %d ", i);
			write_place(f, &plan->funcs[i].spans[j].from);
			fputc(' ', f);
			write_place(f, &plan->funcs[i].spans[j].to);
			fputc('\n', f);
		}
	fputs("end\n", f);
	int e = ferror(f) ? EIO : 0;
	if (fclose(f) != 0 && !e)
		e = errno;
	if (e) {
		errno = e;
		return -1;
	}
	return 0;
}

void lp_plan_free(struct lp_plan *plan)
{
	if (!plan)
		return;
	for (int t = 0; t < plan->n_targets; t++) {
		free(plan->targets[t].path);
		free(plan->targets[t].name);
	}
	free(plan->targets);
	for (int i = 0; i < plan->n_funcs; i++) {
		free(plan->funcs[i].name);
		free(plan->funcs[i].untyped_reason);
		free(plan->funcs[i].pure);
		free(plan->funcs[i].spans);
	}
	free(plan->funcs);
	for (int t = 0; t < plan->n_instrument; t++) {
		free(plan->instrument[t].path);
		free(plan->instrument[t].name);
	}
	free(plan->instrument);
	for (int i = 0; i < plan->n_uninstrumented; i++)
		free(plan->uninstrumented[i].name);
	free(plan->uninstrumented);
	free(plan->sites);
	for (int i = 0; plan->scans && i < plan->n_targets + plan->n_instrument; i++)
		free(plan->scans[i].locks);
	free(plan->scans);
	free(plan->client_path);
	free(plan);
}
