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

static unsigned kept(uint32_t n_passed)
{
	return n_passed < LP_TSO_PASSED ? n_passed : LP_TSO_PASSED;
}

/* ": at f+0xd to 0x..., at f+0x14 to 0x..." (oldest first), with what was left out when
 * there were more. */
static void put_stores(struct lp_buf *b, uint32_t n_passed, const uint64_t *site,
		       const uint64_t *addr, lp_symbolize_fn sym, void *arg)
{
	if (n_passed > LP_TSO_PASSED)
		lp_buf_printf(b, " (the oldest and the newest %u shown)", LP_TSO_PASSED - 1);
	for (unsigned k = 0; k < kept(n_passed); k++) {
		char *s = sym(arg, site[k]);
		lp_buf_printf(b, "%s at %s to %#llx", k ? "," : ":", s,
			      (unsigned long long)addr[k]);
		free(s);
	}
	lp_buf_puts(b, "\n");
}

/* "    it passed 2 stores of its own, still buffered: ..." */
static void put_passed(struct lp_buf *b, const struct lp_rec_tso *t, lp_symbolize_fn sym, void *arg)
{
	if (!t->n_passed)
		return;
	lp_buf_printf(b, "    it passed %u store%s of its own, still buffered", t->n_passed,
		      t->n_passed == 1 ? "" : "s");
	put_stores(b, t->n_passed, t->passed_site, t->passed_addr, sym, arg);
}

/* "  passing load: step 9: 0.1 at f+0x1d read 0x... ahead of 1 store of its own, still
 * buffered: at f+0x17 to 0x...", then how many were not kept. */
static void put_passing(struct lp_buf *b, const struct lp_exec_log *log, lp_symbolize_fn sym,
			void *arg)
{
	uint64_t more = 0;
	for (size_t i = 0; i < log->n_tso_pass; i++) {
		const struct lp_rec_tso_pass *p = &log->tso_pass[i];
		char l[LP_TID_STRLEN];
		char *ls = sym(arg, p->load_site);
		lp_buf_printf(b,
			      "  passing load: step %llu: %s at %s read %#llx ahead of %u store%s "
			      "of its own, still buffered",
			      (unsigned long long)p->step, lp_tid_format(p->loader, l), ls,
			      (unsigned long long)p->load_addr, p->n_passed,
			      p->n_passed == 1 ? "" : "s");
		free(ls);
		put_stores(b, p->n_passed, p->passed_site, p->passed_addr, sym, arg);
		more += p->n_more;
	}
	if (more)
		lp_buf_printf(b, "  (%llu more passing load%s: repeats, or past the first %u)\n",
			      (unsigned long long)more, more == 1 ? "" : "s", LP_TSO_PASS_NOTES);
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
	put_passing(b, log, sym, arg);
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

/* "passed_count": 2, "passed": [{"site": ..., "addr": "0x..."}, ...] (those kept) */
static void passed_json(struct lp_buf *b, uint32_t n_passed, const uint64_t *site,
			const uint64_t *addr, lp_symbolize_fn sym, void *arg)
{
	lp_buf_printf(b, "\"passed_count\": %u, \"passed\": [", n_passed);
	for (unsigned k = 0; k < kept(n_passed); k++) {
		lp_buf_puts(b, k ? ", {" : "{");
		site_field(b, "site", site[k], sym, arg);
		lp_buf_printf(b, ", \"addr\": \"%#llx\"}", (unsigned long long)addr[k]);
	}
	lp_buf_puts(b, "]");
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
	lp_buf_puts(b, "\", ");
	passed_json(b, t->n_passed, t->passed_site, t->passed_addr, sym, arg);
	lp_buf_puts(b, "}");
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

void lp_report_passing_loads_json(struct lp_buf *b, const struct lp_exec_log *log,
				  lp_symbolize_fn sym, void *arg)
{
	lp_buf_puts(b, "[");
	for (size_t i = 0; i < log->n_tso_pass; i++) {
		const struct lp_rec_tso_pass *p = &log->tso_pass[i];
		char l[LP_TID_STRLEN];
		lp_buf_printf(b, "%s{\"step\": %llu, \"loader\": ", i ? ", " : "",
			      (unsigned long long)p->step);
		lp_json_string(b, lp_tid_format(p->loader, l));
		lp_buf_puts(b, ", ");
		site_field(b, "load_site", p->load_site, sym, arg);
		lp_buf_printf(b, ", \"load_addr\": \"%#llx\", ", (unsigned long long)p->load_addr);
		passed_json(b, p->n_passed, p->passed_site, p->passed_addr, sym, arg);
		lp_buf_printf(b, ", \"more_not_kept\": %u}", p->n_more);
	}
	lp_buf_puts(b, "]");
}
