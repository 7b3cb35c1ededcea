/* cli/report/report-command.c — lineup-preload report REPORT.json [--html FILE]
 * [--export porcupine|jepsen FILE]: renders a saved --json report later (CI keeps the
 * JSON, people look at the page). */
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "html.h"
#include "json-read.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

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
