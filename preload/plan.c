/* preload/plan.c — the patch-plan parser (constructor-only in the preload; pure, unit
 * tested). A plan that does not end with "end" is rejected: a truncated file must not
 * silently drop functions. */
#include <string.h>

#include "lineup/stringify.h"
#include "plan.h"
#include "text.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

static const char *const kind_tokens[] = LP_KIND_TOKENS;
static const char *const site_tokens[] = LP_SITE_TOKENS;

int lp_plan_site_kind(const char *s, size_t n)
{
	for (int k = 0; k < LP_SITE_COUNT; k++)
		if (strlen(site_tokens[k]) == n && memcmp(site_tokens[k], s, n) == 0)
			return k;
	return -1;
}

int lp_plan_kind(const char *s, size_t n)
{
	for (int k = 0; k < LP_K_COUNT; k++)
		if (strlen(kind_tokens[k]) == n && memcmp(kind_tokens[k], s, n) == 0)
			return k;
	return -1;
}

struct cursor {
	const char *s, *e; /* the rest of the current line */
};

static void skip_blanks(struct cursor *c)
{
	while (c->s < c->e && (*c->s == ' ' || *c->s == '\t'))
		c->s++;
}

/* The next blank-separated word, or n == 0 at the end of the line. */
static const char *word(struct cursor *c, size_t *n)
{
	skip_blanks(c);
	const char *w = c->s;
	while (c->s < c->e && *c->s != ' ' && *c->s != '\t')
		c->s++;
	*n = (size_t)(c->s - w);
	return w;
}

static int number(const char *w, size_t n, unsigned base, uint64_t *out)
{
	uint64_t v = 0;
	if (base == 16 && n > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'X'))
		w += 2, n -= 2;
	if (n == 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		unsigned d;
		char ch = w[i];
		if (ch >= '0' && ch <= '9')
			d = (unsigned)(ch - '0');
		else if (base == 16 && ch >= 'a' && ch <= 'f')
			d = (unsigned)(ch - 'a' + 10);
		else if (base == 16 && ch >= 'A' && ch <= 'F')
			d = (unsigned)(ch - 'A' + 10);
		else
			return -1;
		if (v > (UINT64_MAX - d) / base)
			return -1;
		v = v * base + d;
	}
	*out = v;
	return 0;
}

static int add_name(struct lp_loaded_plan *p, const char *s, size_t n, uint32_t *off)
{
	if (p->names_len + n + 1 > LP_PLAN_NAMES)
		return -1;
	memcpy(p->names + p->names_len, s, n);
	p->names[p->names_len + n] = 0;
	*off = (uint32_t)p->names_len;
	p->names_len += n + 1;
	return 0;
}

static int fail(char *err, size_t errlen, unsigned line, const char *what, const char *s, size_t n)
{
	struct lp_text t;
	lp_text_init(&t, err, errlen);
	lp_text_str(&t, "plan line ");
	lp_text_dec(&t, line);
	lp_text_str(&t, ": ");
	lp_text_str(&t, what);
	if (s) {
		lp_text_str(&t, " '");
		lp_text_mem(&t, s, n > 64 ? 64 : n);
		lp_text_str(&t, "'");
	}
	return -1;
}

/* An out-parameter's pointee after "p>": i4, i8, p, f8, or bN (N bytes). */
static int parse_out(struct lp_loaded_func *f, unsigned i, const char *t, size_t n)
{
	unsigned len = 0;
	if (n > 1 && t[0] == 'b') {
		for (size_t j = 1; j < n; j++) {
			if (t[j] < '0' || t[j] > '9' || len > LP_MAX_OUT)
				return -1;
			len = len * 10 + (unsigned)(t[j] - '0');
		}
		if (!len || len > LP_MAX_OUT)
			return -1;
		f->out_kind[i] = LP_K_U1;
		f->out_len[i] = (uint16_t)len;
		return 0;
	}
	int k = lp_plan_kind(t, n);
	if (k != LP_K_I4 && k != LP_K_I8 && k != LP_K_PTR && k != LP_K_F8)
		return -1;
	f->out_kind[i] = (uint8_t)k;
	f->out_len[i] = k == LP_K_I4 ? 4 : 8;
	return 0;
}

/* A struct argument "S<size>:<classes>" (protocol.h): classes "m", or one 'i' or 's' per
 * eightbyte of a struct of at most 16 bytes. */
static int parse_struct(struct lp_loaded_func *f, unsigned i, const char *t, size_t n)
{
	unsigned len = 0;
	size_t j = 1;
	for (; j < n && t[j] >= '0' && t[j] <= '9' && len <= LP_MAX_STRUCT; j++)
		len = len * 10 + (unsigned)(t[j] - '0');
	if (j == 1 || !len || len > LP_MAX_STRUCT || j >= n || t[j] != ':')
		return -1;
	t += j + 1, n -= j + 1;
	uint8_t cls = 0;
	if (n == 1 && t[0] == 'm')
		cls = LP_SCLS_MEMORY;
	else if (len > 16 || n != (len + 7) / 8)
		return -1;
	for (size_t e = 0; !cls && e < n; e++) {
		if (t[e] != 'i' && t[e] != 's')
			return -1;
		cls |= (uint8_t)(t[e] == 's' ? 1u << e : 0);
	}
	if (i < LP_MAX_ARGS) {
		f->struct_len[i] = (uint16_t)len;
		f->struct_cls[i] = cls;
	}
	return 0;
}

static int parse_args(struct lp_loaded_func *f, const char *w, size_t n)
{
	unsigned count = 0;
	if (n == 1 && w[0] == '-')
		return 0;
	const char *e = w + n;
	while (w <= e) {
		const char *t = w;
		while (w < e && *w != ',')
			w++;
		size_t tn = (size_t)(w - t);
		if (tn == 3 && memcmp(t, "...", 3) == 0) {
			if (w != e)
				return -1; /* "..." must be last */
			f->varargs = 1;
		} else if (tn > 1 && t[0] == 'S') {
			if (parse_struct(f, count, t, tn))
				return -1;
			if (count < LP_MAX_ARGS)
				f->args[count] = LP_K_STRUCT;
			else
				f->untyped = 1;
			count++;
		} else {
			const char *gt = memchr(t, '>', tn);
			if (gt && (count >= LP_MAX_ARGS ||
				   parse_out(f, count, gt + 1, (size_t)(t + tn - gt - 1))))
				return -1;
			int k = lp_plan_kind(t, gt ? (size_t)(gt - t) : tn);
			if (k < 0 || k == LP_K_VOID || k == LP_K_STRUCT || (gt && k != LP_K_PTR))
				return -1;
			if (k == LP_K_UNKNOWN)
				f->untyped = 1;
			if (count < LP_MAX_ARGS)
				f->args[count] = (uint8_t)k;
			else
				f->untyped = 1; /* more arguments than a record holds */
			count++;
		}
		w++;
	}
	f->nargs = (uint8_t)(count < LP_MAX_ARGS ? count : LP_MAX_ARGS);
	return 0;
}

/* "<dev> <ino> <path>" of a target or instrument line. */
static int parse_object(struct lp_loaded_plan *p, struct lp_loaded_target *t, struct cursor *c,
			unsigned line, char *err, size_t errlen)
{
	size_t n;
	const char *w = word(c, &n);
	if (number(w, n, 10, &t->dev))
		return fail(err, errlen, line, "bad device number", w, n);
	w = word(c, &n);
	if (number(w, n, 10, &t->ino))
		return fail(err, errlen, line, "bad inode number", w, n);
	skip_blanks(c);
	if (c->s == c->e)
		return fail(err, errlen, line, "object without a path", NULL, 0);
	if (add_name(p, c->s, (size_t)(c->e - c->s), &t->path))
		return fail(err, errlen, line, "names exceed 1 MiB", NULL, 0);
	return 0;
}

static int hex_digit(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* "<object> <offset-hex> <len> <kind> <disp-off> <bytes-hex> [<pad-hex>]" */
static int parse_site(struct lp_loaded_plan *p, struct lp_loaded_site *s, struct cursor *c,
		      unsigned line, char *err, size_t errlen)
{
	size_t n;
	uint64_t v;
	const char *w = word(c, &n);
	if (number(w, n, 10, &v) || v >= p->n_targets + p->n_instrument)
		return fail(err, errlen, line, "unknown object index", w, n);
	s->object = (uint32_t)v;
	w = word(c, &n);
	if (number(w, n, 16, &s->offset))
		return fail(err, errlen, line, "bad hex offset", w, n);
	w = word(c, &n);
	if (number(w, n, 10, &v) || v == 0 || v > LP_SITE_MAX_BYTES)
		return fail(err, errlen, line, "bad instruction length (1 to 15)", w, n);
	s->len = (uint8_t)v;
	w = word(c, &n);
	int k = lp_plan_site_kind(w, n);
	if (k < 0)
		return fail(err, errlen, line, "bad site kind", w, n);
	s->kind = (uint8_t)k;
	w = word(c, &n);
	if (n == 2 && w[0] == '-' && w[1] == '1')
		s->disp_off = -1;
	else if (number(w, n, 10, &v) || v + 4 > s->len)
		return fail(err, errlen, line, "bad displacement offset", w, n);
	else
		s->disp_off = (int8_t)v;
	w = word(c, &n);
	if (n != 2 * (size_t)s->len)
		return fail(err, errlen, line, "instruction bytes do not match its length", w, n);
	for (size_t i = 0; i < s->len; i++) {
		int hi = hex_digit(w[2 * i]), lo = hex_digit(w[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return fail(err, errlen, line, "bad instruction bytes", w, n);
		s->bytes[i] = (uint8_t)(hi << 4 | lo);
	}
	s->pad = 0;
	w = word(c, &n);
	if (n && (number(w, n, 16, &s->pad) || !s->pad))
		return fail(err, errlen, line, "bad hex padding address", w, n);
	if (n && s->len >= 5)
		return fail(err, errlen, line, "padding for an instruction a jump fits in", w, n);
	w = word(c, &n);
	if (n)
		return fail(err, errlen, line, "unexpected text", w, n);
	return 0;
}

/* "<func> <offset-hex>": after every func line, grouped by func, ascending. */
static int parse_pure(struct lp_loaded_plan *p, struct cursor *c, unsigned line, char *err,
		      size_t errlen)
{
	size_t n;
	uint64_t v, off;
	const char *w = word(c, &n);
	if (number(w, n, 10, &v) || v >= p->n_funcs)
		return fail(err, errlen, line, "unknown function index", w, n);
	w = word(c, &n);
	if (number(w, n, 16, &off))
		return fail(err, errlen, line, "bad hex offset", w, n);
	w = word(c, &n);
	if (n)
		return fail(err, errlen, line, "unexpected text", w, n);
	struct lp_loaded_func *f = &p->funcs[v];
	if (f->pure_n && (f->pure_first + f->pure_n != p->n_pure || p->pure[p->n_pure - 1] >= off))
		return fail(err, errlen, line,
			    "pure lines not grouped by function in ascending order", NULL, 0);
	if (p->n_pure >= LP_MAX_PURE)
		return 0; /* dropped: those steps keep counting as target code */
	if (!f->pure_n)
		f->pure_first = p->n_pure;
	p->pure[p->n_pure++] = off;
	f->pure_n++;
	return 0;
}

/* protocol.h, struct lp_span_place: "entry", "end" or <off-hex>@<depth>[/<ret-hex>@<slot>]... */
static int parse_place(const char *w, size_t n, struct lp_span_place *pl)
{
	memset(pl, 0, sizeof *pl);
	if (n == 5 && memcmp(w, "entry", 5) == 0)
		return pl->kind = LP_SPAN_ENTRY, 0;
	if (n == 3 && memcmp(w, "end", 3) == 0)
		return pl->kind = LP_SPAN_END, 0;
	pl->kind = LP_SPAN_SITE;
	if (n && w[0] == 'f')
		pl->kind = LP_SPAN_FUTEX, w++, n--;
	const char *e = w + n;
	for (unsigned k = 0;; k++) { /* k == 0: the place itself, then its frames */
		const char *at = memchr(w, '@', (size_t)(e - w));
		const char *end = memchr(w, '/', (size_t)(e - w));
		if (!end)
			end = e;
		uint64_t off, depth;
		if (!at || at > end || number(w, (size_t)(at - w), 16, &off) ||
		    number(at + 1, (size_t)(end - at - 1), 10, &depth) || depth > UINT32_MAX ||
		    k > LP_SPAN_FRAMES)
			return -1;
		if (k == 0) {
			pl->off = off;
			pl->depth = (uint32_t)depth;
		} else {
			pl->ret[k - 1] = off;
			pl->slot[k - 1] = (uint32_t)depth;
			pl->n_frames = (uint8_t)k;
		}
		if (end == e)
			return 0;
		w = end + 1;
	}
}

/* "<func> <from> <to>": after every func line, grouped by func. */
static int parse_span(struct lp_loaded_plan *p, struct cursor *c, unsigned line, char *err,
		      size_t errlen)
{
	size_t n;
	uint64_t v;
	struct lp_span sp;
	memset(&sp, 0, sizeof sp);
	const char *w = word(c, &n);
	if (number(w, n, 10, &v) || v >= p->n_funcs)
		return fail(err, errlen, line, "unknown function index", w, n);
	sp.func = (uint32_t)v;
	w = word(c, &n);
	if (parse_place(w, n, &sp.from) || sp.from.kind == LP_SPAN_END)
		return fail(err, errlen, line, "bad span start", w, n);
	w = word(c, &n);
	if (parse_place(w, n, &sp.to) || sp.to.kind == LP_SPAN_ENTRY)
		return fail(err, errlen, line, "bad span end", w, n);
	w = word(c, &n);
	if (n)
		return fail(err, errlen, line, "unexpected text", w, n);
	struct lp_loaded_func *f = &p->funcs[v];
	if (f->span_n && f->span_first + f->span_n != p->n_spans)
		return fail(err, errlen, line, "span lines not grouped by function", NULL, 0);
	if (p->n_spans >= LP_MAX_SPANS)
		return 0; /* dropped: those steps keep counting as target code */
	if (!f->span_n)
		f->span_first = p->n_spans;
	p->spans[p->n_spans++] = sp;
	f->span_n++;
	return 0;
}

int lp_plan_pure(const struct lp_loaded_plan *p, uint32_t f, uint64_t offset)
{
	if (f >= p->n_funcs)
		return 0;
	const uint64_t *v = p->pure + p->funcs[f].pure_first;
	uint32_t lo = 0, hi = p->funcs[f].pure_n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (v[mid] < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->funcs[f].pure_n && v[lo] == offset;
}

int lp_plan_parse(struct lp_loaded_plan *p, const char *buf, size_t len, char *err, size_t errlen)
{
	const char *s = buf, *end = buf + len;
	unsigned line = 0;
	int ended = 0;

	p->n_targets = p->n_funcs = p->n_instrument = p->n_sites = p->n_pure = p->n_spans = 0;
	p->names_len = 0;
	while (s < end && !ended) {
		const char *e = memchr(s, '\n', (size_t)(end - s));
		if (!e)
			e = end;
		struct cursor c = {s, e};
		s = e + 1;
		line++;
		if (line == 1) {
			size_t ml = strlen(LP_PLAN_MAGIC);
			if ((size_t)(c.e - c.s) != ml || memcmp(c.s, LP_PLAN_MAGIC, ml) != 0)
				return fail(
				    err, errlen, line,
				    "not a lineup plan of this version, expected '" LP_PLAN_MAGIC
				    "'",
				    NULL, 0);
			continue;
		}
		size_t n;
		const char *w = word(&c, &n);
		if (n == 0 || w[0] == '#')
			continue;
		if (n == 3 && memcmp(w, "end", 3) == 0) {
			ended = 1;
		} else if (n == 6 && memcmp(w, "target", 6) == 0) {
			if (p->n_instrument || p->n_sites)
				return fail(err, errlen, line,
					    "target after an instrument or site line", NULL, 0);
			if (p->n_targets >= LP_MAX_TARGETS)
				return fail(err, errlen, line,
					    "more than " LP_STR(LP_MAX_TARGETS) " targets", NULL,
					    0);
			if (parse_object(p, &p->targets[p->n_targets], &c, line, err, errlen))
				return -1;
			p->n_targets++;
		} else if (n == 10 && memcmp(w, "instrument", 10) == 0) {
			if (p->n_sites)
				return fail(err, errlen, line, "instrument after a site line", NULL,
					    0);
			if (p->n_instrument >= LP_MAX_TARGETS)
				return fail(
				    err, errlen, line,
				    "more than " LP_STR(LP_MAX_TARGETS) " instrumented objects",
				    NULL, 0);
			if (parse_object(p, &p->instrument[p->n_instrument], &c, line, err, errlen))
				return -1;
			p->n_instrument++;
		} else if (n == 4 && memcmp(w, "site", 4) == 0) {
			if (p->n_sites >= LP_MAX_SITES)
				return fail(err, errlen, line,
					    "more than " LP_STR(LP_MAX_SITES) " sites", NULL, 0);
			if (parse_site(p, &p->sites[p->n_sites], &c, line, err, errlen))
				return -1;
			p->n_sites++;
		} else if (n == 4 && memcmp(w, "pure", 4) == 0) {
			if (parse_pure(p, &c, line, err, errlen))
				return -1;
		} else if (n == 4 && memcmp(w, "span", 4) == 0) {
			if (parse_span(p, &c, line, err, errlen))
				return -1;
		} else if (n == 4 && memcmp(w, "func", 4) == 0) {
			if (p->n_instrument || p->n_sites || p->n_pure || p->n_spans)
				return fail(err, errlen, line,
					    "func after an instrument, site, pure or span line",
					    NULL, 0);
			if (p->n_funcs >= LP_MAX_FUNCS)
				return fail(err, errlen, line,
					    "more than " LP_STR(LP_MAX_FUNCS) " functions", NULL,
					    0);
			struct lp_loaded_func *f = &p->funcs[p->n_funcs];
			memset(f, 0, sizeof *f);
			uint64_t v;
			w = word(&c, &n);
			if (number(w, n, 10, &v) || v >= p->n_targets)
				return fail(err, errlen, line, "unknown target index", w, n);
			f->target = (uint32_t)v;
			w = word(&c, &n);
			if (n == 0)
				return fail(err, errlen, line, "func without a name", NULL, 0);
			if (add_name(p, w, n, &f->name))
				return fail(err, errlen, line, "names exceed 1 MiB", NULL, 0);
			w = word(&c, &n);
			if (number(w, n, 16, &f->offset))
				return fail(err, errlen, line, "bad hex offset", w, n);
			w = word(&c, &n);
			int k = lp_plan_kind(w, n);
			if (k < 0 || k == LP_K_STRUCT)
				return fail(err, errlen, line, "bad return kind", w, n);
			f->ret = (uint8_t)k;
			if (k == LP_K_UNKNOWN)
				f->untyped = 1;
			w = word(&c, &n);
			if (n == 0 || parse_args(f, w, n))
				return fail(err, errlen, line, "bad argument kinds", w, n);
			w = word(&c, &n);
			if (n)
				return fail(err, errlen, line, "unexpected text", w, n);
			p->n_funcs++;
		} else {
			return fail(err, errlen, line, "unknown directive", w, n);
		}
	}
	if (!ended)
		return fail(err, errlen, line, "plan is truncated: no 'end' line", NULL, 0);
	return 0;
}
