/* cli/report/report-tso.c — stale loads under --memory-model tso (report-tso.h). */
#include "report-tso.h"

#include <stdlib.h>
#include <string.h>

/* The stored bytes as the little-endian integer they are (up to 8), else as hex bytes. */
static void put_value(struct lp_buf *b, const struct lp_rec_tso *t)
{
	unsigned n = t->size > sizeof t->val ? (unsigned)sizeof t->val : t->size;
	if (n <= 8) {
		uint64_t v = 0;
		memcpy(&v, t->val, n);
		lp_buf_printf(b, "%llu", (unsigned long long)v);
		return;
	}
	lp_buf_puts(b, "0x");
	for (unsigned i = n; i-- > 0;)
		lp_buf_printf(b, "%02x", t->val[i]);
}

void lp_report_stale_loads(struct lp_buf *b, const struct lp_exec_log *log, lp_symbolize_fn sym,
			   void *arg)
{
	for (size_t i = 0; i < log->n_tso; i++) {
		const struct lp_rec_tso *t = &log->tso[i];
		char l[LP_TID_STRLEN], o[LP_TID_STRLEN];
		char *ls = sym(arg, t->load_site), *ss = sym(arg, t->store_site);
		lp_buf_printf(b,
			      "  stale load: step %llu: %s at %s read %#llx while %s's store of ",
			      (unsigned long long)t->step, lp_tid_format(t->loader, l), ls,
			      (unsigned long long)t->load_addr, lp_tid_format(t->owner, o));
		put_value(b, t);
		lp_buf_printf(b, " (%u bytes) to %#llx at %s was still buffered\n", t->size,
			      (unsigned long long)t->store_addr, ss);
		free(ls);
		free(ss);
	}
}
