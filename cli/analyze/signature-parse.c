/* cli/analyze/signature-parse.c — the --signature syntax, for targets without DWARF:
 *   name(T, T, ...)->T
 * T is a C scalar type name (void bool char short int long "long long" and their
 * unsigned forms, intN_t/uintN_t, size_t, ssize_t, ...), ptr, str, float, double, or
 * any "T *" (char * is str). "->T" is required so a forgotten result is never recorded
 * as void; "()" and "(void)" mean no arguments; "..." may come last. */
#include "analyze-internal.h"
#include "lineup/die.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define fail(...) lp_analyze_fail(err, errsize, __VA_ARGS__)

static const char *const tokens[] = LP_KIND_TOKENS;

const char *lp_kind_token(enum lp_kind k) { return (unsigned)k < LP_K_COUNT ? tokens[k] : "?"; }

void lp_ftype_format(const struct lp_ftype *t, char *buf, size_t bufsize)
{
	size_t n = (size_t)snprintf(buf, bufsize, "%s(", lp_kind_token(t->ret));
	for (int i = 0; i < t->nargs && n < bufsize; i++) {
		char tok[32];
		if (t->args[i] == LP_K_STRUCT && t->layout[i])
			lp_layout_token(t->layout[i], tok, sizeof tok);
		else
			snprintf(tok, sizeof tok, "%s", lp_kind_token(t->args[i]));
		n += (size_t)snprintf(buf + n, bufsize - n, "%s%s", i ? "," : "", tok);
	}
	if (n < bufsize)
		snprintf(buf + n, bufsize - n, "%s)",
			 t->varargs ? (t->nargs ? ",..." : "...") : "");
}

static const struct {
	const char *name;
	enum lp_kind kind;
} scalars[] = {
    {"void", LP_K_VOID},
    {"bool", LP_K_BOOL},
    {"_Bool", LP_K_BOOL},
    {"char", LP_K_I1},
    {"signed char", LP_K_I1},
    {"unsigned char", LP_K_U1},
    {"short", LP_K_I2},
    {"short int", LP_K_I2},
    {"signed short", LP_K_I2},
    {"unsigned short", LP_K_U2},
    {"unsigned short int", LP_K_U2},
    {"int", LP_K_I4},
    {"signed", LP_K_I4},
    {"signed int", LP_K_I4},
    {"unsigned", LP_K_U4},
    {"unsigned int", LP_K_U4},
    {"long", LP_K_I8},
    {"long int", LP_K_I8},
    {"signed long", LP_K_I8},
    {"unsigned long", LP_K_U8},
    {"unsigned long int", LP_K_U8},
    {"long long", LP_K_I8},
    {"long long int", LP_K_I8},
    {"signed long long", LP_K_I8},
    {"unsigned long long", LP_K_U8},
    {"unsigned long long int", LP_K_U8},
    {"int8_t", LP_K_I1},
    {"int16_t", LP_K_I2},
    {"int32_t", LP_K_I4},
    {"int64_t", LP_K_I8},
    {"uint8_t", LP_K_U1},
    {"uint16_t", LP_K_U2},
    {"uint32_t", LP_K_U4},
    {"uint64_t", LP_K_U8},
    {"size_t", LP_K_U8},
    {"ssize_t", LP_K_I8},
    {"ptrdiff_t", LP_K_I8},
    {"intptr_t", LP_K_I8},
    {"uintptr_t", LP_K_U8},
    {"off_t", LP_K_I8},
    {"ptr", LP_K_PTR},
    {"str", LP_K_STR},
    {"float", LP_K_F4},
    {"double", LP_K_F8},
};

/* One type in [s, e): words separated by blanks, qualifiers dropped, trailing '*'s. */
static int parse_type(const char *s, const char *e, enum lp_kind *k)
{
	char words[128] = "";
	size_t wl = 0;
	int stars = 0;
	bool any_word = false;
	for (const char *p = s; p < e;) {
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (*p == '*') {
			stars++;
			p++;
			continue;
		}
		if (!isalpha((unsigned char)*p) && *p != '_')
			return -1;
		const char *w = p;
		while (p < e && (isalnum((unsigned char)*p) || *p == '_'))
			p++;
		size_t len = (size_t)(p - w);
		if ((len == 5 && !memcmp(w, "const", 5)) ||
		    (len == 8 && !memcmp(w, "volatile", 8)) ||
		    (len == 8 && !memcmp(w, "restrict", 8)))
			continue;
		if (stars) /* "int * x": a name after the star */
			return -1;
		if (wl + len + 2 > sizeof(words))
			return -1;
		if (wl)
			words[wl++] = ' ';
		memcpy(words + wl, w, len);
		wl += len;
		words[wl] = 0;
		any_word = true;
	}
	if (!any_word)
		return -1;
	if (stars) {
		/* Any identifier may be pointed to ("struct queue *", "queue_t *"). */
		*k = stars == 1 && !strcmp(words, "char") ? LP_K_STR : LP_K_PTR;
		return 0;
	}
	for (size_t i = 0; i < sizeof(scalars) / sizeof(scalars[0]); i++)
		if (!strcmp(words, scalars[i].name)) {
			*k = scalars[i].kind;
			return 0;
		}
	return -1;
}

static const char *skip_blank(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

#define HELP "(e.g. 'queue_add(ptr,int)->void')"

int lp_signature_parse(const char *text, char **name, struct lp_ftype *t, char *err, size_t errsize)
{
	memset(t, 0, sizeof(*t));
	*name = NULL;
	const char *p = skip_blank(text);
	const char *n0 = p;
	while (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$')
		p++;
	if (p == n0 || isdigit((unsigned char)*n0))
		return fail("bad --signature '%s': it must start with the function name " HELP,
			    text);
	const char *n1 = p;
	p = skip_blank(p);
	if (*p != '(')
		return fail("bad --signature '%s': expected '(' after the function name " HELP,
			    text);
	const char *close = strchr(p, ')');
	if (!close)
		return fail("bad --signature '%s': missing ')' " HELP, text);
	const char *a = skip_blank(p + 1);
	if (a != close) {
		for (;;) {
			const char *comma = a;
			while (comma < close && *comma != ',')
				comma++;
			const char *b = skip_blank(a);
			const char *e = comma;
			while (e > b && isspace((unsigned char)e[-1]))
				e--;
			if (e - b == 3 && !memcmp(b, "...", 3)) {
				if (comma != close)
					return fail("bad --signature '%s': '...' must come last",
						    text);
				t->varargs = true;
				break;
			}
			enum lp_kind k;
			if (parse_type(b, e, &k))
				return fail(
				    "bad --signature '%s': unknown argument type '%.*s' (use "
				    "int, long, size_t, ptr, str, double, ... or 'T *')",
				    text, (int)(e - b), b);
			if (k == LP_K_VOID) {
				if (t->nargs || comma != close)
					return fail("bad --signature '%s': void is not an argument "
						    "type",
						    text);
				break;
			}
			if (t->nargs >= LP_MAX_ARGS)
				return fail(
				    "bad --signature '%s': more than %d arguments cannot be "
				    "recorded",
				    text, LP_MAX_ARGS);
			t->args[t->nargs++] = k;
			if (comma == close)
				break;
			a = comma + 1;
		}
	}
	p = skip_blank(close + 1);
	if (!*p)
		return fail("bad --signature '%s': the result type is missing: add '->T' (e.g. "
			    "'->void' or '->int')",
			    text);
	if (p[0] != '-' || p[1] != '>')
		return fail(
		    "bad --signature '%s': expected '->' and the result type after ')' " HELP,
		    text);
	p += 2;
	const char *e = p + strlen(p);
	if (parse_type(p, e, &t->ret))
		return fail("bad --signature '%s': unknown result type '%s' (use void, int, long, "
			    "size_t, ptr, str, double, ... or 'T *')",
			    text, skip_blank(p));
	t->typed = true;
	*name = strndup(n0, (size_t)(n1 - n0));
	if (!*name)
		lp_die(2, "out of memory");
	return 0;
}
