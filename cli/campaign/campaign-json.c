/* cli/campaign/campaign-json.c — --json for a campaign: every checked test's verdict and counts,
 * and the first violation with its minimised test; lineup-preload merge reads it back. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/report/export.h"
#include "cli/report/html.h"
#include "cli/report/json-read.h"
#include "cli/report/json.h"
#include "cli/run/interrupt.h"
#include "cli/campaign/campaign-internal.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

static const char *verdict_of(int status)
{
	switch (status) {
	case LP_EXIT_OK:
		return "no violation found";
	case LP_EXIT_VIOLATION:
		return "violation";
	case LP_EXIT_NONDETERMINISTIC:
		return "nondeterministic";
	default:
		return "error";
	}
}

/* The campaign's JSON report: one result a line, which lp_test_merge reads back. */
void lp_campaign_write_json(const struct lp_campaign *c, const struct lp_campaign_result *fail,
			    const struct lp_tdesc *min, int min_runs, bool min_complete,
			    const char *stopped, int status)
{
	struct lp_buf b = {0};
	lp_buf_printf(&b, "{\"mode\": \"%s\", \"seed\": %llu, \"shape\": \"%dx%d\", ",
		      c->o->autocheck ? "auto" : "random", (unsigned long long)c->o->seed,
		      c->o->shape_threads, c->o->shape_calls);
	lp_buf_printf(&b, "\"interrupted\": %s, \"stopped_by\": %s%s%s, ",
		      stopped ? "true" : "false", stopped ? "\"" : "", stopped ? stopped : "null",
		      stopped ? "\"" : "");
	lp_buf_printf(&b, "\"shard\": \"%u/%u\", \"shard_source\": ", c->shard_n ? c->shard_k : 1,
		      c->shard_n ? c->shard_n : 1);
	if (c->shard_source[0]) {
		lp_buf_printf(&b, "{\"kind\": \"%s\", \"variables\": ", c->shard_kind);
		lp_json_string(&b, c->shard_source);
		lp_buf_puts(&b, "}");
	} else
		lp_buf_printf(&b, "\"%s\"", c->shard_kind ? c->shard_kind : "none");
	lp_buf_printf(&b, ", \"exit\": %d, \"generated\": %llu, \"tests\": %zu,\n",
		      lp_interrupt_exit_status(status), (unsigned long long)c->total, c->n_res);
	lp_buf_puts(&b, "\"results\": [\n");
	for (size_t i = 0; i < c->n_res; i++) {
		const struct lp_campaign_result *r = &c->res[i];
		lp_buf_printf(
		    &b,
		    "{\"index\": %llu, \"verdict\": \"%s\", \"exit\": %d, "
		    "\"phase1_executions\": %llu, \"phase2_executions\": %llu, \"test\": ",
		    (unsigned long long)r->index, verdict_of(r->status), r->status, r->p1, r->p2);
		lp_json_string(&b, r->text);
		lp_buf_printf(&b, "}%s\n", i + 1 < c->n_res ? "," : "");
	}
	lp_buf_puts(&b, "],\n\"violation\": ");
	if (fail && fail->status == LP_EXIT_VIOLATION) {
		lp_buf_printf(
		    &b, "{\"index\": %llu, \"generated_test\": ", (unsigned long long)fail->index);
		lp_json_string(&b, fail->text);
		char *mt = lp_campaign_test_text(min);
		lp_buf_puts(&b, ", \"test\": ");
		lp_json_string(&b, mt);
		free(mt);
		lp_buf_printf(&b, ", \"minimisation_runs\": %d, \"minimal\": %s", min_runs,
			      min_complete ? "true" : "false");
		if (c->fail_report) /* the failing test's report, as its --json wrote it */
			lp_buf_printf(&b, ", \"report\": %s", c->fail_report);
		lp_buf_puts(&b, "}\n");
	} else
		lp_buf_puts(&b, "null\n");
	lp_buf_puts(&b, "}\n");
	if (c->o->json) {
		struct lp_buf tmp = {0};
		struct stat st;
		if (stat(c->o->json, &st) || S_ISREG(st.st_mode)) /* not /dev/stdout, a pipe */
			lp_buf_printf(&tmp, "%s.tmp.%d", c->o->json, (int)getpid());
		else
			lp_buf_puts(&tmp, c->o->json);
		FILE *f = fopen(lp_buf_str(&tmp), "w");
		if (!f || fputs(lp_buf_str(&b), f) < 0 || fclose(f) ||
		    (strcmp(lp_buf_str(&tmp), c->o->json) &&
		     rename(lp_buf_str(&tmp), c->o->json))) {
			int e = errno;
			if (strcmp(lp_buf_str(&tmp), c->o->json))
				unlink(lp_buf_str(&tmp));
			errno = e;
			lp_die(LP_EXIT_USAGE, "cannot write the --json report '%s': %m",
			       c->o->json);
		}
		lp_buf_free(&tmp);
	}
	if (c->o->html)
		lp_html_write(c->o->html, lp_buf_str(&b));
	if (c->o->export_format) {
		char *h = c->fail_report ? lp_json_violation_history(c->fail_report) : NULL;
		lp_export_write(lp_export_parse(c->o->export_format), c->o->export_file, h);
		free(h);
	}
	lp_buf_free(&b);
}
