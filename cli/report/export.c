/* cli/report/export.c — --export porcupine|jepsen (export.h). */
#include "export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist-lines.h"
#include "json.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

enum lp_export_format lp_export_parse(const char *name)
{
	if (!strcmp(name, "porcupine"))
		return LP_EXPORT_PORCUPINE;
	if (!strcmp(name, "jepsen"))
		return LP_EXPORT_JEPSEN;
	return LP_EXPORT_NONE;
}

/* Index of each event's thread in order of first appearance (caller frees). */
static size_t *clients(const struct lp_hlines *h)
{
	size_t *id = lp_xcalloc(h->n + 1, sizeof *id), next = 0;
	for (size_t i = 0; i < h->n; i++) {
		id[i] = next;
		for (size_t j = 0; j < i; j++)
			if (!strcmp(h->ev[j].tid, h->ev[i].tid)) {
				id[i] = id[j];
				break;
			}
		if (id[i] == next)
			next++;
	}
	return id;
}

void lp_export_porcupine(struct lp_buf *out, const char *history)
{
	struct lp_hlines h;
	lp_hlines_parse(history ? history : "", &h);
	size_t *id = clients(&h);
	lp_buf_puts(out, "[");
	const char *sep = "\n";
	for (size_t i = 0; i < h.n; i++) {
		const struct lp_hline *e = &h.ev[i];
		if (e->ret)
			continue;
		lp_buf_printf(out, "%s  {\"client_id\": %zu, \"input\": ", sep, id[i]);
		lp_json_string(out, e->text);
		lp_buf_puts(out, ", \"output\": ");
		if (e->ret_ev != (size_t)-1)
			lp_json_string(out, h.ev[e->ret_ev].text);
		else
			lp_buf_puts(out, "null");
		lp_buf_printf(out, ", \"call\": %zu, \"return\": %zu}", i,
			      e->ret_ev != (size_t)-1 ? e->ret_ev : h.n);
		sep = ",\n";
	}
	lp_buf_puts(out, h.n ? "\n]\n" : "]\n");
	free(id);
	lp_hlines_free(&h);
}

/* An EDN string: JSON's escapes are EDN's, but for \u, which EDN reads too. */
static void edn_string(struct lp_buf *out, const char *s) { lp_json_string(out, s); }

/* :f as a keyword when the name is one (C names are), else as a string (C++ names). */
static void edn_f(struct lp_buf *out, const char *call)
{
	char *f = lp_hline_func(call);
	bool kw = *f && !strchr("0123456789", *f);
	for (const char *p = f; *p && kw; p++)
		kw = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		     (*p >= '0' && *p <= '9') || strchr("_-.*+!?", *p);
	if (kw)
		lp_buf_printf(out, ":%s", f);
	else
		edn_string(out, f);
	free(f);
}

static void edn_event(struct lp_buf *out, size_t process, const char *type, const char *call,
		      const char *value, size_t index)
{
	lp_buf_printf(out, " {:process %zu, :type :%s, :f ", process, type);
	edn_f(out, call);
	lp_buf_puts(out, ", :value ");
	if (value)
		edn_string(out, value);
	else
		lp_buf_puts(out, "nil");
	lp_buf_printf(out, ", :index %zu}\n", index);
}

void lp_export_jepsen(struct lp_buf *out, const char *history)
{
	struct lp_hlines h;
	lp_hlines_parse(history ? history : "", &h);
	size_t *id = clients(&h);
	lp_buf_puts(out, "[\n");
	for (size_t i = 0; i < h.n; i++) {
		const struct lp_hline *e = &h.ev[i];
		const struct lp_hline *c = &h.ev[e->op];
		edn_event(out, id[i], e->ret ? "ok" : "invoke", c->text, e->text, i);
	}
	size_t index = h.n;
	for (size_t i = 0; i < h.n; i++)
		if (!h.ev[i].ret && h.ev[i].ret_ev == (size_t)-1)
			edn_event(out, id[i], "info", h.ev[i].text, NULL, index++);
	lp_buf_puts(out, "]\n");
	free(id);
	lp_hlines_free(&h);
}

void lp_export_write(enum lp_export_format f, const char *path, const char *history)
{
	struct lp_buf b = {0};
	if (f == LP_EXPORT_JEPSEN)
		lp_export_jepsen(&b, history);
	else
		lp_export_porcupine(&b, history);
	FILE *fp = fopen(path, "w");
	if (!fp || fputs(lp_buf_str(&b), fp) == EOF || fclose(fp))
		lp_die(LP_EXIT_USAGE, "cannot write the --export file '%s': %m", path);
	lp_buf_free(&b);
}
