/* cli/campaign/test-desc-print.c — lineup-test(5) descriptions freed, copied and printed back
 * (parse(print(t)) == t). */
#include "cli/campaign/test-desc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"

const char *lp_tout_name(enum lp_tout k)
{
	static const char *const names[] = {"int", "long", "ptr", "double", "bytes"};
	return names[k];
}

const char *lp_tout_ctype(enum lp_tout k)
{
	static const char *const c[] = {"int", "long", "void *", "double", "unsigned char"};
	return c[k];
}

size_t lp_targ_out_size(const struct lp_targ *a)
{
	static const size_t sizes[] = {sizeof(int), sizeof(long), sizeof(void *), sizeof(double)};
	return a->out == LP_TOUT_BYTES ? (size_t)a->i : sizes[a->out];
}

static void free_arg(struct lp_targ *a)
{
	free(a->s);
	for (int i = 0; i < a->n_set; i++)
		free_arg(&a->set[i]);
	free(a->set);
}

void lp_tcall_free(struct lp_tcall *c)
{
	free(c->func);
	free(c->bind);
	for (int i = 0; i < c->n_args; i++)
		free_arg(&c->args[i]);
	free(c->args);
}

static void free_calls(struct lp_tcall *c, int n)
{
	for (int i = 0; i < n; i++)
		lp_tcall_free(&c[i]);
	free(c);
}

void lp_tdesc_free(struct lp_tdesc *d)
{
	free(d->path);
	for (int i = 0; i < d->n_targets; i++)
		free(d->targets[i]);
	free(d->targets);
	free(d->target_lines);
	for (int i = 0; i < d->n_signatures; i++)
		free(d->signatures[i]);
	free(d->signatures);
	free(d->signature_lines);
	free_calls(d->init, d->n_init);
	free_calls(d->ops, d->n_ops);
	free_calls(d->final, d->n_final);
	free_calls(d->thread_init, d->n_thread_init);
	free_calls(d->thread_fini, d->n_thread_fini);
	for (int i = 0; i < d->n_headers; i++)
		free(d->headers[i]);
	free(d->headers);
	free(d->header_lines);
	for (int i = 0; i < d->n_helpers; i++)
		free(d->helpers[i]);
	free(d->helpers);
	free(d->helper_lines);
	for (int i = 0; i < d->n_pkg_configs; i++)
		free(d->pkg_configs[i]);
	free(d->pkg_configs);
	free(d->pkg_config_lines);
	for (int i = 0; i < d->n_locks; i++)
		free(d->locks[i]);
	free(d->locks);
	free(d->lock_lines);
	for (int i = 0; i < d->n_threads; i++)
		free_calls(d->threads[i].calls, d->threads[i].n_calls);
	free(d->threads);
	memset(d, 0, sizeof *d);
}

void lp_targ_copy(struct lp_targ *dst, const struct lp_targ *src)
{
	*dst = *src;
	dst->s = src->s ? lp_xstrdup(src->s) : NULL;
	dst->set = src->n_set ? lp_xcalloc((size_t)src->n_set, sizeof *dst->set) : NULL;
	for (int i = 0; i < src->n_set; i++)
		lp_targ_copy(&dst->set[i], &src->set[i]);
}

void lp_tcall_copy(struct lp_tcall *dst, const struct lp_tcall *src)
{
	*dst = *src;
	dst->func = lp_xstrdup(src->func);
	dst->bind = src->bind ? lp_xstrdup(src->bind) : NULL;
	dst->args = src->n_args ? lp_xcalloc((size_t)src->n_args, sizeof *dst->args) : NULL;
	for (int i = 0; i < src->n_args; i++)
		lp_targ_copy(&dst->args[i], &src->args[i]);
}

static struct lp_tcall *copy_calls(const struct lp_tcall *c, int n)
{
	struct lp_tcall *r = n ? lp_xcalloc((size_t)n, sizeof *r) : NULL;
	for (int i = 0; i < n; i++)
		lp_tcall_copy(&r[i], &c[i]);
	return r;
}

static char **copy_strs(char *const *s, int n)
{
	char **r = n ? lp_xcalloc((size_t)n, sizeof *r) : NULL;
	for (int i = 0; i < n; i++)
		r[i] = lp_xstrdup(s[i]);
	return r;
}

static int *copy_ints(const int *v, int n)
{
	int *r = n ? lp_xcalloc((size_t)n, sizeof *r) : NULL;
	if (n)
		memcpy(r, v, sizeof *r * (size_t)n);
	return r;
}

void lp_tdesc_copy(struct lp_tdesc *dst, const struct lp_tdesc *src)
{
	*dst = *src;
	dst->path = lp_xstrdup(src->path);
	dst->targets = copy_strs(src->targets, src->n_targets);
	dst->signatures = copy_strs(src->signatures, src->n_signatures);
	dst->target_lines = copy_ints(src->target_lines, src->n_targets);
	dst->signature_lines = copy_ints(src->signature_lines, src->n_signatures);
	dst->init = copy_calls(src->init, src->n_init);
	dst->ops = copy_calls(src->ops, src->n_ops);
	dst->final = copy_calls(src->final, src->n_final);
	dst->thread_init = copy_calls(src->thread_init, src->n_thread_init);
	dst->thread_fini = copy_calls(src->thread_fini, src->n_thread_fini);
	dst->headers = copy_strs(src->headers, src->n_headers);
	dst->header_lines = copy_ints(src->header_lines, src->n_headers);
	dst->pkg_configs = copy_strs(src->pkg_configs, src->n_pkg_configs);
	dst->helpers = copy_strs(src->helpers, src->n_helpers);
	dst->helper_lines = copy_ints(src->helper_lines, src->n_helpers);
	dst->pkg_config_lines = copy_ints(src->pkg_config_lines, src->n_pkg_configs);
	dst->locks = copy_strs(src->locks, src->n_locks);
	dst->lock_lines = copy_ints(src->lock_lines, src->n_locks);
	dst->threads =
	    src->n_threads ? lp_xcalloc((size_t)src->n_threads, sizeof *dst->threads) : NULL;
	for (int i = 0; i < src->n_threads; i++) {
		dst->threads[i].n_calls = src->threads[i].n_calls;
		dst->threads[i].calls = copy_calls(src->threads[i].calls, src->threads[i].n_calls);
	}
}

static void print_arg(const struct lp_targ *a, FILE *f)
{
	switch (a->kind) {
	case LP_TARG_INT:
		fprintf(f, "%lld", a->i);
		break;
	case LP_TARG_STR:
		fputc('"', f);
		for (const char *c = a->s; *c; c++) {
			if (*c == '"' || *c == '\\')
				fputc('\\', f);
			if (*c == '\n')
				fputs("\\n", f);
			else if (*c == '\t')
				fputs("\\t", f);
			else
				fputc(*c, f);
		}
		fputc('"', f);
		break;
	case LP_TARG_NULL:
		fputs("NULL", f);
		break;
	case LP_TARG_VAR:
		fputs(a->s, f);
		break;
	case LP_TARG_FLOAT: {
		char num[64];
		snprintf(num, sizeof num, "%.17g", a->f);
		if (!strpbrk(num, ".eEn")) /* 2 reads as an integer: 2.0 */
			strcat(num, ".0");
		fprintf(f, "%s%s", num, a->single ? "f" : "");
		break;
	}
	case LP_TARG_RANGE:
		fprintf(f, "%lld..%lld", a->lo, a->hi);
		break;
	case LP_TARG_THREAD:
		fputs("$thread", f);
		break;
	case LP_TARG_BYTES:
		fprintf(f, "bytes %lld", a->i);
		break;
	case LP_TARG_FN:
		fprintf(f, "fn %s", a->s);
		break;
	case LP_TARG_OUT:
		fprintf(f, "out %s", lp_tout_name(a->out));
		if (a->out == LP_TOUT_BYTES)
			fprintf(f, " %lld", a->i);
		break;
	case LP_TARG_STRUCT:
	case LP_TARG_SET:
		fputs(a->kind == LP_TARG_STRUCT ? "struct{" : "{", f);
		for (int i = 0; i < a->n_set; i++) {
			if (i)
				fputs(", ", f);
			print_arg(&a->set[i], f);
		}
		fputc('}', f);
		break;
	}
}

void lp_tcall_print(const struct lp_tcall *c, FILE *f)
{
	fprintf(f, "%s(", c->func);
	for (int i = 0; i < c->n_args; i++) {
		if (i)
			fputs(", ", f);
		print_arg(&c->args[i], f);
	}
	fputc(')', f);
}

void lp_tdesc_print(const struct lp_tdesc *d, FILE *f)
{
	for (int i = 0; i < d->n_targets; i++)
		fprintf(f, "target    %s\n", d->targets[i]);
	for (int i = 0; i < d->n_signatures; i++)
		fprintf(f, "signature %s\n", d->signatures[i]);
	for (int i = 0; i < d->n_headers; i++)
		fprintf(f, "header    %s\n", d->headers[i]);
	for (int i = 0; i < d->n_pkg_configs; i++)
		fprintf(f, "pkg-config %s\n", d->pkg_configs[i]);
	for (int i = 0; i < d->n_helpers; i++)
		fprintf(f, "helper    %s\n", d->helpers[i]);
	for (int i = 0; i < d->n_locks; i++)
		fprintf(f, "lock      %s\n", d->locks[i]);
	for (int i = 0; i < d->n_init; i++) {
		fputs("init      ", f);
		if (d->init[i].bind)
			fprintf(f, "%s = ", d->init[i].bind);
		lp_tcall_print(&d->init[i], f);
		fputc('\n', f);
	}
	for (int i = 0; i < d->n_thread_init; i++) {
		fputs("thread-init ", f);
		lp_tcall_print(&d->thread_init[i], f);
		fputc('\n', f);
	}
	for (int i = 0; i < d->n_thread_fini; i++) {
		fputs("thread-fini ", f);
		lp_tcall_print(&d->thread_fini[i], f);
		fputc('\n', f);
	}
	for (int i = 0; i < d->n_ops; i++) {
		fputs("op        ", f);
		lp_tcall_print(&d->ops[i], f);
		fputc('\n', f);
	}
	for (int i = 0; i < d->n_threads; i++) {
		fputs("thread    ", f);
		for (int k = 0; k < d->threads[i].n_calls; k++) {
			if (k)
				fputs("; ", f);
			lp_tcall_print(&d->threads[i].calls[k], f);
		}
		fputc('\n', f);
	}
	for (int i = 0; i < d->n_final; i++) {
		fputs("final     ", f);
		lp_tcall_print(&d->final[i], f);
		fputc('\n', f);
	}
}
