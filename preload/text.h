/* preload/text.h — bounded text building without stdio, for error lines written from the
 * preload (hook path: async-signal-safe, no allocation). */
#ifndef LP_PRELOAD_TEXT_H
#define LP_PRELOAD_TEXT_H

#include <stddef.h>
#include <stdint.h>

struct lp_text {
	char *buf;
	size_t cap; /* including the NUL */
	size_t len;
};

static inline void lp_text_init(struct lp_text *t, char *buf, size_t cap)
{
	t->buf = buf;
	t->cap = cap;
	t->len = 0;
	if (cap)
		buf[0] = 0;
}

static inline void lp_text_mem(struct lp_text *t, const char *s, size_t n)
{
	for (size_t i = 0; i < n && t->len + 1 < t->cap; i++)
		t->buf[t->len++] = s[i];
	if (t->cap)
		t->buf[t->len] = 0;
}

static inline void lp_text_str(struct lp_text *t, const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	lp_text_mem(t, s, n);
}

static inline void lp_text_dec(struct lp_text *t, uint64_t v)
{
	char d[24];
	int n = 0;
	do
		d[n++] = (char)('0' + v % 10);
	while ((v /= 10));
	while (n)
		lp_text_mem(t, &d[--n], 1);
}

static inline void lp_text_hex(struct lp_text *t, uint64_t v)
{
	char d[20];
	int n = 0;
	do
		d[n++] = "0123456789abcdef"[v & 15];
	while ((v >>= 4));
	lp_text_str(t, "0x");
	while (n)
		lp_text_mem(t, &d[--n], 1);
}

#endif
