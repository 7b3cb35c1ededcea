/* checker/intern.c — string table: open addressing with linear probing, each bucket holding
 * an id and its string's hash. Entries are only ever dropped newest first (rollback), and
 * with linear probing that is exact: the newest entry's bucket is on no older entry's probe
 * sequence, so emptying it leaves the table as it was before the entry was added. */
#include "checker/intern.h"
#include "lineup/die.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	uint64_t off; /* into chars */
	uint32_t len;
	uint32_t hash;
};

struct bucket {
	uint32_t hash;
	uint32_t id1; /* id + 1; 0 = empty */
};

struct lp_intern {
	char *chars;
	uint64_t nchars, capchars;
	struct entry *e;
	uint32_t n, cap;
	struct bucket *buckets;
	uint32_t nbuckets; /* power of two, at least twice n */
};

static uint64_t load64(const char *s)
{
	uint64_t w;
	memcpy(&w, s, 8);
	return w;
}

static uint64_t load32(const char *s)
{
	uint32_t w;
	memcpy(&w, s, 4);
	return w;
}

/* Both halves of the 128-bit product folded together. */
static uint64_t mix(uint64_t a, uint64_t b)
{
	unsigned __int128 r = (unsigned __int128)a * b;
	return (uint64_t)r ^ (uint64_t)(r >> 64);
}

static const uint64_t k0 = 0x9e3779b97f4a7c15ull, k1 = 0xbf58476d1ce4e5b9ull,
		      k2 = 0x94d049bb133111ebull;

/* Texts are short (thread ids, calls and results of tens of bytes; this was the checker's
 * hottest loop): up to 16 bytes are two overlapping loads, longer texts add one
 * multiplication per 16 bytes, and no load crosses the end of the text. */
static uint32_t hash(const char *s, size_t len)
{
	uint64_t a, b, h = k0 ^ len;
	if (len > 16) {
		for (size_t i = 0; i + 16 < len; i += 16)
			h = mix(load64(s + i) ^ k1, load64(s + i + 8) ^ h);
		a = load64(s + len - 16);
		b = load64(s + len - 8);
	} else if (len >= 8) {
		a = load64(s);
		b = load64(s + len - 8);
	} else if (len >= 4) {
		a = load32(s);
		b = load32(s + len - 4);
	} else {
		a = len ? (uint64_t)(unsigned char)s[0] << 16 |
			      (uint64_t)(unsigned char)s[len / 2] << 8 | (unsigned char)s[len - 1]
			: 0;
		b = 0;
	}
	h = mix(a ^ k1, b ^ h);
	h = mix(h ^ k2, k0);
	return (uint32_t)(h ^ h >> 32);
}

/* memcmp for the short texts here, without a library call. */
static bool same(const char *x, const char *y, size_t len)
{
	if (len > 32)
		return !memcmp(x, y, len);
	if (len >= 8) {
		for (size_t i = 0; i + 8 < len; i += 8)
			if (load64(x + i) != load64(y + i))
				return false;
		return load64(x + len - 8) == load64(y + len - 8);
	}
	if (len >= 4)
		return load32(x) == load32(y) && load32(x + len - 4) == load32(y + len - 4);
	for (size_t i = 0; i < len; i++)
		if (x[i] != y[i])
			return false;
	return true;
}

struct lp_intern *lp_intern_new(void)
{
	struct lp_intern *t = lp_xcalloc(1, sizeof(*t));
	t->nbuckets = 1024;
	t->buckets = lp_xcalloc(t->nbuckets, sizeof(*t->buckets));
	return t;
}

void lp_intern_free(struct lp_intern *t)
{
	if (!t)
		return;
	free(t->chars);
	free(t->e);
	free(t->buckets);
	free(t);
}

static uint32_t first_empty(const struct lp_intern *t, uint32_t h)
{
	uint32_t mask = t->nbuckets - 1, i = h & mask;
	while (t->buckets[i].id1)
		i = (i + 1) & mask;
	return i;
}

/* In id order, so the table is the one inserting every entry in turn gives (rollback
 * relies on that). */
static void grow(struct lp_intern *t)
{
	free(t->buckets);
	t->nbuckets *= 2;
	t->buckets = lp_xcalloc(t->nbuckets, sizeof(*t->buckets));
	for (uint32_t id = 0; id < t->n; id++)
		t->buckets[first_empty(t, t->e[id].hash)] = (struct bucket){t->e[id].hash, id + 1};
}

static uint32_t find_hashed(const struct lp_intern *t, const char *s, size_t len, uint32_t h)
{
	uint32_t mask = t->nbuckets - 1;
	for (uint32_t i = h & mask; t->buckets[i].id1; i = (i + 1) & mask) {
		if (t->buckets[i].hash != h)
			continue;
		const struct entry *e = &t->e[t->buckets[i].id1 - 1];
		if (e->len == len && same(t->chars + e->off, s, len))
			return t->buckets[i].id1 - 1;
	}
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
	id = t->n++;
	t->buckets[first_empty(t, h)] = (struct bucket){h, id + 1};
	if ((uint64_t)t->n * 2 > t->nbuckets)
		grow(t);
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
	uint32_t mask = t->nbuckets - 1;
	while (t->n > mark) {
		struct entry *e = &t->e[t->n - 1];
		uint32_t i = e->hash & mask;
		while (t->buckets[i].id1 != t->n) {
			BUG_ON(!t->buckets[i].id1);
			i = (i + 1) & mask;
		}
		t->buckets[i].id1 = 0;
		t->nchars = e->off;
		t->n--;
	}
}
