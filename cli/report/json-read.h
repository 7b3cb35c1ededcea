/* cli/report/json-read.h — the little of a --json report read back: a string literal, and
 * the violation's history (for `lineup-preload report R.json --export`). */
#ifndef LINEUP_CLI_JSON_READ_H
#define LINEUP_CLI_JSON_READ_H

#include "lineup/buf.h"

/* The JSON string literal at p, decoded (malloc'ed); NULL when p is not one. json.c writes
 * \u only below U+0100, so no surrogate pairs need joining. */
char *lp_json_string_at(const char *p);
/* violation.history of a --json report (json.c writes "violation": {"kind": ...,
 * "history": ...}; a campaign's report nests the failing test's report under
 * violation.report), decoded; NULL when it has none. */
char *lp_json_violation_history(const char *json);

#endif
