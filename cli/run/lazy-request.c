/* cli/run/lazy-request.c — the pure half of lazy-run.h: counting serial orders, a request
 * into the shared area's order, a history's call order as a request. */
#include "lazy-run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/buf.h"

/* The thread of a history line "TID call ..." (length in *n), or NULL for other lines. */
static const char *call_tid(const char *line, size_t len, size_t *n)
{
	const char *sp = memchr(line, ' ', len);
	if (!sp || len - (size_t)(sp - line) < 6 || memcmp(sp, " call ", 6))
		return NULL;
	*n = (size_t)(sp - line);
	return line;
}

double lp_lazy_orders(const char *history, size_t before)
{
	struct {
		const char *tid;
		size_t len;
		unsigned ops;
	} th[LP_MAX_THREADS];
	unsigned nth = 0, trailing_main = 0;
	size_t seen = 0;
	for (const char *p = history; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p), n;
		const char *tid = call_tid(p, len, &n);
		p += len + (nl ? 1 : 0);
		if (!tid || seen++ < before)
			continue;
		unsigned i = 0;
		while (i < nth && (th[i].len != n || memcmp(th[i].tid, tid, n)))
			i++;
		if (i == nth && nth == LP_MAX_THREADS)
			continue;
		if (i == nth)
			th[nth++] = (typeof(th[0])){tid, n, 0};
		th[i].ops++;
		trailing_main = n == 1 && *tid == '0' ? trailing_main + 1 : 0;
	}
	/* The main thread's calls after every other thread's (after its joins) have no order
	 * to choose either. */
	for (unsigned i = 0; i < nth; i++)
		if (th[i].len == 1 && *th[i].tid == '0')
			th[i].ops -= trailing_main;
	/* placed! / prod(ops_i!), as a running product of binomials */
	double orders = 1;
	unsigned placed = 0;
	for (unsigned i = 0; i < nth; i++)
		for (unsigned k = 1; k <= th[i].ops && orders < 1e18; k++)
			orders = orders * (double)(++placed) / (double)k;
	return orders < 1e18 ? orders : 1e18;
}

int lp_lazy_fill(struct lp_order *o, const char *request, char *err, size_t errsize)
{
	o->n = 0;
	o->done = 0;
	o->firm = UINT32_MAX;
	for (const char *p = request + strspn(request, " \n"); *p;) {
		size_t n = strcspn(p, " \n");
		char tid[LP_TID_STRLEN];
		if (n == 1 && *p == '+') { /* the rest is a hint */
			if (o->firm != UINT32_MAX || !o->n) {
				snprintf(err, errsize, "misplaced '+' in request '%.60s'", request);
				return -1;
			}
			o->firm = o->n;
			p += strspn(p + 1, " \n") + 1;
			continue;
		}
		if (n == 0 || n >= sizeof tid) {
			snprintf(err, errsize, "bad thread in request '%.60s'", request);
			return -1;
		}
		memcpy(tid, p, n);
		tid[n] = 0;
		if (o->n == LP_MAX_ORDER && o->firm != UINT32_MAX)
			break; /* the hint goes only as far as the shared area holds */
		if (o->n == LP_MAX_ORDER) {
			snprintf(err, errsize,
				 "a serial order of more than %d operations: use --phase1 eager",
				 LP_MAX_ORDER);
			return -1;
		}
		if (lp_tid_parse(tid, &o->tids[o->n])) {
			snprintf(err, errsize, "'%s' in request '%.60s' is no thread", tid,
				 request);
			return -1;
		}
		o->n++;
		p += n;
		while (*p == ' ' || *p == '\n')
			p++;
	}
	if (!o->n) {
		snprintf(err, errsize, "an empty request");
		return -1;
	}
	if (o->firm > o->n)
		o->firm = o->n;
	return 0;
}

char *lp_lazy_call_order(const char *history)
{
	struct lp_buf b = {0};
	for (const char *p = history; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p), n;
		const char *tid = call_tid(p, len, &n);
		if (tid)
			lp_buf_printf(&b, "%s%.*s", b.len ? " " : "", (int)n, tid);
		p += len + (nl ? 1 : 0);
	}
	lp_buf_puts(&b, "\n");
	return lp_buf_take(&b);
}
