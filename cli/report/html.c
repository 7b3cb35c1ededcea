/* cli/report/html.c — the --html page around a JSON report (html.h). */
#include "html.h"

#include <stdio.h>
#include <string.h>

#include "cli/report/html-assets.h" /* generated from page.css and page.js */
#include "lineup/die.h"
#include "lineup/exit-codes.h"

void lp_html_escape(struct lp_buf *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			lp_buf_puts(out, "&amp;");
			break;
		case '<':
			lp_buf_puts(out, "&lt;");
			break;
		case '>':
			lp_buf_puts(out, "&gt;");
			break;
		case '"':
			lp_buf_puts(out, "&quot;");
			break;
		case '\'':
			lp_buf_puts(out, "&#39;");
			break;
		default:
			lp_buf_add(out, s, 1);
		}
	}
}

void lp_html_script_json(struct lp_buf *out, const char *json)
{
	for (const char *s = json; *s; s++) {
		if (*s == '<')
			lp_buf_puts(out, "\\u003c");
		else if (*s == '>')
			lp_buf_puts(out, "\\u003e");
		else if (*s == '&')
			lp_buf_puts(out, "\\u0026");
		else
			lp_buf_add(out, s, 1);
	}
}

void lp_html_page(struct lp_buf *out, const char *json)
{
	lp_buf_puts(out,
		    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		    "<title>lineup-preload report</title>\n<style>\n");
	lp_buf_puts(out, lp_html_css);
	lp_buf_puts(out, "</style>\n</head>\n<body>\n<noscript><p>This report is drawn by its "
			 "script: allow JavaScript, or read the JSON report in the "
			 "script element named lp-report.</p></noscript>\n"
			 "<main id=\"lp-main\"></main>\n"
			 "<script type=\"application/json\" id=\"lp-report\">");
	lp_html_script_json(out, json);
	lp_buf_puts(out, "</script>\n<script>\n");
	lp_buf_puts(out, lp_html_js);
	lp_buf_puts(out, "</script>\n</body>\n</html>\n");
}

void lp_html_write(const char *path, const char *json)
{
	struct lp_buf b = {0};
	lp_html_page(&b, json);
	FILE *f = fopen(path, "w");
	if (!f || fputs(lp_buf_str(&b), f) == EOF || fclose(f))
		lp_die(LP_EXIT_USAGE, "cannot write the --html page '%s': %m", path);
	lp_buf_free(&b);
}
