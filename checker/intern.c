/* checker/intern.c — string table: chained hash whose newest entries head their chains,
 * so dropping the newest entries (rollback) is a pop from each chain. */
#include "checker/intern.h"
#include "lineup/die.h"

#include <stdlib.h>
#include <string.h>

struct entry {
	uint64_t off; /* into chars */
	uint32_t len;
	uint32_t hash;
	uint32_t next; /* chain, LP_NO_STR ends */
};

struct lp_intern {
	char *chars;
	uint64_t nchars, capchars;
	struct entry *e;
	uint32_t n, cap;
	uint32_t *heads;
	uint32_t nheads; /* power of two */
};

/* Eight bytes a step (event texts are tens of bytes; a byte-wise FNV was the checker's
 * hottest loop): multiply-xorshift per word, the length mixed in, a final avalanche. */
static uint32_t hash(const char *s, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ len, w;
	while (len >= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 29;
		s += 8, len -= 8;
	}
	if (len) {
		w = 0;
		memcpy(&w, s, len);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
	}
	h ^= h >> 32;
	h *= 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 29;
	return (uint32_t)h;
}

struct lp_intern *lp_intern_new(void)
{
	struct lp_intern *t = lp_xcalloc(1, sizeof(*t));
	t->nheads = 1024;
	t->heads = lp_xmalloc(t->nheads * sizeof(*t->heads));
	memset(t->heads, 0xff, t->nheads * sizeof(*t->heads));
	return t;
}

void lp_intern_free(struct lp_intern *t)
{
	if (!t)
		return;
	free(t->chars);
	free(t->e);
	free(t->heads);
	free(t);
}

static void rehash(struct lp_intern *t)
{
	t->nheads *= 2;
	t->heads = lp_xrealloc(t->heads, t->nheads * sizeof(*t->heads));
	memset(t->heads, 0xff, t->nheads * sizeof(*t->heads));
	/* in id order, so each chain stays newest-first */
	for (uint32_t i = 0; i < t->n; i++) {
		uint32_t b = t->e[i].hash & (t->nheads - 1);
		t->e[i].next = t->heads[b];
		t->heads[b] = i;
	}
}

static uint32_t find_hashed(const struct lp_intern *t, const char *s, size_t len, uint32_t h)
{
	for (uint32_t i = t->heads[h & (t->nheads - 1)]; i != LP_NO_STR; i = t->e[i].next)
		if (t->e[i].hash == h && t->e[i].len == len &&
		    !memcmp(t->chars + t->e[i].off, s, len))
			return i;
	return LP_NO_STR;
}

uint32_t lp_intern_find(const struct lp_intern *t, const char *s, size_t len)
{
	return find_hashed(t, s, len, hash(s, len));
}

uint32_t lp_intern_add(struct lp_intern *t, const char *s, size_t len)
{
	uint32_t h = hash(s, len);
	uint32_t id = find_hashed(t, s, len, h);
	if (id != LP_NO_STR)
		return id;
	BUG_ON(len > UINT32_MAX || t->n >= UINT32_MAX - 1);
	if (t->nchars + len + 1 > t->capchars) {
		uint64_t cap = t->capchars ? t->capchars : 4096;
		while (cap < t->nchars + len + 1)
			cap *= 2;
		t->chars = lp_xrealloc(t->chars, cap);
		t->capchars = cap;
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->e = lp_xrealloc(t->e, t->cap * sizeof(*t->e));
	}
	struct entry *e = &t->e[t->n];
	e->off = t->nchars;
	e->len = (uint32_t)len;
	e->hash = h;
	memcpy(t->chars + t->nchars, s, len);
	t->chars[t->nchars + len] = 0;
	t->nchars += len + 1;
	uint32_t b = e->hash & (t->nheads - 1);
	e->next = t->heads[b];
	t->heads[b] = t->n;
	id = t->n++;
	if (t->n > t->nheads)
		rehash(t);
	return id;
}

const char *lp_intern_str(const struct lp_intern *t, uint32_t id)
{
	BUG_ON(id >= t->n);
	return t->chars + t->e[id].off;
}

uint32_t lp_intern_count(const struct lp_intern *t) { return t->n; }

void lp_intern_rollback(struct lp_intern *t, uint32_t mark)
{
	BUG_ON(mark > t->n);
	while (t->n > mark) {
		struct entry *e = &t->e[t->n - 1];
		uint32_t b = e->hash & (t->nheads - 1);
		BUG_ON(t->heads[b] != t->n - 1);
		t->heads[b] = e->next;
		t->nchars = e->off;
		t->n--;
	}
}
