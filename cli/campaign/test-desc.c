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
	bool in_main;  /* an init or final line: no test thread, no $thread */
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

/* $thread at ps->p. */
static int thread_index(struct parser *ps, struct lp_targ *a)
{
	ps->p++;
	char *id = ident(ps);
	bool ok = id && !strcmp(id, "thread");
	free(id);
	if (!ok)
		return fail(ps, "unknown '$' argument: the only one is $thread (the test "
				"thread's index from 0)");
	if (ps->in_main)
		return fail(ps, "$thread in an init or final line: those run in main, not in a "
				"test thread");
	a->kind = LP_TARG_THREAD;
	return 0;
}

/* out int|long|ptr|double|bytes N, after the word out. */
static int out_param(struct parser *ps, struct lp_targ *a)
{
	char *type = ident(ps);
	int k = -1;
	for (int i = 0; i <= LP_TOUT_BYTES; i++)
		if (type && !strcmp(type, lp_tout_name((enum lp_tout)i)))
			k = i;
	free(type);
	if (k < 0)
		return fail(ps, "bad out-parameter type: write out int, out long, out ptr, out "
				"double or out bytes N");
	a->kind = LP_TARG_OUT;
	a->out = (enum lp_tout)k;
	if (a->out != LP_TOUT_BYTES)
		return 0;
	long long n;
	if (integer(ps, &n) != 0 || n < 1 || n > LP_TOUT_MAX_BYTES)
		return fail(ps, "out bytes needs a size from 1 to %d: write e.g. out bytes 16",
			    LP_TOUT_MAX_BYTES);
	a->i = n;
	return 0;
}

static int concrete(struct parser *ps, struct lp_targ *a);

/* After an item of a {...} list (what names the list in the error): 1 when a ',' says
 * another item follows, 0 when the '}' ends it, -1 with the error otherwise. */
static int list_next(struct parser *ps, const char *what)
{
	skip_space(ps);
	if (*ps->p == ',' || *ps->p == '}')
		return *ps->p++ == ',';
	return fail(ps, "expected ',' or '}' in %s", what);
}

/* struct{x, y} after "struct": its members, each an integer, a float, NULL, a variable,
 * $thread or a struct. */
static int struct_literal(struct parser *ps, struct lp_targ *a)
{
	ps->p++; /* '{' */
	a->kind = LP_TARG_STRUCT;
	for (;;) {
		GROW(a->set, a->n_set);
		struct lp_targ *m = &a->set[a->n_set++]; /* counted at once: freed on an error */
		skip_space(ps);
		const char *at = ps->p;
		if (concrete(ps, m))
			return -1;
		if (m->kind != LP_TARG_INT && m->kind != LP_TARG_FLOAT && m->kind != LP_TARG_NULL &&
		    m->kind != LP_TARG_STRUCT && m->kind != LP_TARG_VAR &&
		    m->kind != LP_TARG_THREAD)
			return fail(ps,
				    "a struct member is an integer, a floating point number, NULL, "
				    "a variable, $thread or a struct{...}, not '%.*s'",
				    (int)(ps->p - at), at);
		int more = list_next(ps, "a struct{x, y}");
		if (more <= 0)
			return more;
	}
}

/* One concrete argument (an integer, a string, NULL, a bound variable, $thread, an
 * out-parameter or a struct literal). */
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
	if (*ps->p == '$')
		return thread_index(ps, a);
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
		return fail(
		    ps,
		    "bad argument at '%.20s': use an integer, a \"string\", NULL, a "
		    "variable bound by init, $thread, out TYPE, bytes N, fn NAME or struct{...}",
		    ps->p);
	if (!strcmp(id, "NULL")) {
		free(id);
		a->kind = LP_TARG_NULL;
		return 0;
	}
	skip_space(ps);
	if (!strcmp(id, "struct") && *ps->p == '{') {
		free(id);
		return struct_literal(ps, a);
	}
	if (!strcmp(id, "out") && is_ident_start(*ps->p)) {
		free(id);
		return out_param(ps, a);
	}
	if (!strcmp(id, "bytes") && isdigit((unsigned char)*ps->p)) {
		free(id);
		long long n;
		if (integer(ps, &n) != 0 || n < 1 || n > LP_TBYTES_MAX)
			return fail(ps, "bytes needs a size from 1 to %d: write e.g. bytes 64",
				    LP_TBYTES_MAX);
		a->kind = LP_TARG_BYTES, a->i = n;
		return 0;
	}
	if (!strcmp(id, "fn") && is_ident_start(*ps->p)) {
		free(id);
		a->kind = LP_TARG_FN, a->s = ident(ps);
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
			if (concrete(ps, &a->set[a->n_set++])) /* counted: freed on an error */
				return -1;
			int more = list_next(ps, "a choice {x, y, z}");
			if (more <= 0)
				return more;
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
		struct lp_targ *a = &c->args[c->n_args++]; /* counted: freed with c on an error */
		memset(a, 0, sizeof *a);
		if (choice(ps, a, choices))
			return -1;
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

/* A path relative to the description's folder (absolute ones, sonames and <name.h> as
 * they are); takes t. */
static char *relative_to(const struct lp_tdesc *d, char *t)
{
	if (!strchr(t, '/') || t[0] == '/' || t[0] == '<')
		return t;
	char *dir = folder_of(d->path);
	char *full = lp_xmalloc(strlen(dir) + strlen(t) + 1);
	strcpy(full, dir);
	strcat(full, t);
	free(dir);
	free(t);
	return full;
}

static void add_value(char ***v, int **lines, int *n, char *value, unsigned line)
{
	GROW(*v, *n);
	GROW(*lines, *n);
	(*lines)[*n] = (int)line;
	(*v)[(*n)++] = value;
}

/* target, signature, header, pkg-config, helper, lock: the rest of the line is the value. */
static int value_directive(struct parser *ps, const char *word)
{
	struct lp_tdesc *d = ps->d;
	size_t n = strlen(ps->p);
	while (n && (ps->p[n - 1] == ' ' || ps->p[n - 1] == '\t'))
		n--;
	if (!n)
		return fail(ps, "%s needs a value", word);
	char *v = strndup(ps->p, n);
	if (!strcmp(word, "target"))
		add_value(&d->targets, &d->target_lines, &d->n_targets, relative_to(d, v),
			  ps->line);
	else if (!strcmp(word, "helper"))
		add_value(&d->helpers, &d->helper_lines, &d->n_helpers, relative_to(d, v),
			  ps->line);
	else if (!strcmp(word, "signature"))
		add_value(&d->signatures, &d->signature_lines, &d->n_signatures, v, ps->line);
	else if (!strcmp(word, "lock")) {
		if (strpbrk(v, " \t")) {
			free(v);
			return fail(ps, "bad lock: one function name a line");
		}
		add_value(&d->locks, &d->lock_lines, &d->n_locks, v, ps->line);
	} else if (!strcmp(word, "header")) {
		if (v[0] == '<' && (v[n - 1] != '>' || n < 3 || strcspn(v + 1, "<> \t") != n - 2)) {
			free(v);
			return fail(ps, "bad header: write <name.h> or a path");
		}
		add_value(&d->headers, &d->header_lines, &d->n_headers, relative_to(d, v),
			  ps->line);
	} else {
		if (strpbrk(v, " \t'\"$`\\;|&<>")) {
			free(v);
			return fail(ps, "bad pkg-config package: one name such as glib-2.0 a line");
		}
		add_value(&d->pkg_configs, &d->pkg_config_lines, &d->n_pkg_configs, v, ps->line);
	}
	return 0;
}

static int init_directive(struct parser *ps)
{
	struct lp_tdesc *d = ps->d;
	struct lp_tcall c = {0};
	const char *save = ps->p;
	char *var = ident(ps);
	int r = 0;
	skip_space(ps);
	if (var && *ps->p == '=') {
		ps->p++;
	} else {
		free(var);
		var = NULL;
		ps->p = save;
	}
	if (var && bound(d, var))
		r = fail(ps, "variable '%s' is bound twice: give the second another name", var);
	if (!r)
		r = call(ps, &c, false);
	if (!r)
		r = end_of_line(ps);
	if (r) {
		free(var);
		lp_tcall_free(&c);
		return r;
	}
	c.bind = var;
	GROW(d->init, d->n_init);
	d->init[d->n_init++] = c;
	return 0;
}

/* op, final, thread-init, thread-fini: one call. */
/* The first correlated choice {a, b | c, d} of the text (a '{' outside strings whose '}'
 * encloses a '|' outside strings): *open and *close point at its braces; false if none. */
static bool correlated_group(const char *s, const char **open, const char **close)
{
	bool inq = false, bar = false;
	*open = NULL;
	for (const char *c = s; *c; c++) {
		if (*c == '\\' && inq && c[1])
			c++;
		else if (*c == '"')
			inq = !inq;
		else if (!inq && *c == '{')
			*open = c, bar = false;
		else if (!inq && *c == '|' && *open)
			bar = true;
		else if (!inq && *c == '}' && *open) {
			if (bar) {
				*close = c;
				return true;
			}
			*open = NULL;
		}
	}
	return false;
}

static int call_directive(struct parser *ps, const char *word);

/* op f(b, {"a", 1 | "bc", 2}): one op line per alternative, each with that alternative's
 * arguments in place of the group (the arguments are drawn together). */
static int correlated_ops(struct parser *ps, const char *word, const char *open, const char *close)
{
	const char *rest = ps->p;
	int r = 0;
	for (const char *alt = open + 1; alt < close && !r;) {
		const char *end = alt;
		bool inq = false;
		for (; end < close && (inq || *end != '|'); end++) {
			if (*end == '\\' && inq && end + 1 < close)
				end++;
			else if (*end == '"')
				inq = !inq;
		}
		struct lp_buf b = {0};
		lp_buf_add(&b, rest, (size_t)(open - rest));
		lp_buf_add(&b, alt, (size_t)(end - alt));
		lp_buf_puts(&b, close + 1);
		ps->p = lp_buf_str(&b);
		r = call_directive(ps, word); /* further groups expand in turn */
		lp_buf_free(&b);
		alt = end + 1;
	}
	ps->p = "";
	return r;
}

static int call_directive(struct parser *ps, const char *word)
{
	struct lp_tdesc *d = ps->d;
	struct lp_tcall c;
	bool op = !strcmp(word, "op");
	const char *open, *close;
	if (correlated_group(ps->p, &open, &close)) {
		if (!op)
			return fail(ps, "a correlated choice {a, b | c, d} is allowed in op lines "
					"only");
		return correlated_ops(ps, word, open, close);
	}
	int r = call(ps, &c, op);
	if (!r)
		r = end_of_line(ps);
	if (r) {
		lp_tcall_free(&c); /* what call() parsed before the error */
		return r;
	}
	struct lp_tcall **v = op			  ? &d->ops
			      : word[0] == 'f'		  ? &d->final
			      : !strcmp(word + 7, "init") ? &d->thread_init
							  : &d->thread_fini;
	int *n = op			     ? &d->n_ops
		 : word[0] == 'f'	     ? &d->n_final
		 : !strcmp(word + 7, "init") ? &d->n_thread_init
					     : &d->n_thread_fini;
	GROW(*v, *n);
	(*v)[(*n)++] = c;
	return 0;
}

static int thread_directive(struct parser *ps)
{
	struct lp_tdesc *d = ps->d;
	struct lp_tthread t = {0};
	int r;
	for (;;) {
		GROW(t.calls, t.n_calls);
		if ((r = call(ps, &t.calls[t.n_calls], false))) {
			lp_tcall_free(&t.calls[t.n_calls]); /* not counted in n_calls */
			break;
		}
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
	return r;
}

#define LP_DIRECTIVES                                                                              \
	"target, signature, header, pkg-config, helper, lock, init, thread-init, thread-fini, "    \
	"op, "                                                                                     \
	"final or thread"

static int directive(struct parser *ps, char *line)
{
	ps->p = line;
	/* a directive is a word, or two joined by '-' */
	size_t n = strspn(line, "abcdefghijklmnopqrstuvwxyz-");
	char *word = n ? strndup(line, n) : NULL;
	if (!word)
		return fail(ps, "expected a directive (" LP_DIRECTIVES ") at '%.20s'", line);
	ps->p += n;
	skip_space(ps);
	ps->in_main = !strcmp(word, "init") || !strcmp(word, "final");
	int r;
	if (!strcmp(word, "target") || !strcmp(word, "signature") || !strcmp(word, "header") ||
	    !strcmp(word, "pkg-config") || !strcmp(word, "helper") || !strcmp(word, "lock"))
		r = value_directive(ps, word);
	else if (!strcmp(word, "init"))
		r = init_directive(ps);
	else if (!strcmp(word, "op") || !strcmp(word, "final") || !strcmp(word, "thread-init") ||
		 !strcmp(word, "thread-fini"))
		r = call_directive(ps, word);
	else if (!strcmp(word, "thread"))
		r = thread_directive(ps);
	else
		r = fail(ps, "unknown directive '%s': use " LP_DIRECTIVES, word);
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

bool lp_tdesc_thread_setup(const struct lp_tdesc *d, const char *name)
{
	for (int i = 0; i < d->n_thread_init; i++)
		if (!strcmp(d->thread_init[i].func, name))
			return true;
	for (int i = 0; i < d->n_thread_fini; i++)
		if (!strcmp(d->thread_fini[i].func, name))
			return true;
	return false;
}

static int setup_used(const struct lp_tdesc *d, const struct lp_tcall *c, int n, char *err,
		      size_t errsize)
{
	for (int i = 0; i < n; i++)
		if (lp_tdesc_thread_setup(d, c[i].func))
			return lp_errf(
			    err, errsize,
			    "%s:%d: %s is called by thread-init or thread-fini, so it is "
			    "never an operation: leave it out of op and thread lines",
			    d->path, c[i].line, c[i].func);
	return 0;
}

/* A function of the threads' set-up is left out of the operations: it cannot be one. */
static int check_setup_calls(const struct lp_tdesc *d, char *err, size_t errsize)
{
	if (setup_used(d, d->ops, d->n_ops, err, errsize))
		return -1;
	for (int t = 0; t < d->n_threads; t++)
		if (setup_used(d, d->threads[t].calls, d->threads[t].n_calls, err, errsize))
			return -1;
	return 0;
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
	return check_setup_calls(d, err, errsize);
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
