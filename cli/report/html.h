/* cli/report/html.h — the --html page: one self-contained file (inline CSS and script, no
 * network reference) that draws a --json report (cli/report/json.c) in the browser. The
 * report is embedded as data; page.js renders it, page.css styles it (both compiled in
 * from html-assets.h, generated from the files of that name). */
#ifndef LINEUP_CLI_HTML_H
#define LINEUP_CLI_HTML_H

#include "lineup/buf.h"

/* Appends s with & < > " ' as character references (HTML text and attribute values). */
void lp_html_escape(struct lp_buf *out, const char *s);
/* Appends JSON text so that it stays data inside <script type="application/json">: every
 * < > & becomes its \u escape (they occur in JSON only inside strings), so no "</script>"
 * or "<!--" can end or change the element. */
void lp_html_script_json(struct lp_buf *out, const char *json);
/* The whole page for a JSON report (lp_json_report or a campaign's report). */
void lp_html_page(struct lp_buf *out, const char *json);
/* Writes the page to path; dies naming the file when it cannot. */
void lp_html_write(const char *path, const char *json);
/* lineup-preload report REPORT.json [--html FILE] [--export FORMAT FILE]: renders a saved
 * report; returns the exit status. */
int lp_html_report_command(int argc, char **argv);

#endif
