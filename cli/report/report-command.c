/* cli/report/report-command.c — lineup-preload report REPORT.json [--html FILE]
 * [--export porcupine|jepsen FILE]: renders a saved --json report later (CI keeps the
 * JSON, people look at the page). */
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "html.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

/* Appends the code point c as UTF-8. */
static void utf8(struct lp_buf *b, unsigned c)
{
	char u[4];
	size_t n;
	if (c < 0x80)
		u[0] = (char)c, n = 1;
	else if (c < 0x800)
		u[0] = (char)(0xc0 | c >> 6), u[1] = (char)(0x80 | (c & 0x3f)), n = 2;
	else
		u[0] = (char)(0xe0 | c >> 12), u[1] = (char)(0x80 | ((c >> 6) & 0x3f)),
		u[2] = (char)(0x80 | (c & 0x3f)), n = 3;
	lp_buf_add(b, u, n);
}

/* The JSON string literal at p, decoded (NULL when p is not one); json.c writes \u only
 * below U+0100, so no surrogate pairs need joining. */
static char *string_at(const char *p)
{
	if (*p != '"')
		return NULL;
	struct lp_buf b = {0};
	for (p++; *p && *p != '"'; p++) {
		if (*p != '\\') {
			lp_buf_add(&b, p, 1);
			continue;
		}
		char e = *++p;
		const char *map = strchr("n\nt\tr\rb\bf\f", e);
		if (e == 'u' && strlen(p) >= 5) {
			utf8(&b, (unsigned)strtoul((char[]){p[1], p[2], p[3], p[4], 0}, NULL, 16));
			p += 4;
		} else if (map && (map - "n\nt\tr\rb\bf\f") % 2 == 0) {
			lp_buf_add(&b, map + 1, 1);
		} else if (e) {
			lp_buf_add(&b, p, 1);
		} else {
			break;
		}
	}
	return lp_buf_take(&b);
}

char *lp_json_violation_history(const char *json)
{
	const char *v = strstr(json, "\"violation\": {\"kind\": ");
	const char *h = v ? strstr(v, ", \"history\": ") : NULL;
	return h ? string_at(h + 13) : NULL;
}

int lp_html_report_command(int argc, char **argv)
{
	const char *in = NULL, *html = NULL, *export = NULL;
	enum lp_export_format fmt = LP_EXPORT_NONE;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--html") && i + 1 < argc) {
			html = argv[++i];
		} else if (!strcmp(argv[i], "--export") && i + 2 < argc) {
			fmt = lp_export_parse(argv[++i]);
			if (fmt == LP_EXPORT_NONE)
				lp_die(LP_EXIT_USAGE,
				       "bad format '%s' for --export: use porcupine or jepsen",
				       argv[i]);
			export = argv[++i];
		} else if (argv[i][0] == '-' || in) {
			lp_die(LP_EXIT_USAGE, "usage: lineup-preload report REPORT.json [--html "
					      "FILE] [--export porcupine|jepsen FILE]");
		} else {
			in = argv[i];
		}
	}
	if (!in || (!html && !export))
		lp_die(LP_EXIT_USAGE, "usage: lineup-preload report REPORT.json [--html FILE] "
				      "[--export porcupine|jepsen FILE]: name the report and "
				      "what to write");
	struct lp_buf b = {0};
	if (lp_buf_read_file(&b, in))
		lp_die(LP_EXIT_USAGE, "cannot read the report '%s': %m", in);
	const char *js = lp_buf_str(&b);
	while (*js == ' ' || *js == '\n' || *js == '\t' || *js == '\r')
		js++;
	if (*js != '{' || !strstr(js, "\"violation\": "))
		lp_die(LP_EXIT_USAGE,
		       "'%s' is not a lineup-preload --json report: write one with --json FILE",
		       in);
	if (html)
		lp_html_write(html, js);
	if (export) {
		char *h = lp_json_violation_history(js);
		lp_export_write(fmt, export, h);
		free(h);
	}
	lp_buf_free(&b);
	return LP_EXIT_OK;
}
