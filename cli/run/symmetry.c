/* cli/run/symmetry.c — see symmetry.h. */
#include "cli/run/symmetry.h"

#include <stdlib.h>
#include <string.h>

#include "lineup/buf.h"
#include "lineup/die.h"

/* One thread's events in a history: its call and return texts, in order. */
struct thread_events {
	char tid[LP_TID_STRLEN];
	struct lp_buf calls; /* call texts, '\n'-separated */
	char **seq;	     /* alternately call and ret texts */
	size_t n_seq;
};

struct threads {
	struct thread_events *t;
	size_t n;
};

static struct thread_events *thread_named(struct threads *ts, const char *tid, size_t len)
{
	for (size_t i = 0; i < ts->n; i++)
		if (strlen(ts->t[i].tid) == len && !memcmp(ts->t[i].tid, tid, len))
			return &ts->t[i];
	if (len >= LP_TID_STRLEN)
		return NULL;
	ts->t = lp_xrealloc(ts->t, sizeof *ts->t * (ts->n + 1));
	struct thread_events *e = &ts->t[ts->n++];
	memset(e, 0, sizeof *e);
	memcpy(e->tid, tid, len);
	return e;
}

static void read_threads(const char *h, struct threads *ts)
{
	memset(ts, 0, sizeof *ts);
	for (const char *line = h; *line;) {
		size_t len = strcspn(line, "\n");
		const char *sp = memchr(line, ' ', len);
		if (sp && (size_t)(sp - line) + 5 < len &&
		    (!memcmp(sp, " call ", 6) || !memcmp(sp, " ret ", 5))) {
			struct thread_events *e = thread_named(ts, line, (size_t)(sp - line));
			bool call = sp[1] == 'c';
			const char *text = sp + (call ? 6 : 5);
			size_t tl = len - (size_t)(text - line);
			if (e) {
				if (call) {
					lp_buf_add(&e->calls, text, tl);
					lp_buf_add(&e->calls, "\n", 1);
				}
				e->seq = lp_xrealloc(e->seq, sizeof *e->seq * (e->n_seq + 1));
				e->seq[e->n_seq++] = strndup(text, tl);
			}
		}
		line += len + (line[len] == '\n');
	}
}

static void free_threads(struct threads *ts)
{
	for (size_t i = 0; i < ts->n; i++) {
		lp_buf_free(&ts->t[i].calls);
		for (size_t k = 0; k < ts->t[i].n_seq; k++)
			free(ts->t[i].seq[k]);
		free(ts->t[i].seq);
	}
	free(ts->t);
}

static bool has_children(const struct threads *ts, const char *tid)
{
	size_t l = strlen(tid);
	for (size_t i = 0; i < ts->n; i++)
		if (!strncmp(ts->t[i].tid, tid, l) && ts->t[i].tid[l] == '.')
			return true;
	return false;
}

size_t lp_symmetry_groups(const char *history, struct lp_symmetry_member *m, size_t max)
{
	struct threads ts;
	read_threads(history, &ts);
	size_t n = 0;
	int group = 0;
	bool *done = lp_xcalloc(ts.n + 1, sizeof *done);
	for (size_t i = 0; i < ts.n; i++) {
		lp_tid_t ti;
		if (done[i] || lp_tid_parse(ts.t[i].tid, &ti) || lp_tid_depth(ti) != 1 ||
		    has_children(&ts, ts.t[i].tid) || !ts.t[i].calls.len)
			continue;
		size_t in_group = 0, start = n;
		for (size_t j = i; j < ts.n && n < max; j++) {
			lp_tid_t tj;
			if (done[j] || lp_tid_parse(ts.t[j].tid, &tj) || lp_tid_depth(tj) != 1 ||
			    has_children(&ts, ts.t[j].tid) ||
			    strcmp(lp_buf_str(&ts.t[j].calls), lp_buf_str(&ts.t[i].calls)))
				continue;
			done[j] = true;
			if (in_group == LP_SYMMETRY_GROUP_MAX)
				group++, in_group = 0, start = n;
			m[n++] = (struct lp_symmetry_member){.tid = tj, .group = group};
			in_group++;
		}
		if (n - start == 1) /* a group of one is no symmetry */
			n--;
		group++;
	}
	free(done);
	free_threads(&ts);
	/* members of a group by tid (groups stay in place: insertion sort by (group, tid)) */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && m[j - 1].group == m[j].group && m[j - 1].tid > m[j].tid;
		     j--) {
			struct lp_symmetry_member t = m[j];
			m[j] = m[j - 1], m[j - 1] = t;
		}
	return n;
}

static struct thread_events *member_events(struct threads *ts, lp_tid_t tid)
{
	char buf[LP_TID_STRLEN];
	lp_tid_format(tid, buf);
	for (size_t i = 0; i < ts->n; i++)
		if (!strcmp(ts->t[i].tid, buf))
			return &ts->t[i];
	return NULL;
}

bool lp_symmetry_consistent(const char *history, const struct lp_symmetry_member *m, size_t n)
{
	struct threads ts;
	read_threads(history, &ts);
	bool ok = true;
	for (size_t a = 0; a < n && ok; a++)
		for (size_t b = a + 1; b < n && ok; b++) {
			if (m[a].group != m[b].group)
				continue;
			struct thread_events *x = member_events(&ts, m[a].tid),
					     *y = member_events(&ts, m[b].tid);
			if (!x || !y)
				continue;
			/* the same results so far, then the same next call */
			for (size_t k = 0; k < x->n_seq && k < y->n_seq; k++) {
				bool is_call = k % 2 == 0;
				if (strcmp(x->seq[k], y->seq[k])) {
					if (is_call)
						ok = false;
					break;
				}
			}
		}
	free_threads(&ts);
	return ok;
}

char *lp_symmetry_canonical(const char *request, const struct lp_symmetry_member *m, size_t n)
{
	lp_tid_t to[64];       /* member i's new name; 0 until it first appears */
	size_t used[64] = {0}; /* per group start: members named so far */
	memset(to, 0, sizeof to);
	if (n > 64) /* more than lp_symmetry_groups gives: no renaming */
		n = 0;
	struct lp_buf b = {0};
	for (const char *p = request; *p;) {
		size_t sp = strspn(p, " \n"), tok;
		lp_buf_add(&b, p, sp);
		p += sp;
		if (!*p)
			break;
		tok = strcspn(p, " \n");
		char name[LP_TID_STRLEN];
		lp_tid_t tid;
		size_t i = n;
		if (tok < sizeof name) {
			memcpy(name, p, tok);
			name[tok] = 0;
			if (!lp_tid_parse(name, &tid))
				for (i = 0; i < n && m[i].tid != tid; i++)
					;
		}
		if (i < n) {
			size_t g = i;
			while (g > 0 && m[g - 1].group == m[i].group)
				g--;
			if (!to[i])
				to[i] = m[g + used[g]++].tid;
			lp_buf_puts(&b, lp_tid_format(to[i], name));
		} else
			lp_buf_add(&b, p, tok);
		p += tok;
	}
	return lp_buf_take(&b);
}

/* The next permutation of p[0..n-1] in lexicographic order; false after the last. */
static bool next_perm(int *p, int n)
{
	int i = n - 2;
	while (i >= 0 && p[i] >= p[i + 1])
		i--;
	if (i < 0)
		return false;
	int j = n - 1;
	while (p[j] <= p[i])
		j--;
	int t = p[i];
	p[i] = p[j], p[j] = t;
	for (int a = i + 1, b = n - 1; a < b; a++, b--)
		t = p[a], p[a] = p[b], p[b] = t;
	return true;
}

static void relabel_one(const char *history, const lp_tid_t *from, const lp_tid_t *to, size_t n,
			struct lp_buf *out)
{
	char fs[64][LP_TID_STRLEN], ts[64][LP_TID_STRLEN];
	for (size_t i = 0; i < n; i++)
		lp_tid_format(from[i], fs[i]), lp_tid_format(to[i], ts[i]);
	lp_buf_reset(out);
	for (const char *line = history; *line;) {
		size_t len = strcspn(line, "\n");
		size_t tok = strcspn(line, " \n");
		size_t i = 0;
		while (i < n && (strlen(fs[i]) != tok || memcmp(fs[i], line, tok)))
			i++;
		if (i < n) {
			lp_buf_puts(out, ts[i]);
			lp_buf_add(out, line + tok, len - tok);
		} else if (!strncmp(line, "history ", 8)) {
			const char *sch = memmem(line, len, " schedule=", 10);
			if (sch) {
				lp_buf_add(out, line, (size_t)(sch - line));
				lp_buf_puts(out, " symmetric-to=");
				lp_buf_add(out, sch + 10, len - (size_t)(sch + 10 - line));
			} else
				lp_buf_add(out, line, len);
		} else
			lp_buf_add(out, line, len);
		lp_buf_puts(out, "\n");
		line += len + (line[len] == '\n');
	}
}

size_t lp_symmetry_relabel(const char *history, const struct lp_symmetry_member *m, size_t n,
			   void (*f)(const char *history, void *ctx), void *ctx)
{
	/* groups as index ranges; members of one group are adjacent (lp_symmetry_groups) */
	size_t start[64], len[64], ng = 0;
	for (size_t i = 0; i < n && n <= 64; i++) {
		if (i == 0 || m[i].group != m[i - 1].group)
			start[ng] = i, len[ng++] = 0;
		len[ng - 1]++;
	}
	int perm[64];
	for (size_t i = 0; i < n; i++)
		perm[i] = (int)(i - start[0]); /* fixed below per group */
	for (size_t g = 0; g < ng; g++)
		for (size_t i = 0; i < len[g]; i++)
			perm[start[g] + i] = (int)i;
	lp_tid_t from[64], to[64];
	struct lp_buf out = {0};
	size_t count = 0;
	for (;;) { /* odometer over the groups' permutations */
		size_t g = 0;
		while (g < ng && !next_perm(perm + start[g], (int)len[g])) {
			for (size_t i = 0; i < len[g]; i++) /* wrapped around: back to identity */
				perm[start[g] + i] = (int)i;
			g++;
		}
		if (g == ng)
			break;
		for (size_t i = 0; i < n; i++) {
			size_t gi = 0;
			while (!(i >= start[gi] && i < start[gi] + len[gi]))
				gi++;
			from[i] = m[i].tid;
			to[i] = m[start[gi] + (size_t)perm[i]].tid;
		}
		relabel_one(history, from, to, n, &out);
		f(lp_buf_str(&out), ctx);
		count++;
	}
	lp_buf_free(&out);
	return count;
}
