/* cli/report/report-model.c — the page's model read from report texts (report-model.h). */
#include "report-model.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "scheduler/explore.h"

/* The line at p (without its newline) and the start of the next. */
static const char *line_end(const char *p)
{
	const char *nl = strchr(p, '\n');
	return nl ? nl : p + strlen(p);
}

static bool starts(const char *p, const char *prefix)
{
	return !strncmp(p, prefix, strlen(prefix));
}

static void json_n(struct lp_buf *out, const char *s, size_t n)
{
	struct lp_buf t = {0};
	lp_buf_add(&t, s, n);
	lp_json_string(out, lp_buf_str(&t));
	lp_buf_free(&t);
}

/* "    T call X" lines from p on, as a JSON array of events; returns where they end. */
static const char *event_lines(struct lp_buf *out, const char *p, bool *stuck)
{
	lp_buf_puts(out, "[");
	const char *sep = "";
	while (starts(p, "    ")) {
		const char *e = line_end(p);
		const char *s = p + 4;
		if (starts(s, "stuck")) {
			*stuck = true;
		} else {
			const char *sp = memchr(s, ' ', (size_t)(e - s));
			bool ret = sp && starts(sp, " ret ");
			if (sp && (ret || starts(sp, " call "))) {
				const char *text = sp + (ret ? 5 : 6);
				lp_buf_printf(out, "%s{\"thread\": ", sep);
				json_n(out, s, (size_t)(sp - s));
				lp_buf_printf(
				    out, ", \"kind\": \"%s\", \"text\": ", ret ? "ret" : "call");
				json_n(out, text, text <= e ? (size_t)(e - text) : 0);
				lp_buf_puts(out, "}");
				sep = ", ";
			}
		}
		p = *e ? e + 1 : e;
	}
	lp_buf_puts(out, "]");
	return p;
}

static const char *find_line(const char *text, const char *prefix)
{
	for (const char *p = text; p && *p;) {
		if (starts(p, prefix))
			return p;
		const char *nl = strchr(p, '\n');
		p = nl ? nl + 1 : NULL;
	}
	return NULL;
}

void lp_model_closest(struct lp_buf *out, const char *text)
{
	const char *why = text ? find_line(text, "Why: ") : NULL;
	const char *agree = why ? strstr(why, "agrees with the history on ") : NULL;
	if (!agree) {
		lp_buf_puts(out, "null");
		return;
	}
	lp_buf_puts(out, "{\"headline\": ");
	const char *v = find_line(text, "VIOLATION: ");
	if (v) { /* the line after "VIOLATION: ...:" says it in words */
		const char *e = line_end(v);
		const char *n = *e ? e + 1 : e;
		json_n(out, n, (size_t)(line_end(n) - n));
	} else {
		lp_buf_puts(out, "null");
	}
	unsigned long long observed = 0;
	bool has_obs = sscanf(why, "Why: %llu serial executions were observed", &observed) == 1;
	unsigned agrees = 0;
	sscanf(agree, "agrees with the history on %u", &agrees);
	if (has_obs)
		lp_buf_printf(out, ", \"observed\": %llu", observed);
	else
		lp_buf_puts(out, ", \"observed\": null");
	lp_buf_printf(out, ", \"agrees\": %u, \"prefix\": ", agrees);
	const char *p = line_end(agree);
	p = *p ? p + 1 : p;
	bool stuck = false;
	p = event_lines(out, p, &stuck);
	lp_buf_puts(out, ", \"continuation\": ");
	if (starts(p, "  and then continues:")) {
		p = line_end(p);
		p = event_lines(out, *p ? p + 1 : p, &stuck);
	} else {
		lp_buf_puts(out, "[]");
	}
	lp_buf_printf(out, ", \"continuation_stuck\": %s, \"reasons\": [",
		      stuck ? "true" : "false");
	const char *sep = "";
	if (starts(p, "After those operations")) {
		p = line_end(p);
		p = *p ? p + 1 : p;
		while (starts(p, "  - ") || starts(p, "  ... ")) {
			const char *e = line_end(p);
			const char *s = p + (starts(p, "  - ") ? 4 : 2);
			lp_buf_puts(out, sep);
			json_n(out, s, (size_t)(e - s));
			sep = ", ";
			p = *e ? e + 1 : e;
		}
	}
	lp_buf_puts(out, "], \"warning\": ");
	const char *w = find_line(p, "Warning: ");
	if (w)
		json_n(out, w, (size_t)(line_end(w) - w));
	else
		lp_buf_puts(out, "null");
	lp_buf_puts(out, "}");
}

/* The history whose "    history serial" line follows the line starting with label. */
static void history_after(struct lp_buf *out, const char *text, const char *label)
{
	const char *p = find_line(text, label);
	if (!p) {
		lp_buf_puts(out, "null");
		return;
	}
	p = line_end(p);
	p = *p ? p + 1 : p;
	struct lp_buf h = {0};
	while (starts(p, "    ")) {
		const char *e = line_end(p);
		lp_buf_add(&h, p + 4, (size_t)(e - p - 4));
		lp_buf_puts(&h, "\n");
		bool end = starts(p + 4, "end");
		p = *e ? e + 1 : e;
		if (end)
			break;
	}
	lp_json_string(out, lp_buf_str(&h));
	lp_buf_free(&h);
}

void lp_model_nondet(struct lp_buf *out, const char *text)
{
	if (!text) {
		lp_buf_puts(out, "null");
		return;
	}
	lp_buf_puts(out, "{\"summary\": ");
	const char *p = find_line(text, "NONDETERMINISTIC: ");
	const char *s = p ? line_end(p) : NULL;
	s = s && *s ? s + 1 : s;
	const char *e = s ? strstr(s, "\nA deterministic") : NULL;
	if (s && e)
		json_n(out, s, (size_t)(e - s));
	else
		lp_buf_puts(out, "null");
	lp_buf_puts(out, ", \"earlier\": ");
	history_after(out, text, "The earlier history:");
	lp_buf_puts(out, ", \"this\": ");
	history_after(out, text, "This history:");
	lp_buf_puts(out, "}");
}

size_t lp_model_events_before(const struct lp_explore_decision *d, size_t n, uint64_t step,
			      size_t n_events)
{
	size_t after = 0;
	for (size_t i = 0; i < n; i++)
		if ((d[i].point == LP_PT_OP_START && d[i].step >= step) ||
		    (d[i].point == LP_PT_OP_END && d[i].step > step))
			after++;
	return after < n_events ? n_events - after : 0;
}
