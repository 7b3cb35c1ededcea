/* checker/history-parse.c — strict line-fed parser of lineup-history(5) streams. Every
 * rejection names the file and line; nothing here can crash or loop on hostile input. */
#include "checker/history.h"
#include "lineup/die.h"

#include <emmintrin.h> /* SSE2, part of x86-64 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lp_hist_parser {
	struct lp_intern *strs;
	const char *name;
	uint32_t lineno;
	bool in_hist;
	bool skipping; /* after an error: ignore lines up to the next "end" */
	struct lp_hist h;
	uint32_t *pend;	  /* per thread: pending op, or LP_NO_EV */
	uint32_t *order;  /* scratch for sorting threads */
	uint32_t *tidtmp; /* scratch for permuting tids */
	char *norm;
	char *line; /* the line with its comment cut */
	char err[1024];
};

struct lp_hist_parser *lp_hist_parser_new(struct lp_intern *strs, const char *name)
{
	struct lp_hist_parser *p = lp_xcalloc(1, sizeof(*p));
	p->strs = strs;
	p->name = name ? name : "<stdin>";
	p->h.name = p->name;
	p->norm = lp_xmalloc(2 * LP_HIST_MAX_LINE + 2);
	p->line = lp_xmalloc(LP_HIST_MAX_LINE + 1);
	p->h.tmap_size = 64;
	p->h.tmap = lp_xcalloc(p->h.tmap_size, sizeof(*p->h.tmap));
	p->h.attrs = lp_xstrdup("");
	p->h.attrs_cap = 1;
	/* an empty history still needs thread_start[0] */
	p->h.capthreads = 16;
	p->h.tids = lp_xmalloc(p->h.capthreads * sizeof(*p->h.tids));
	p->pend = lp_xmalloc(p->h.capthreads * sizeof(*p->pend));
	p->order = lp_xmalloc(p->h.capthreads * sizeof(*p->order));
	p->tidtmp = lp_xmalloc(p->h.capthreads * sizeof(*p->tidtmp));
	p->h.thread_start = lp_xmalloc((p->h.capthreads + 1) * sizeof(uint32_t));
	p->h.thread_ops = lp_xmalloc(sizeof(uint32_t));
	return p;
}

void lp_hist_parser_free(struct lp_hist_parser *p)
{
	if (!p)
		return;
	free(p->h.attrs);
	free(p->h.ops);
	free(p->h.evs);
	free(p->h.tids);
	free(p->h.thread_start);
	free(p->h.thread_ops);
	free(p->pend);
	free(p->order);
	free(p->tidtmp);
	free(p->h.tmap);
	free(p->norm);
	free(p->line);
	free(p);
}

const struct lp_hist *lp_hist_parser_history(const struct lp_hist_parser *p) { return &p->h; }
const char *lp_hist_parser_error(const struct lp_hist_parser *p) { return p->err; }
uint32_t lp_hist_parser_lineno(const struct lp_hist_parser *p) { return p->lineno; }

__attribute__((format(printf, 2, 3))) static enum lp_hp_status fail(struct lp_hist_parser *p,
								    const char *fmt, ...)
{
	int n = snprintf(p->err, sizeof(p->err), "%s:%u: ", p->name, p->lineno);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->err + n, sizeof(p->err) - (size_t)n, fmt, ap);
	va_end(ap);
	p->in_hist = false;
	p->skipping = true;
	return LP_HP_ERROR;
}

/* Subjects quoted in messages are cut for display only. */
/* A clipped copy for a message, bytes outside printable ASCII written as \xNN so that
 * binary input never reaches the terminal raw. */
static const char *quote(const char *s, size_t len, char *buf, size_t cap)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = 0, i = 0;
	for (; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		bool plain = c >= 0x20 && c < 0x7f;
		if (n + (plain ? 1 : 4) > cap - 4)
			break;
		if (plain) {
			buf[n++] = (char)c;
		} else {
			buf[n++] = '\\';
			buf[n++] = 'x';
			buf[n++] = hex[c >> 4];
			buf[n++] = hex[c & 15];
		}
	}
	strcpy(buf + n, i < len ? "..." : "");
	return buf;
}

static bool is_space(char c) { return c == ' ' || c == '\t'; }

/* Bytes that need more than a copy when normalising: white space, quotes, parentheses
 * and commas. */
static const bool norm_special[256] = {
    [' '] = true, ['\t'] = true, ['"'] = true, ['\''] = true,
    ['('] = true, [')'] = true,	 [','] = true,
};

/* Bytes of a line that need a look: control bytes, quotes, the comment sign. */
static const bool line_special[256] = {
    [0x00 ... 0x08] = true, [0x0a ... 0x1f] = true, [0x7f] = true,
    ['"'] = true,	    ['\''] = true,	    ['#'] = true,
};

/* The length of the start of s without line_special bytes: 16 bytes a step while none of
 * them (nor a tab, which the byte loop then lets through) is there. */
static size_t plain_prefix(const char *s, size_t len)
{
	size_t i = 0;
	for (; i + 16 <= len; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(s + i));
		__m128i m = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x1f)), x); /* <= 0x1f */
		m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8(0x7f)));
		m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('"')));
		m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('\'')));
		m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('#')));
		if (_mm_movemask_epi8(m))
			break;
	}
	while (i < len && !line_special[(unsigned char)s[i]])
		i++;
	return i;
}

long lp_hist_normalise_shape(const char *s, size_t len, char *out, const char **why, long *open,
			     long *closed)
{
	size_t o = 0;
	long depth = 0;
	bool gap = false; /* a separating space is due before the next word */
	*open = *closed = -1;
	bool name_over = false; /* a quote or space came first: no call shape */
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!norm_special[c]) {
			if (gap)
				out[o++] = ' ', name_over = true;
			gap = false;
			out[o++] = (char)c;
			continue;
		}
		switch (c) {
		case ' ':
		case '\t':
			if (o && out[o - 1] != '(')
				gap = true;
			continue;
		case '"':
		case '\'': {
			if (gap)
				out[o++] = ' ';
			gap = false, name_over = true;
			out[o++] = (char)c;
			size_t k = i + 1;
			for (; k < len; k++) {
				out[o++] = s[k];
				if (s[k] == '\\' && k + 1 < len)
					out[o++] = s[++k];
				else if (s[k] == (char)c)
					break;
			}
			if (k >= len) {
				*why =
				    c == '"'
					? "unterminated string: a '\"' is not closed"
					: "unterminated character literal: a \"'\" is not closed";
				return -1;
			}
			i = k;
			continue;
		}
		case '(':
			if (*open < 0 && !name_over)
				*open = (long)o;
			name_over = true;
			gap = false;
			out[o++] = '(';
			depth++;
			continue;
		case ')':
			gap = false;
			out[o++] = ')';
			if (--depth < 0) {
				*why = "unbalanced parentheses: ')' without a matching '('";
				return -1;
			}
			if (depth == 0 && *closed < 0 && *open >= 0)
				*closed = (long)o;
			continue;
		default: /* ',' */
			out[o++] = ',';
			gap = true;
			continue;
		}
	}
	if (depth) {
		*why = "unbalanced parentheses: a '(' is not closed";
		return -1;
	}
	out[o] = 0;
	return (long)o;
}

long lp_hist_normalise(const char *s, size_t len, char *out, const char **why)
{
	long open, closed;
	return lp_hist_normalise_shape(s, len, out, why, &open, &closed);
}

static void reset_hist(struct lp_hist_parser *p)
{
	struct lp_hist *h = &p->h;
	if (h->nthreads * 8 < h->tmap_size) {
		for (uint32_t t = 0; t < h->nthreads; t++) /* clear the used chains only */
			for (uint32_t i = lp_hist_tmap_slot(h->tids[t], h->tmap_size - 1);
			     h->tmap[i]; i = (i + 1) & (h->tmap_size - 1))
				h->tmap[i] = 0;
	} else
		memset(h->tmap, 0, h->tmap_size * sizeof(*h->tmap));
	h->nops = h->nevs = h->nthreads = h->npending = 0;
	h->serial = h->stuck = false;
	h->attrs[0] = 0;
	h->intern_mark = lp_intern_count(p->strs);
}

static void tmap_grow(struct lp_hist *h)
{
	free(h->tmap);
	h->tmap_size *= 2;
	h->tmap = lp_xcalloc(h->tmap_size, sizeof(*h->tmap));
	uint32_t mask = h->tmap_size - 1;
	for (uint32_t k = 0; k < h->nthreads; k++) {
		uint32_t j = lp_hist_tmap_slot(h->tids[k], mask);
		while (h->tmap[j])
			j = (j + 1) & mask;
		h->tmap[j] = k + 1;
	}
}

/* The dense index of thread tid (an interned id), added on first sight. */
static uint32_t thread_of(struct lp_hist_parser *p, uint32_t tid)
{
	struct lp_hist *h = &p->h;
	uint32_t mask = h->tmap_size - 1;
	uint32_t i = lp_hist_tmap_slot(tid, mask);
	for (; h->tmap[i]; i = (i + 1) & mask)
		if (h->tids[h->tmap[i] - 1] == tid)
			return h->tmap[i] - 1;
	if (h->nthreads == h->capthreads) {
		h->capthreads = h->capthreads ? 2 * h->capthreads : 16;
		h->tids = lp_xrealloc(h->tids, h->capthreads * sizeof(*h->tids));
		p->pend = lp_xrealloc(p->pend, h->capthreads * sizeof(*p->pend));
		p->order = lp_xrealloc(p->order, h->capthreads * sizeof(*p->order));
		p->tidtmp = lp_xrealloc(p->tidtmp, h->capthreads * sizeof(*p->tidtmp));
		h->thread_start =
		    lp_xrealloc(h->thread_start, (h->capthreads + 1) * sizeof(uint32_t));
	}
	uint32_t t = h->nthreads++;
	h->tids[t] = tid;
	p->pend[t] = LP_NO_EV;
	h->tmap[i] = t + 1;
	if (h->nthreads * 2 > h->tmap_size)
		tmap_grow(h);
	return t;
}

/* Numeric components compare as numbers (leading zeros aside), before non-numeric ones. */
static int component_cmp(const char *a, size_t na, const char *b, size_t nb)
{
	bool da = na > 0, db = nb > 0;
	for (size_t i = 0; i < na && da; i++)
		da = a[i] >= '0' && a[i] <= '9';
	for (size_t i = 0; i < nb && db; i++)
		db = b[i] >= '0' && b[i] <= '9';
	if (da != db)
		return da ? -1 : 1;
	if (da) {
		while (na > 1 && *a == '0')
			a++, na--;
		while (nb > 1 && *b == '0')
			b++, nb--;
		if (na != nb)
			return na < nb ? -1 : 1;
		return memcmp(a, b, na);
	}
	int c = memcmp(a, b, na < nb ? na : nb);
	return c ? c : (na > nb) - (na < nb);
}

int lp_hist_tid_cmp(const char *a, const char *b)
{
	const char *x = a, *y = b;
	for (;;) {
		size_t nx = strcspn(x, "."), ny = strcspn(y, ".");
		int c = component_cmp(x, nx, y, ny);
		if (c)
			return c < 0 ? -1 : 1;
		x += nx;
		y += ny;
		if (!*x || !*y) {
			if (*x || *y)
				return *x ? 1 : -1; /* a prefix path first: 0.1 < 0.1.1 */
			break;
		}
		x++, y++;
	}
	int c = strcmp(a, b); /* 0.01 and 0.1 are different threads */
	return c < 0 ? -1 : c > 0;
}

static void add_event(struct lp_hist *h, uint32_t op, bool is_ret)
{
	if (h->nevs == h->capevs) {
		h->capevs = h->capevs ? 2 * h->capevs : 64;
		h->evs = lp_xrealloc(h->evs, h->capevs * sizeof(*h->evs));
	}
	h->evs[h->nevs].op = op;
	h->evs[h->nevs].is_ret = is_ret;
	h->nevs++;
}

static const struct lp_hist *sort_h; /* qsort has no context argument */
static const struct lp_intern *sort_strs;
static int by_tid(const void *a, const void *b)
{
	uint32_t x = sort_h->tids[*(const uint32_t *)a], y = sort_h->tids[*(const uint32_t *)b];
	return lp_hist_tid_cmp(lp_intern_str(sort_strs, x), lp_intern_str(sort_strs, y));
}

static const char *tidstr(const struct lp_hist_parser *p, uint32_t tid)
{
	return lp_intern_str(p->strs, tid);
}

/* Threads usually appear in id order already (0, 0.1, 0.2): no sort then. */
static bool sorted_already(const struct lp_hist_parser *p)
{
	const struct lp_hist *h = &p->h;
	for (uint32_t t = 1; t < h->nthreads; t++)
		if (lp_hist_tid_cmp(tidstr(p, h->tids[t - 1]), tidstr(p, h->tids[t])) > 0)
			return false;
	return true;
}

static enum lp_hp_status finish(struct lp_hist_parser *p)
{
	struct lp_hist *h = &p->h;
	if (h->npending && !h->stuck) {
		for (uint32_t t = 0; t < h->nthreads; t++)
			if (p->pend[t] != LP_NO_EV)
				return fail(
				    p,
				    "history ends while thread %s's call at line %u is pending: "
				    "add its 'ret' line, or a 'stuck' line if it can never return",
				    tidstr(p, h->tids[t]), h->ops[p->pend[t]].call_line);
	}
	if (h->stuck && !h->npending)
		return fail(
		    p, "history is marked 'stuck' but no call is pending: remove the 'stuck' line");
	/* threads in tid order: dense index = rank */
	for (uint32_t t = 0; t < h->nthreads; t++)
		p->order[t] = t;
	if (!sorted_already(p)) {
		sort_h = h;
		sort_strs = p->strs;
		qsort(p->order, h->nthreads, sizeof(*p->order), by_tid);
	}
	uint32_t *rank = p->pend; /* pend is no longer needed */
	for (uint32_t r = 0; r < h->nthreads; r++)
		rank[p->order[r]] = r;
	uint32_t *tids = h->tids;
	uint32_t *copy = p->tidtmp;
	memcpy(copy, tids, h->nthreads * sizeof(*copy));
	for (uint32_t t = 0; t < h->nthreads; t++)
		tids[rank[t]] = copy[t];
	for (uint32_t i = 0; i < h->tmap_size; i++)
		if (h->tmap[i])
			h->tmap[i] = rank[h->tmap[i] - 1] + 1;
	memset(h->thread_start, 0, (h->nthreads + 1) * sizeof(uint32_t));
	for (uint32_t i = 0; i < h->nops; i++) {
		h->ops[i].thread = rank[h->ops[i].thread];
		h->thread_start[h->ops[i].thread + 1]++;
	}
	for (uint32_t t = 0; t < h->nthreads; t++)
		h->thread_start[t + 1] += h->thread_start[t];
	for (uint32_t t = 0; t < h->nthreads; t++)
		p->order[t] = h->thread_start[t];
	for (uint32_t i = 0; i < h->nops; i++) {
		h->ops[i].seq = p->order[h->ops[i].thread] - h->thread_start[h->ops[i].thread];
		h->thread_ops[p->order[h->ops[i].thread]++] = i;
	}
	p->in_hist = false;
	return LP_HP_DONE;
}

static enum lp_hp_status header(struct lp_hist_parser *p, char *rest)
{
	struct lp_hist *h = &p->h;
	bool unfinished = p->in_hist;
	uint32_t prev = h->line;
	reset_hist(p);
	p->skipping = false;
	h->line = p->lineno;
	char *save = NULL;
	char *kind = strtok_r(rest, " \t", &save);
	if (!kind)
		return fail(p,
			    "history kind missing: write 'history serial' or 'history concurrent'");
	if (!strcmp(kind, "serial"))
		h->serial = true;
	else if (strcmp(kind, "concurrent")) {
		char qb[80];
		return fail(
		    p, "unknown history kind '%s': write 'history serial' or 'history concurrent'",
		    quote(kind, strlen(kind), qb, sizeof(qb)));
	}
	size_t n = 0;
	for (char *a; (a = strtok_r(NULL, " \t", &save));) {
		char *eq = strchr(a, '=');
		if (!eq || eq == a) {
			char qb[80];
			return fail(p,
				    "attribute '%s' is not key=value: remove it or write key=value",
				    quote(a, strlen(a), qb, sizeof(qb)));
		}
		size_t len = strlen(a);
		if (n + len + 2 > h->attrs_cap) {
			h->attrs_cap = 2 * (n + len + 2);
			h->attrs = lp_xrealloc(h->attrs, h->attrs_cap);
		}
		if (n)
			h->attrs[n++] = ' ';
		memcpy(h->attrs + n, a, len + 1);
		n += len;
	}
	p->in_hist = true;
	if (unfinished) {
		enum lp_hp_status st =
		    fail(p, "history at line %u has no 'end' line: add 'end' after its last event",
			 prev);
		p->in_hist = true; /* the new history goes on */
		p->skipping = false;
		return st;
	}
	return LP_HP_MORE;
}

/* Whether the NUL-terminated s starts with the word kw (n bytes, then a space or the end). */
static bool is_word(const char *s, const char *kw, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != kw[i])
			return false;
	return is_space(s[n]) || !s[n];
}

/* "call" or "ret" after the thread id; *rest moves to the text after it. */
static enum lp_hp_status event_kind(struct lp_hist_parser *p, const char *tidtok, char **rest,
				    bool *is_ret)
{
	char *r = *rest;
	if (is_word(r, "call", 4))
		*is_ret = false;
	else if (is_word(r, "ret", 3))
		*is_ret = true;
	else {
		char qb[80];
		quote(tidtok, strlen(tidtok), qb, sizeof(qb));
		return fail(p,
			    "expected 'call' or 'ret' after thread %s: write '%s call f(args)' or "
			    "'%s ret value'",
			    qb, qb, qb);
	}
	r += *is_ret ? 3 : 4;
	while (is_space(*r))
		r++;
	*rest = r;
	return LP_HP_MORE;
}

/* A call is name(args): the parenthesis after the name closes at the very end. Sets
 * *namelen, the length of the function name in p->norm. */
static enum lp_hp_status check_call_shape(struct lp_hist_parser *p, size_t n, long open,
					  long closed, size_t *namelen)
{
	char qb[80];
	if (open <= 0)
		return fail(p,
			    "call '%s' is not of the form name(args): write e.g. 'queue_add(q, 1)'",
			    quote(p->norm, n, qb, sizeof(qb)));
	if (closed != (long)n)
		return fail(p,
			    "text after the closing parenthesis of call '%s': a call is "
			    "name(args) only",
			    quote(p->norm, n, qb, sizeof(qb)));
	*namelen = (size_t)open;
	return LP_HP_MORE;
}

/* A thread calls only when its previous call returned, and a serial history never has
 * two calls pending. */
static enum lp_hp_status check_call_order(struct lp_hist_parser *p, uint32_t t)
{
	struct lp_hist *h = &p->h;
	if (p->pend[t] != LP_NO_EV)
		return fail(p,
			    "call of thread %s while its call at line %u is pending: add the 'ret' "
			    "line of that call first",
			    tidstr(p, h->tids[t]), h->ops[p->pend[t]].call_line);
	if (h->serial && h->npending)
		for (uint32_t u = 0; u < h->nthreads; u++)
			if (p->pend[u] != LP_NO_EV)
				return fail(p,
					    "serial history overlaps operations: thread %s calls "
					    "while thread %s's call at line %u is pending; use "
					    "'history concurrent'",
					    tidstr(p, h->tids[t]), tidstr(p, h->tids[u]),
					    h->ops[p->pend[u]].call_line);
	return LP_HP_MORE;
}

static void add_call(struct lp_hist_parser *p, uint32_t t, size_t n, size_t namelen)
{
	struct lp_hist *h = &p->h;
	if (h->nops == h->capops) {
		h->capops = h->capops ? 2 * h->capops : 32;
		h->ops = lp_xrealloc(h->ops, h->capops * sizeof(*h->ops));
		h->thread_ops = lp_xrealloc(h->thread_ops, h->capops * sizeof(*h->thread_ops));
	}
	struct lp_hist_op *o = &h->ops[h->nops];
	o->thread = t;
	o->seq = 0;
	o->call = lp_intern_add(p->strs, p->norm, n);
	o->func = lp_intern_add(p->strs, p->norm, namelen);
	o->ret = LP_NO_STR;
	o->call_ev = h->nevs;
	o->ret_ev = LP_NO_EV;
	o->call_line = p->lineno;
	o->ret_line = 0;
	p->pend[t] = h->nops;
	h->npending++;
	add_event(h, h->nops++, false);
}

static enum lp_hp_status add_ret(struct lp_hist_parser *p, uint32_t t, size_t n)
{
	struct lp_hist *h = &p->h;
	if (p->pend[t] == LP_NO_EV)
		return fail(
		    p, "return of thread %s without a pending call: add its 'call' line before it",
		    tidstr(p, h->tids[t]));
	struct lp_hist_op *o = &h->ops[p->pend[t]];
	o->ret = lp_intern_add(p->strs, p->norm, n);
	o->ret_ev = h->nevs;
	o->ret_line = p->lineno;
	add_event(h, p->pend[t], true);
	p->pend[t] = LP_NO_EV;
	h->npending--;
	return LP_HP_MORE;
}

/* "TID call f(args)" or "TID ret value": tidtok is the first token, rest the others. */
static enum lp_hp_status event(struct lp_hist_parser *p, const char *tidtok, size_t tidlen,
			       char *rest, size_t restlen)
{
	struct lp_hist *h = &p->h;
	if (!*rest) {
		char qb[80];
		return fail(p,
			    "unknown line '%s': expected 'history', 'stuck', 'end' or an event "
			    "such as '0.1 call f(1)'",
			    quote(tidtok, tidlen, qb, sizeof(qb)));
	}
	if (!p->in_hist)
		return fail(p, "event outside a history: add a 'history serial' or 'history "
			       "concurrent' line before it");
	if (h->stuck)
		return fail(p, "event after 'stuck': 'stuck' must be the last line before 'end'");
	bool is_ret = false;
	char *was = rest;
	if (event_kind(p, tidtok, &rest, &is_ret) != LP_HP_MORE)
		return LP_HP_ERROR;
	restlen -= (size_t)(rest - was);
	if (!*rest) {
		char qb[80];
		quote(tidtok, tidlen, qb, sizeof(qb));
		return fail(p, "%s without text: write '%s %s'", is_ret ? "'ret'" : "'call'", qb,
			    is_ret ? "ret VALUE (or void)" : "call f(args)");
	}
	const char *why = NULL;
	long open, closed;
	long n = lp_hist_normalise_shape(rest, restlen, p->norm, &why, &open, &closed);
	if (n < 0) {
		char qb[80];
		return fail(p, "%s in '%s'", why, quote(rest, strlen(rest), qb, sizeof(qb)));
	}
	uint32_t t = thread_of(p, lp_intern_add(p->strs, tidtok, tidlen));
	if (is_ret)
		return add_ret(p, t, (size_t)n);
	size_t namelen = 0;
	if (check_call_shape(p, (size_t)n, open, closed, &namelen) != LP_HP_MORE ||
	    check_call_order(p, t) != LP_HP_MORE)
		return LP_HP_ERROR;
	add_call(p, t, (size_t)n, namelen);
	return LP_HP_MORE;
}

enum lp_hp_status lp_hist_parse_line(struct lp_hist_parser *p, const char *line, size_t len)
{
	p->lineno++;
	if (len > LP_HIST_MAX_LINE) {
		if (p->skipping)
			return LP_HP_MORE;
		return fail(p,
			    "line is longer than the %d bytes allowed (newline excluded): split "
			    "the value or shorten it",
			    LP_HIST_MAX_LINE);
	}
	if (len && line[len - 1] == '\r')
		len--;
	/* cut the comment (a '#' outside quotes) and check the bytes; most lines have none of
	 * those to look at, and are copied whole */
	char *buf = p->line;
	size_t n = 0;
	char inq = 0;
	size_t plain = plain_prefix(line, len);
	if (plain == len) {
		memcpy(buf, line, len);
		n = len;
	}
	for (size_t i = plain == len ? len : 0; i < len; i++) {
		unsigned char c = (unsigned char)line[i];
		if ((c < 0x20 && c != '\t') || c == 0x7f) {
			if (p->skipping)
				return LP_HP_MORE;
			return fail(p,
				    "control byte 0x%02x at column %zu: a history is text, is this "
				    "a binary file?",
				    c, i + 1);
		}
		if (inq) {
			if (c == '\\' && i + 1 < len && (unsigned char)line[i + 1] >= 0x20) {
				buf[n++] = (char)c;
				c = (unsigned char)line[++i];
			} else if (c == (unsigned char)inq)
				inq = 0;
		} else if (c == '"' || c == '\'')
			inq = (char)c;
		else if (c == '#')
			break;
		buf[n++] = (char)c;
	}
	while (n && is_space(buf[n - 1]))
		n--;
	buf[n] = 0;
	char *s = buf;
	while (is_space(*s))
		s++;
	if (!*s)
		return LP_HP_MORE;
	char *rest = s;
	while (*rest && !is_space(*rest))
		rest++;
	size_t toklen = (size_t)(rest - s);
	if (*rest)
		*rest++ = 0;
	while (is_space(*rest))
		rest++;
	/* keywords by length first: most lines are events, whose first token is a thread id */
	bool is_end = toklen == 3 && !memcmp(s, "end", 3);
	if (toklen == 7 && !memcmp(s, "history", 7))
		return header(p, rest);
	if (p->skipping) {
		if (is_end)
			p->skipping = false;
		return LP_HP_MORE;
	}
	if (is_end || (toklen == 5 && !memcmp(s, "stuck", 5))) {
		if (*rest)
			return fail(p, "unexpected text after '%s': write '%s' alone on its line",
				    s, s);
		if (!p->in_hist)
			return fail(p,
				    "'%s' outside a history: add a 'history serial' or 'history "
				    "concurrent' line before it",
				    s);
		if (*s == 'e')
			return finish(p);
		if (p->h.stuck)
			return fail(p, "second 'stuck' line: write it once, before 'end'");
		p->h.stuck = true;
		return LP_HP_MORE;
	}
	return event(p, s, toklen, rest, (size_t)(buf + n - rest));
}

enum lp_hp_status lp_hist_parse_eof(struct lp_hist_parser *p)
{
	if (p->in_hist)
		return fail(p, "history at line %u has no 'end' line: the input ends inside it",
			    p->h.line);
	return LP_HP_MORE;
}
