/* cli/report/json.h — the --json report (one JSON object, schema in lineup-preload(1)). */
#ifndef LINEUP_CLI_JSON_H
#define LINEUP_CLI_JSON_H

#include "lineup/buf.h"
#include "summary.h"

/* Appends s as a JSON string literal (quotes, escapes, control characters as \u00XX;
 * bytes >= 0x80 that are not valid UTF-8 as \u00XX of the byte, so output is valid). */
void lp_json_string(struct lp_buf *b, const char *s);
/* The whole report as text (caller frees). */
char *lp_json_report(const struct lp_summary *s);

#endif
