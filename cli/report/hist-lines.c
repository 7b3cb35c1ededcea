/* cli/report/hist-lines.c — a history's events as a list (hist-lines.h). */
#include "hist-lines.h"

#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"

static char *dup_n(const char *s, size_t n)
{
	char *r = lp_xmalloc(n + 1);
	memcpy(r, s, n);
	r[n] = 0;
	return r;
}

/* One "T call X" or "T ret V" line (without its newline) appended to h; 0 when it is one. */
static int event_line(const char *s, size_t n, struct lp_hlines *h)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	const char *sp = memchr(s, ' ', n);
	if (!sp)
		return -1;
	size_t tl = (size_t)(sp - s), rest = n - tl - 1;
	const char *k = sp + 1;
	bool ret;
	if (rest >= 4 && !memcmp(k, "ret ", 4))
		ret = true;
	else if (rest >= 5 && !memcmp(k, "call ", 5))
		ret = false;
	else
		return -1;
	const char *text = k + (ret ? 4 : 5);
	struct lp_hline e = {.tid = dup_n(s, tl),
			     .ret = ret,
			     .text = dup_n(text, n - (size_t)(text - s)),
			     .ret_ev = (size_t)-1};
	e.op = h->n;
	if (ret) /* the pending call of the same thread */
		for (size_t i = h->n; i-- > 0;)
			if (!h->ev[i].ret && h->ev[i].ret_ev == (size_t)-1 &&
			    !strcmp(h->ev[i].tid, e.tid)) {
				e.op = i;
				h->ev[i].ret_ev = h->n;
				break;
			}
	if (ret && e.op == h->n) { /* a return without a call: not an event of this history */
		free(e.tid);
		free(e.text);
		return -1;
	}
	h->ev = lp_xrealloc(h->ev, (h->n + 1) * sizeof *h->ev);
	h->ev[h->n++] = e;
	return 0;
}

void lp_hlines_parse(const char *text, struct lp_hlines *out)
{
	memset(out, 0, sizeof *out);
	bool started = false;
	for (const char *p = text; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		const char *s = p;
		size_t m = n;
		while (m && (*s == ' ' || *s == '\t'))
			s++, m--;
		p = nl ? nl + 1 : NULL;
		if (!m || *s == '#' || !event_line(s, m, out))
			continue;
		if (m >= 7 && !memcmp(s, "history", 7)) {
			if (started)
				break; /* the next history */
			started = true;
		} else if (m >= 5 && !memcmp(s, "stuck", 5)) {
			out->stuck = true;
		} else if (m >= 3 && !memcmp(s, "end", 3)) {
			break;
		}
	}
}

void lp_hlines_free(struct lp_hlines *h)
{
	for (size_t i = 0; i < h->n; i++) {
		free(h->ev[i].tid);
		free(h->ev[i].text);
	}
	free(h->ev);
	memset(h, 0, sizeof *h);
}

char *lp_hline_func(const char *call)
{
	const char *par = strchr(call, '(');
	return dup_n(call, par ? (size_t)(par - call) : strlen(call));
}
