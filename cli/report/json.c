/* cli/report/json.c — JSON escaping and the --json report. */
#include "json.h"

#include <stdlib.h>
#include <string.h>

#include "cli/run/budget.h"
#include "lineup/die.h"
#include "report-model.h"

/* Length of a valid UTF-8 sequence at s, or 0. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0; /* overlong, surrogate or beyond U+10FFFF */
	return n;
}

void lp_json_string(struct lp_buf *b, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	lp_buf_puts(b, "\"");
	while (*s) {
		size_t n;
		if (*s == '"' || *s == '\\') {
			lp_buf_printf(b, "\\%c", *s++);
		} else if (*s == '\n') {
			lp_buf_puts(b, "\\n"), s++;
		} else if (*s == '\t') {
			lp_buf_puts(b, "\\t"), s++;
		} else if (*s < 0x20 || *s == 0x7f) {
			lp_buf_printf(b, "\\u%04x", *s++);
		} else if (*s < 0x80) {
			lp_buf_add(b, (const char *)s++, 1);
		} else if ((n = utf8_len(s))) {
			lp_buf_add(b, (const char *)s, n);
			s += n;
		} else {
			lp_buf_printf(b, "\\u%04x",
				      *s++); /* a stray byte, shown as its Latin-1 code */
		}
	}
	lp_buf_puts(b, "\"");
}

static void field(struct lp_buf *b, const char *name, const char *value)
{
	lp_buf_printf(b, "\"%s\": ", name);
	if (value)
		lp_json_string(b, value);
	else
		lp_buf_puts(b, "null");
}

/* What the run covered; "interrupted" when a signal or the time budget ended it early. */
static void coverage(struct lp_buf *b, const struct lp_summary *s)
{
	const struct lp_coverage *cv = &s->cov;
	lp_buf_printf(b, ", \"interrupted\": %s, ", cv->stopped_by ? "true" : "false");
	field(b, "stopped_by", cv->stopped_by);
	char *text = lp_coverage_text(cv, s->bound), *g = lp_coverage_guarantee(cv, s->bound);
	lp_buf_puts(b, ", \"coverage\": {");
	field(b, "text", text);
	lp_buf_printf(
	    b,
	    ", \"complete_bound\": %d, \"partial_bound\": %d, \"partial_schedules\": %llu, "
	    "\"partial_estimate\": %.0f, \"random_schedules\": %llu, ",
	    cv->complete_bound, cv->partial_bound, (unsigned long long)cv->partial_done,
	    cv->partial_total, (unsigned long long)cv->samples);
	field(b, "random_strategy", cv->sampler);
	lp_buf_printf(b, ", \"pct_depth\": %u, \"seed\": %llu, \"time_budget\": %.3f, ",
		      cv->pct_depth, (unsigned long long)cv->seed, cv->budget);
	field(b, "guarantee", s->verdict == LP_RUN_OK || s->verdict == LP_RUN_UNCHECKED ? g : NULL);
	lp_buf_puts(b, "}");
	free(text);
	free(g);
}

/* "[\"a\", \"b\"]" */
static void string_list(struct lp_buf *b, const char *const *v, size_t n)
{
	lp_buf_puts(b, "[");
	for (size_t i = 0; i < n; i++) {
		if (i)
			lp_buf_puts(b, ", ");
		lp_json_string(b, v[i]);
	}
	lp_buf_puts(b, "]");
}

static void string_or_null(struct lp_buf *b, const char *v)
{
	if (v)
		lp_json_string(b, v);
	else
		lp_buf_puts(b, "null");
}

static void phase1(struct lp_buf *b, const struct lp_summary *s)
{
	lp_buf_printf(
	    b, ", \"phase1\": {\"executions\": %llu, \"histories\": %llu, \"seconds\": %.3f, ",
	    (unsigned long long)s->p1_executions, (unsigned long long)s->p1_histories,
	    s->p1_seconds);
	field(b, "mode", s->p1_mode ? s->p1_mode : "eager");
	lp_buf_printf(b, ", \"serial_orders\": %.0f, \"speculated\": %llu", s->p1_orders,
		      (unsigned long long)s->p1_speculated);
	lp_buf_printf(b, ", \"confirmation_runs\": %llu",
		      (unsigned long long)s->confirm_executions);
	lp_buf_printf(b, ", \"derived_by_symmetry\": %llu, \"symmetric_threads\": ",
		      (unsigned long long)s->p1_derived);
	string_or_null(b, s->p1_symmetry && s->p1_derived ? s->p1_symmetry : NULL);
	lp_buf_puts(b, ", \"golden_model\": ");
	string_or_null(b, s->golden_model);
	lp_buf_printf(b, ", \"golden_executions\": %llu}",
		      (unsigned long long)s->golden_executions);
}

static void phase2(struct lp_buf *b, const struct lp_summary *s)
{
	lp_buf_printf(b,
		      ", \"phase2\": {\"executions\": %llu, \"preemption_bound\": %d, "
		      "\"executions_by_preemptions\": [",
		      (unsigned long long)s->p2_executions, s->bound);
	for (int i = 0; s->p2_executions && i <= s->p2_max_cost && i < LP_MAX_BOUND_SLOTS; i++)
		lp_buf_printf(b, "%s%llu", i ? ", " : "", (unsigned long long)s->p2_per_bound[i]);
	uint64_t pruned = 0;
	int top = -1;
	for (int i = 0; i < LP_MAX_BOUND_SLOTS; i++)
		if (s->p2_pruned[i]) {
			pruned += s->p2_pruned[i];
			top = i;
		}
	lp_buf_puts(b, "], \"reduction\": ");
	lp_json_string(b, s->reduction ? s->reduction : "off");
	lp_buf_puts(b, ", \"memory_model\": ");
	lp_json_string(b, s->memory_model ? s->memory_model : "sc");
	lp_buf_printf(b, ", \"pruned\": %llu, \"pruned_by_preemptions\": [",
		      (unsigned long long)pruned);
	for (int i = 0; i <= top; i++)
		lp_buf_printf(b, "%s%llu", i ? ", " : "", (unsigned long long)s->p2_pruned[i]);
	lp_buf_printf(b,
		      "], \"workers\": %u, \"speculated\": %llu, \"speculated_unused\": %llu, "
		      "\"histories\": %llu, \"calls_commute\": %s, \"trace_runs\": %llu, "
		      "\"seconds\": %.3f}, ",
		      s->p2_workers ? s->p2_workers : 1, (unsigned long long)s->p2_speculated,
		      (unsigned long long)s->p2_wasted, (unsigned long long)s->p2_histories,
		      s->p2_commute ? "true" : "false", (unsigned long long)s->p2_trace_runs,
		      s->p2_seconds);
}

static void root_cause_search(struct lp_buf *b, const struct lp_summary *s)
{
	const struct lp_violation *v = s->violation;
	if (!v->rc_searched) {
		lp_buf_puts(b, "null");
		return;
	}
	lp_buf_printf(b,
		      "{\"executions\": %llu, \"seconds\": %.3f, "
		      "\"time_limit\": %.3f, \"execution_limit\": ",
		      (unsigned long long)s->root_cause_executions, s->root_cause_seconds,
		      v->rc_time_limit);
	if (v->rc_exec_limit)
		lp_buf_printf(b, "%llu", (unsigned long long)v->rc_exec_limit);
	else
		lp_buf_puts(b, "null");
	lp_buf_printf(b, ", \"candidates_tried\": %zu, ", v->rc_tried);
	field(b, "stopped_by", v->rc_stopped_by);
	lp_buf_puts(b, "}");
}

static void violation(struct lp_buf *b, const struct lp_summary *s)
{
	const struct lp_violation *v = s->violation;
	if (!v) {
		lp_buf_puts(b, "null");
		return;
	}
	lp_buf_puts(b, "{");
	field(b, "kind", v->kind);
	lp_buf_puts(b, ", ");
	field(b, "history", v->history);
	lp_buf_puts(b, ", ");
	field(b, "schedule", v->schedule);
	lp_buf_puts(b, ", ");
	field(b, "replay", v->replay);
	lp_buf_puts(b, ", ");
	field(b, "report", v->report);
	lp_buf_puts(b, ", ");
	field(b, "switches", v->switches);
	/* for the page (--html): the overrides with their place in the history, the closest
	 * serial execution and why it diverges */
	lp_buf_printf(b, ", \"preemptions\": %s, \"closest\": ",
		      v->preemptions_json ? v->preemptions_json : "[]");
	lp_model_closest(b, v->report);
	/* ranked list of repairs, each a list of regions; null when not searched or none
	 * found (root_causes_text says why) */
	lp_buf_printf(b, ", \"root_causes\": %s, ",
		      v->root_causes_json ? v->root_causes_json : "null");
	field(b, "root_causes_text", v->root_causes);
	/* --memory-model tso: the fences tried after the stores the stale loads name (their
	 * lines are in root_causes_text); null when none was tried */
	lp_buf_printf(b, ", \"fences\": %s", v->fences_json ? v->fences_json : "null");
	/* --memory-model tso: the loads that read around a buffered store, with the stores of
	 * their own buffer they passed; null under sc */
	lp_buf_printf(b, ", \"stale_loads\": %s",
		      v->stale_loads_json ? v->stale_loads_json : "null");
	/* --memory-model tso: the loads, not stale, that went ahead of stores still in their own
	 * buffer, whose fences are tried after the stale loads'; null under sc */
	lp_buf_printf(b, ", \"passing_loads\": %s",
		      v->passing_loads_json ? v->passing_loads_json : "null");
	/* kind "crash": the thread, the signal and its backtrace; null otherwise */
	lp_buf_printf(b, ", \"crash\": %s", v->crash_json ? v->crash_json : "null");
	lp_buf_puts(b, ", \"root_cause_search\": ");
	root_cause_search(b, s);
	lp_buf_puts(b, "}");
}

char *lp_json_report(const struct lp_summary *s)
{
	struct lp_buf b = {0};
	lp_buf_puts(&b, "{");
	field(&b, "verdict", lp_run_verdict_text(s->verdict));
	lp_buf_puts(&b, ", \"targets\": ");
	string_list(&b, (const char *const *)s->targets, s->n_targets);
	lp_buf_puts(&b, ", \"instrumented\": ");
	string_list(&b, (const char *const *)s->instrumented, s->n_instrumented);
	lp_buf_printf(&b, ", \"functions\": %zu", s->functions);
	lp_buf_puts(&b, ", \"criterion\": ");
	lp_json_string(&b, s->criterion ? s->criterion : "linearizability");
	lp_buf_puts(&b, ", \"quasi\": ");
	string_list(&b, (const char *const *)s->quasi, (size_t)s->n_quasi);
	phase1(&b, s);
	phase2(&b, s);
	field(&b, "instrumentation", s->instrumentation);
	lp_buf_puts(&b, ", \"warnings\": ");
	string_list(&b, (const char *const *)s->warnings, s->n_warnings);
	lp_buf_puts(&b, ", \"violation\": ");
	violation(&b, s);
	lp_buf_puts(&b, ", ");
	field(&b, "nondeterminism", s->nondeterminism);
	lp_buf_puts(&b, ", \"nondeterminism_histories\": ");
	lp_model_nondet(&b, s->nondeterminism);
	coverage(&b, s);
	if (s->interception) {
		lp_buf_puts(&b, ", \"interception\": ");
		lp_buf_puts(&b, s->interception);
	}
	lp_buf_puts(&b, "}\n");
	return lp_buf_take(&b);
}
