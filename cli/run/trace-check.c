/* cli/run/trace-check.c — a trace's maximal histories as texts (see trace-check.h). */
#include "trace-check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/buf.h"
#include "lineup/die.h"

/* Splits a history text into its header line, its event lines and the rest ("stuck",
 * "end"): *lines points into text, each line with its newline. */
struct split {
	const char *header;
	size_t header_len;
	const char **line;
	size_t *len, n;
	const char *tail;
};

static bool event_line(const char *p, size_t n)
{
	const char *sp = memchr(p, ' ', n);
	return sp && ((size_t)(p + n - sp) > 5 &&
		      (!strncmp(sp, " call ", 6) || !strncmp(sp, " ret ", 5)));
}

static void split(const char *text, struct split *s)
{
	memset(s, 0, sizeof *s);
	const char *p = text;
	const char *nl = strchr(p, '\n');
	s->header = p;
	s->header_len = nl ? (size_t)(nl - p) : strlen(p);
	p = nl ? nl + 1 : p + s->header_len;
	size_t cap = 0;
	while (*p) {
		nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl + 1 - p) : strlen(p);
		if (!event_line(p, n))
			break;
		if (s->n == cap) {
			cap = cap ? 2 * cap : 32;
			s->line = lp_xrealloc(s->line, cap * sizeof *s->line);
			s->len = lp_xrealloc(s->len, cap * sizeof *s->len);
		}
		s->line[s->n] = p;
		s->len[s->n++] = n;
		p += n;
	}
	s->tail = p;
}

static void split_free(struct split *s)
{
	free(s->line);
	free(s->len);
}

int lp_trace_histories(const char *history, const void *log, size_t len,
		       const struct lp_exec_log *elog, enum lp_reduction mode,
		       struct lp_trace_histories *out, char *err, size_t errsize)
{
	memset(out, 0, sizeof *out);
	if (lp_shmlog_events(log, len, &out->ev, &out->nev, err, errsize))
		return -1;
	struct split s;
	split(history, &s);
	if (s.n != out->nev) {
		split_free(&s);
		lp_trace_histories_clear(out);
		return lp_errf(err, errsize,
			       "the history has %zu call and return lines for %zu records", s.n,
			       out->nev);
	}
	out->nd = elog->n_decisions;
	out->d = lp_xcalloc(out->nd ? out->nd : 1, sizeof *out->d);
	for (size_t k = 0; k < out->nd; k++) {
		out->d[k] = elog->decisions[k];
		out->d[k].candidates = NULL; /* in the shared area: not needed past this point */
	}
	if (lp_hist_orders(out->d, out->nd, mode, out->ev, out->nev, LP_TRACE_MAX_HISTORIES,
			   &out->orders)) {
		split_free(&s);
		lp_trace_histories_clear(out);
		return lp_errf(err, errsize,
			       "an execution's trace has more than %d histories with the most "
			       "real-time order",
			       LP_TRACE_MAX_HISTORIES);
	}
	out->n = out->orders.n;
	out->text = lp_xcalloc(out->n ? out->n : 1, sizeof *out->text);
	out->own = lp_xcalloc(out->n ? out->n : 1, sizeof *out->own);
	for (size_t i = 0; i < out->n; i++) {
		const uint32_t *perm = out->orders.perm + i * out->nev;
		bool own = true;
		for (size_t j = 0; j < out->nev; j++)
			own &= perm[j] == j;
		out->own[i] = own;
		if (own) {
			out->text[i] = lp_xstrdup(history);
			continue;
		}
		/* "history concurrent schedule=S": this order is one of S's trace */
		struct lp_buf b = {0};
		const char *sched = memmem(s.header, s.header_len, " schedule=", 10);
		if (sched)
			lp_buf_printf(&b, "history concurrent trace-of=%.*s\n",
				      (int)(s.header + s.header_len - sched - 10), sched + 10);
		else
			lp_buf_printf(&b, "%.*s\n", (int)s.header_len, s.header);
		for (size_t j = 0; j < out->nev; j++)
			lp_buf_printf(&b, "%.*s", (int)s.len[perm[j]], s.line[perm[j]]);
		lp_buf_puts(&b, s.tail);
		out->text[i] = lp_buf_take(&b);
	}
	split_free(&s);
	return 0;
}

void lp_trace_histories_clear(struct lp_trace_histories *th)
{
	for (size_t i = 0; i < th->n; i++)
		free(th->text[i]);
	free(th->text);
	free(th->own);
	free(th->d);
	free(th->ev);
	lp_hist_orders_clear(&th->orders);
	memset(th, 0, sizeof *th);
}

int lp_trace_schedule(const struct lp_trace_histories *th, size_t i, enum lp_reduction mode,
		      struct lp_schedule *out)
{
	if (i >= th->n)
		return -1;
	return lp_hist_order_schedule(th->d, th->nd, mode, th->ev, th->nev,
				      th->orders.perm + i * th->nev, out);
}

bool lp_history_same_events(const char *a, const char *b)
{
	const char *pa = strchr(a, '\n'), *pb = strchr(b, '\n');
	return pa && pb && !strcmp(pa, pb);
}
