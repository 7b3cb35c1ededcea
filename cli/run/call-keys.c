/* cli/run/call-keys.c — per-thread call keys of histories and a set of keys (see call-keys.h). */
#include "call-keys.h"

#include <stdlib.h>
#include <string.h>

#include "lineup/die.h"
#include "lineup/hash.h"

struct call_line {
	const char *tid, *line;
	size_t tid_len, len, order;
};

static int by_thread(const void *a, const void *b)
{
	const struct call_line *x = a, *y = b;
	size_t n = x->tid_len < y->tid_len ? x->tid_len : y->tid_len;
	int c = memcmp(x->tid, y->tid, n);
	if (c)
		return c;
	if (x->tid_len != y->tid_len)
		return x->tid_len < y->tid_len ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order; /* each thread's calls in order */
}

uint64_t lp_calls_key(const char *history)
{
	struct call_line *v = NULL;
	size_t n = 0, cap = 0;
	for (const char *p = history; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		const char *sp = memchr(p, ' ', len);
		if (sp && len - (size_t)(sp - p) > 6 && !memcmp(sp, " call ", 6)) {
			if (n == cap) {
				cap = cap ? 2 * cap : 16;
				v = lp_xrealloc(v, cap * sizeof *v);
			}
			v[n] = (struct call_line){p, p, (size_t)(sp - p), len, n};
			n++;
		}
		p += len + (nl ? 1 : 0);
	}
	qsort(v, n, sizeof *v, by_thread);
	uint64_t h = LP_FNV_OFFSET;
	for (size_t i = 0; i < n; i++)
		h = lp_hash_fnv1a(lp_hash_fnv1a(h, v[i].line, v[i].len), "\n", 1);
	free(v);
	return h | 1;
}

static void put(uint64_t *t, size_t cap, uint64_t key)
{
	for (size_t j = key % cap;; j = (j + 1) % cap)
		if (!t[j]) {
			t[j] = key;
			return;
		}
}

bool lp_keyset_has(const struct lp_keyset *s, uint64_t key)
{
	if (!s->cap)
		return false;
	for (size_t j = key % s->cap;; j = (j + 1) % s->cap) {
		if (s->v[j] == key)
			return true;
		if (!s->v[j])
			return false;
	}
}

bool lp_keyset_add(struct lp_keyset *s, uint64_t key)
{
	if (lp_keyset_has(s, key))
		return false;
	if ((s->n + 1) * 2 > s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 1024;
		uint64_t *t = lp_xcalloc(cap, sizeof *t);
		for (size_t i = 0; i < s->cap; i++)
			if (s->v[i])
				put(t, cap, s->v[i]);
		free(s->v);
		s->v = t;
		s->cap = cap;
	}
	put(s->v, s->cap, key);
	s->n++;
	return true;
}

void lp_keyset_clear(struct lp_keyset *s)
{
	free(s->v);
	memset(s, 0, sizeof *s);
}
