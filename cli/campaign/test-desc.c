/* cli/campaign/test-desc.c — lineup-test(5): parsing a description, printing it back, copying. */
#include "cli/campaign/test-desc.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/buf.h"
#include "lineup/die.h"

#define GROW(arr, n) ((arr) = lp_xrealloc((arr), sizeof *(arr) * (size_t)((n) + 1)))

struct parser {
	struct lp_tdesc *d;
	const char *path;
	unsigned line;
	char *err;
	size_t errsize;
	const char *p; /* the rest of the line being parsed */
};

__attribute__((format(printf, 2, 3))) static int fail(struct parser *ps, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return lp_errf(ps->err, ps->errsize, "%s:%u: %s", ps->path, ps->line, msg);
}

static void skip_space(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

static bool is_ident_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static bool is_ident(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* An identifier at ps->p, malloc'ed, or NULL. */
static char *ident(struct parser *ps)
{
	skip_space(ps);
	if (!is_ident_start(*ps->p))
		return NULL;
	const char *s = ps->p;
	while (is_ident(*ps->p))
		ps->p++;
	return strndup(s, (size_t)(ps->p - s));
}

static bool bound(const struct lp_tdesc *d, const char *name)
{
	for (int i = 0; i < d->n_init; i++)
		if (d->init[i].bind && !strcmp(d->init[i].bind, name))
			return true;
	return false;
}

static int integer(struct parser *ps, long long *v)
{
	skip_space(ps);
	const char *s = ps->p;
	if (*s == '-' || *s == '+')
		s++;
	if (!isdigit((unsigned char)*s))
		return 1; /* not an integer */
	char *end;
	errno = 0;
	*v = strtoll(ps->p, &end, 0);
	if (errno || is_ident(*end))
		return fail(ps, "bad integer '%.*s': write it in decimal or 0x hex, in range",
			    (int)(strcspn(ps->p, ",)} ")), ps->p);
	ps->p = end;
	return 0;
}

/* A floating point literal at ps->p (1.5, -2e3, 0.25f): 0, 1 when there is none, -1 on
 * error. Integers (no '.', no exponent) and hex are not floating point. */
static int floating(struct parser *ps, struct lp_targ *a)
{
	skip_space(ps);
	const char *s = ps->p;
	size_t n = strspn(s, "+-0123456789.eE");
	bool dot = n && memchr(s, '.', n), exp = n && (memchr(s, 'e', n) || memchr(s, 'E', n));
	if ((!dot && !exp) || !strncmp(s, "0x", 2) || !strncmp(s, "0X", 2) || memmem(s, n, "..", 2))
		return 1; /* an integer, hex, or a range A..B */
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s)
		return 1;
	bool single = *end == 'f' || *end == 'F';
	if (errno || is_ident(single ? end[1] : *end))
		return fail(ps,
			    "bad floating point number '%.*s': write e.g. 1.5, or 1.5f for a "
			    "float",
			    (int)strcspn(s, ",)} "), s);
	memset(a, 0, sizeof *a);
	a->kind = LP_TARG_FLOAT, a->f = v, a->single = single;
	ps->p = end + single;
	return 0;
}

/* One concrete argument (an integer, a string, NULL or a bound variable). */
static int concrete(struct parser *ps, struct lp_targ *a)
{
	skip_space(ps);
	memset(a, 0, sizeof *a);
	if (*ps->p == '"') {
		struct lp_buf b = {0};
		for (ps->p++; *ps->p && *ps->p != '"'; ps->p++) {
			char c = *ps->p;
			if (c == '\\' && ps->p[1]) {
				c = *++ps->p;
				c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
			}
			lp_buf_add(&b, &c, 1);
		}
		if (*ps->p != '"') {
			lp_buf_free(&b);
			return fail(ps, "unterminated string: close it with '\"'");
		}
		ps->p++;
		a->kind = LP_TARG_STR;
		a->s = lp_xstrdup(lp_buf_str(&b));
		lp_buf_free(&b);
		return 0;
	}
	int fr = floating(ps, a);
	if (fr <= 0)
		return fr;
	long long v;
	int r = integer(ps, &v);
	if (r <= 0) {
		a->kind = LP_TARG_INT, a->i = v;
		return r;
	}
	char *id = ident(ps);
	if (!id)
		return fail(ps,
			    "bad argument at '%.20s': use an integer, a \"string\", NULL or a "
			    "variable bound by init",
			    ps->p);
	if (!strcmp(id, "NULL")) {
		free(id);
		a->kind = LP_TARG_NULL;
		return 0;
	}
	if (!bound(ps->d, id)) {
		int e =
		    fail(ps, "variable '%s' is not bound: bind it first with 'init %s = f(...)'",
			 id, id);
		free(id);
		return e;
	}
	a->kind = LP_TARG_VAR, a->s = id;
	return 0;
}

/* An argument of an op line: also A..B or {x, y, z}. */
static int choice(struct parser *ps, struct lp_targ *a, bool choices)
{
	skip_space(ps);
	if (*ps->p == '{') {
		if (!choices)
			return fail(ps, "a choice {...} is allowed in op lines only");
		ps->p++;
		memset(a, 0, sizeof *a);
		a->kind = LP_TARG_SET;
		for (;;) {
			GROW(a->set, a->n_set);
			if (concrete(ps, &a->set[a->n_set]))
				return -1;
			a->n_set++;
			skip_space(ps);
			if (*ps->p == ',') {
				ps->p++;
				continue;
			}
			if (*ps->p == '}') {
				ps->p++;
				return 0;
			}
			return fail(ps, "expected ',' or '}' in a choice {x, y, z}");
		}
	}
	int fr = floating(ps, a);
	if (fr <= 0)
		return fr;
	const char *save = ps->p;
	long long lo, hi;
	int r = integer(ps, &lo);
	if (r < 0)
		return r;
	if (r == 0) {
		skip_space(ps);
		if (ps->p[0] == '.' && ps->p[1] == '.') {
			if (!choices)
				return fail(ps, "a range A..B is allowed in op lines only");
			ps->p += 2;
			if (integer(ps, &hi) != 0)
				return fail(ps, "expected an integer after '..' in a range A..B");
			if (hi < lo)
				return fail(ps,
					    "empty range %lld..%lld: write the smaller end first",
					    lo, hi);
			memset(a, 0, sizeof *a);
			a->kind = LP_TARG_RANGE, a->lo = lo, a->hi = hi;
			return 0;
		}
	}
	ps->p = save;
	return concrete(ps, a);
}

/* name(args) at ps->p; the line must end after it unless more is allowed (thread: ';'). */
static int call(struct parser *ps, struct lp_tcall *c, bool choices)
{
	memset(c, 0, sizeof *c);
	c->line = (int)ps->line;
	c->func = ident(ps);
	if (!c->func)
		return fail(ps, "expected a call name(args) at '%.20s'", ps->p);
	skip_space(ps);
	if (*ps->p != '(')
		return fail(ps, "expected '(' after '%s': write %s(args)", c->func, c->func);
	ps->p++;
	skip_space(ps);
	if (*ps->p == ')') {
		ps->p++;
		return 0;
	}
	for (;;) {
		GROW(c->args, c->n_args);
		if (choice(ps, &c->args[c->n_args], choices))
			return -1;
		c->n_args++;
		skip_space(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == ')') {
			ps->p++;
			return 0;
		}
		return fail(ps, "expected ',' or ')' in the arguments of %s", c->func);
	}
}

static int end_of_line(struct parser *ps)
{
	skip_space(ps);
	return *ps->p ? fail(ps, "unexpected text '%.20s' at the end of the line", ps->p) : 0;
}

/* The folder of path, with a trailing slash ("" for the current one). */
static char *folder_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? strndup(path, (size_t)(slash - path + 1)) : lp_xstrdup("");
}

static int directive(struct parser *ps, char *line)
{
	struct lp_tdesc *d = ps->d;
	ps->p = line;
	char *word = ident(ps);
	if (!word)
		return fail(ps,
			    "expected a directive (target, signature, init, op, final, "
			    "thread) at '%.20s'",
			    line);
	skip_space(ps);
	int r = 0;
	if (!strcmp(word, "target") || !strcmp(word, "signature")) {
		size_t n = strlen(ps->p);
		while (n && (ps->p[n - 1] == ' ' || ps->p[n - 1] == '\t'))
			n--;
		if (!n)
			r = fail(ps, "%s needs a value", word);
		else if (word[0] == 't') {
			char *t = strndup(ps->p, n);
			if (strchr(t, '/') && t[0] != '/') { /* relative to the description */
				char *dir = folder_of(d->path);
				char *full = lp_xmalloc(strlen(dir) + strlen(t) + 1);
				strcpy(full, dir);
				strcat(full, t);
				free(dir);
				free(t);
				t = full;
			}
			GROW(d->targets, d->n_targets);
			GROW(d->target_lines, d->n_targets);
			d->target_lines[d->n_targets] = (int)ps->line;
			d->targets[d->n_targets++] = t;
		} else {
			GROW(d->signatures, d->n_signatures);
			GROW(d->signature_lines, d->n_signatures);
			d->signature_lines[d->n_signatures] = (int)ps->line;
			d->signatures[d->n_signatures++] = strndup(ps->p, n);
		}
	} else if (!strcmp(word, "init")) {
		struct lp_tcall c;
		const char *save = ps->p;
		char *var = ident(ps);
		skip_space(ps);
		if (var && *ps->p == '=') {
			ps->p++;
		} else {
			free(var);
			var = NULL;
			ps->p = save;
		}
		if (var && bound(d, var))
			r = fail(ps, "variable '%s' is bound twice: give the second another name",
				 var);
		if (!r)
			r = call(ps, &c, false);
		if (!r)
			r = end_of_line(ps);
		if (!r) {
			c.bind = var;
			GROW(d->init, d->n_init);
			d->init[d->n_init++] = c;
		} else
			free(var);
	} else if (!strcmp(word, "op") || !strcmp(word, "final")) {
		struct lp_tcall c;
		bool op = word[0] == 'o';
		r = call(ps, &c, op);
		if (!r)
			r = end_of_line(ps);
		if (!r && op) {
			GROW(d->ops, d->n_ops);
			d->ops[d->n_ops++] = c;
		} else if (!r) {
			GROW(d->final, d->n_final);
			d->final[d->n_final++] = c;
		}
	} else if (!strcmp(word, "thread")) {
		struct lp_tthread t = {0};
		for (;;) {
			GROW(t.calls, t.n_calls);
			if ((r = call(ps, &t.calls[t.n_calls], false)))
				break;
			t.n_calls++;
			skip_space(ps);
			if (*ps->p != ';')
				break;
			ps->p++;
		}
		if (!r)
			r = end_of_line(ps);
		GROW(d->threads, d->n_threads);
		d->threads[d->n_threads++] = t;
	} else {
		r = fail(ps,
			 "unknown directive '%s': use target, signature, init, op, final or thread",
			 word);
	}
	free(word);
	return r;
}

/* Cuts a comment: a '#' outside a string. */
static void cut_comment(char *line)
{
	bool inq = false;
	for (char *c = line; *c; c++) {
		if (*c == '\\' && inq && c[1])
			c++;
		else if (*c == '"')
			inq = !inq;
		else if (*c == '#' && !inq) {
			*c = 0;
			return;
		}
	}
}

int lp_tdesc_parse_text(const char *path, const char *text, struct lp_tdesc *d, char *err,
			size_t errsize)
{
	memset(d, 0, sizeof *d);
	d->path = lp_xstrdup(path);
	struct parser ps = {.d = d, .path = path, .err = err, .errsize = errsize};
	if (errsize)
		err[0] = 0;
	const char *s = text;
	while (*s) {
		size_t n = strcspn(s, "\n");
		char *line = strndup(s, n);
		ps.line++;
		cut_comment(line);
		char *b = line;
		while (*b == ' ' || *b == '\t' || *b == '\r')
			b++;
		size_t len = strlen(b);
		while (len && (b[len - 1] == ' ' || b[len - 1] == '\t' || b[len - 1] == '\r'))
			b[--len] = 0;
		int r = *b ? directive(&ps, b) : 0;
		free(line);
		if (r)
			return -1;
		s += n + (s[n] == '\n');
	}
	ps.line = 0;
	if (d->n_ops && d->n_threads)
		return lp_errf(err, errsize,
			       "%s: has both op lines (a generator) and thread lines (a fixed "
			       "test): keep one kind",
			       path);
	if (!d->n_ops && !d->n_threads)
		return lp_errf(err, errsize,
			       "%s: has no op or thread line: list the operations to generate "
			       "tests from (op) or write a fixed test (thread)",
			       path);
	return 0;
}

int lp_tdesc_parse(const char *path, struct lp_tdesc *d, char *err, size_t errsize)
{
	struct lp_buf b = {0};
	if (lp_buf_read_file(&b, path)) {
		memset(d, 0, sizeof *d);
		lp_buf_free(&b);
		return lp_errf(err, errsize, "cannot read test description '%s': %s", path,
			       strerror(errno));
	}
	if (strlen(lp_buf_str(&b)) != b.len) {
		lp_buf_free(&b);
		memset(d, 0, sizeof *d);
		return lp_errf(err, errsize, "%s: has a NUL byte: a test description is text",
			       path);
	}
	int r = lp_tdesc_parse_text(path, lp_buf_str(&b), d, err, errsize);
	lp_buf_free(&b);
	return r;
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
	case LP_TARG_SET:
		fputc('{', f);
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
	for (int i = 0; i < d->n_init; i++) {
		fputs("init      ", f);
		if (d->init[i].bind)
			fprintf(f, "%s = ", d->init[i].bind);
		lp_tcall_print(&d->init[i], f);
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
