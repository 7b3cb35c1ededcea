/* cli/report/report-tso.c — stale loads under --memory-model tso (report-tso.h). */
#include "report-tso.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"

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

static unsigned kept(const struct lp_rec_tso *t)
{
	return t->n_passed < LP_TSO_PASSED ? t->n_passed : LP_TSO_PASSED;
}

/* "    it passed 2 stores of its own, still buffered: at f+0xd to 0x..., at f+0x14 to
 * 0x..." (oldest first), with what was left out when there were more. */
static void put_passed(struct lp_buf *b, const struct lp_rec_tso *t, lp_symbolize_fn sym, void *arg)
{
	if (!t->n_passed)
		return;
	lp_buf_printf(b, "    it passed %u store%s of its own, still buffered", t->n_passed,
		      t->n_passed == 1 ? "" : "s");
	if (t->n_passed > LP_TSO_PASSED)
		lp_buf_printf(b, " (the oldest and the newest %u shown)", LP_TSO_PASSED - 1);
	for (unsigned k = 0; k < kept(t); k++) {
		char *s = sym(arg, t->passed_site[k]);
		lp_buf_printf(b, "%s at %s to %#llx", k ? "," : ":", s,
			      (unsigned long long)t->passed_addr[k]);
		free(s);
	}
	lp_buf_puts(b, "\n");
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
		put_passed(b, t, sym, arg);
	}
}

/* "key": "symbolized site" */
static void site_field(struct lp_buf *b, const char *key, uint64_t site, lp_symbolize_fn sym,
		       void *arg)
{
	char *s = sym(arg, site);
	lp_buf_printf(b, "\"%s\": ", key);
	lp_json_string(b, s);
	free(s);
}

static void one_json(struct lp_buf *b, const struct lp_rec_tso *t, lp_symbolize_fn sym, void *arg)
{
	char l[LP_TID_STRLEN], o[LP_TID_STRLEN];
	lp_buf_printf(b, "{\"step\": %llu, \"loader\": ", (unsigned long long)t->step);
	lp_json_string(b, lp_tid_format(t->loader, l));
	lp_buf_puts(b, ", ");
	site_field(b, "load_site", t->load_site, sym, arg);
	lp_buf_printf(b,
		      ", \"load_addr\": \"%#llx\", \"owner\": ", (unsigned long long)t->load_addr);
	lp_json_string(b, lp_tid_format(t->owner, o));
	lp_buf_puts(b, ", ");
	site_field(b, "store_site", t->store_site, sym, arg);
	lp_buf_printf(b, ", \"store_addr\": \"%#llx\", \"size\": %u, \"value\": \"",
		      (unsigned long long)t->store_addr, t->size);
	put_value(b, t);
	lp_buf_printf(b, "\", \"passed_count\": %u, \"passed\": [", t->n_passed);
	for (unsigned k = 0; k < kept(t); k++) {
		lp_buf_puts(b, k ? ", {" : "{");
		site_field(b, "site", t->passed_site[k], sym, arg);
		lp_buf_printf(b, ", \"addr\": \"%#llx\"}", (unsigned long long)t->passed_addr[k]);
	}
	lp_buf_puts(b, "]}");
}

void lp_report_stale_loads_json(struct lp_buf *b, const struct lp_exec_log *log,
				lp_symbolize_fn sym, void *arg)
{
	lp_buf_puts(b, "[");
	for (size_t i = 0; i < log->n_tso; i++) {
		lp_buf_puts(b, i ? ", " : "");
		one_json(b, &log->tso[i], sym, arg);
	}
	lp_buf_puts(b, "]");
}
