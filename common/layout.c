/* common/layout.c — struct layouts passed by value: classification, text forms, values. */
#include "lineup/layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"

unsigned lp_layout_kind_size(enum lp_kind k)
{
	switch (k) {
	case LP_K_I1:
	case LP_K_U1:
	case LP_K_BOOL:
		return 1;
	case LP_K_I2:
	case LP_K_U2:
		return 2;
	case LP_K_I4:
	case LP_K_U4:
	case LP_K_F4:
		return 4;
	case LP_K_I8:
	case LP_K_U8:
	case LP_K_PTR:
	case LP_K_F8:
		return 8;
	default:
		return 0;
	}
}

void lp_layout_classify(struct lp_layout *l)
{
	l->memory = l->size > 16 || l->size == 0;
	l->n_eight = (uint8_t)((l->size + 7) / 8);
	bool integer[2] = {false, false};
	for (int i = 0; i < l->n; i++) {
		unsigned sz = lp_layout_kind_size(l->leaf[i].kind), off = l->leaf[i].off;
		if (!sz || off % sz || off + sz > l->size)
			l->memory = 1; /* packed: unaligned members */
		else if (off / 8 < 2 && l->leaf[i].kind != LP_K_F4 && l->leaf[i].kind != LP_K_F8)
			integer[off / 8] = true;
	}
	if (l->memory)
		l->n_eight = 0;
	for (int e = 0; e < 2; e++)
		l->sse[e] = !l->memory && e < l->n_eight && !integer[e];
}

int lp_layout_top_members(const struct lp_layout *l)
{
	int n = 0, depth = 0;
	for (int i = 0; i < l->n; i++) {
		if (depth == 0)
			n++;
		depth += l->leaf[i].open - l->leaf[i].close;
	}
	return n;
}

void lp_layout_member(const struct lp_layout *l, int m, int *first, int *count)
{
	int n = -1, depth = 0;
	*first = *count = 0;
	for (int i = 0; i < l->n; i++) {
		if (depth == 0 && ++n == m)
			*first = i;
		if (n == m)
			++*count;
		depth += l->leaf[i].open - l->leaf[i].close;
	}
}

void lp_layout_token(const struct lp_layout *l, char *buf, size_t n)
{
	char cl[3] = "m";
	if (!l->memory)
		for (int e = 0; e < l->n_eight; e++)
			cl[e] = l->sse[e] ? 's' : 'i', cl[e + 1] = 0;
	snprintf(buf, n, "S%u:%s", (unsigned)l->size, cl);
}

void lp_layout_text(const struct lp_layout *l, char *buf, size_t n)
{
	size_t o = 0;
	lp_layout_token(l, buf, n);
	o = strlen(buf);
	for (int i = 0; i < l->n && o < n; i++)
		o += (size_t)snprintf(buf + o, n - o, ":%u.%u.%u.%u", (unsigned)l->leaf[i].off,
				      (unsigned)l->leaf[i].kind, (unsigned)l->leaf[i].open,
				      (unsigned)l->leaf[i].close);
	if (o + 1 < n)
		buf[o++] = '=', buf[o] = 0;
	for (const char *c = l->ctype; *c && o + 1 < n; c++)
		buf[o++] = *c == ' ' ? '+' : *c, buf[o] = 0;
}

int lp_layout_parse(const char *s, struct lp_layout *l)
{
	memset(l, 0, sizeof *l);
	char *end;
	if (*s++ != 'S')
		return -1;
	unsigned long size = strtoul(s, &end, 10);
	if (end == s || size == 0 || size > LP_MAX_STRUCT || *end != ':')
		return -1;
	l->size = (uint16_t)size;
	s = end + 1;
	while (*s == 'i' || *s == 's' || *s == 'm')
		s++;
	while (*s == ':') {
		unsigned v[4];
		int used = 0;
		if (l->n == LP_LAYOUT_MAX_LEAVES ||
		    sscanf(s, ":%u.%u.%u.%u%n", &v[0], &v[1], &v[2], &v[3], &used) != 4 ||
		    v[0] >= size || !lp_layout_kind_size((enum lp_kind)v[1]) || v[2] > 255 ||
		    v[3] > 255)
			return -1;
		l->leaf[l->n++] = (struct lp_layout_leaf){(uint16_t)v[0], (uint8_t)v[1],
							  (uint8_t)v[2], (uint8_t)v[3]};
		s += used;
	}
	if (*s == '=') {
		size_t i = 0;
		for (s++; *s && i + 1 < sizeof l->ctype; s++)
			l->ctype[i++] = *s == '+' ? ' ' : *s;
		l->ctype[i] = 0;
	}
	if (*s || !l->n)
		return -1;
	lp_layout_classify(l);
	return 0;
}

void lp_layout_format(const struct lp_layout *l, const unsigned char *bytes, lp_layout_fmt_fn fmt,
		      char *buf, size_t n)
{
	size_t o = 0;
	char v[64];
#define PUT(s)                                                                                     \
	do {                                                                                       \
		size_t k_ = strlen(s);                                                             \
		if (o + k_ < n)                                                                    \
			memcpy(buf + o, s, k_ + 1), o += k_;                                       \
	} while (0)
	if (!n)
		return;
	buf[0] = 0;
	PUT("{");
	for (int i = 0; i < l->n; i++) {
		const struct lp_layout_leaf *f = &l->leaf[i];
		if (i)
			PUT(", ");
		for (int k = 0; k < f->open; k++)
			PUT("{");
		uint64_t raw = 0;
		memcpy(&raw, bytes + f->off, lp_layout_kind_size((enum lp_kind)f->kind));
		fmt((enum lp_kind)f->kind, raw, NULL, 0, false, v, sizeof v);
		PUT(v);
		for (int k = 0; k < f->close; k++)
			PUT("}");
	}
	PUT("}");
#undef PUT
}

static struct lp_layout **interned;
static size_t n_interned;

const struct lp_layout *lp_layout_intern(const struct lp_layout *l)
{
	for (size_t i = 0; i < n_interned; i++)
		if (!memcmp(interned[i], l, sizeof *l))
			return interned[i];
	interned = lp_xrealloc(interned, sizeof *interned * (n_interned + 1));
	interned[n_interned] = lp_xcalloc(1, sizeof *l);
	memcpy(interned[n_interned], l, sizeof *l);
	return interned[n_interned++];
}
