/* cli/report/export.h — the violating history for other checkers (--export): Porcupine's
 * JSON operations and Jepsen/Knossos's EDN events, logical times from the event order. */
#ifndef LINEUP_CLI_EXPORT_H
#define LINEUP_CLI_EXPORT_H

#include "lineup/buf.h"

enum lp_export_format { LP_EXPORT_NONE, LP_EXPORT_PORCUPINE, LP_EXPORT_JEPSEN };

/* "porcupine" or "jepsen"; LP_EXPORT_NONE for anything else. */
enum lp_export_format lp_export_parse(const char *name);
/* A JSON list of {"client_id", "input", "output", "call", "return"}, one per operation in
 * the order of their calls: client_id numbers the threads in order of first appearance,
 * call/return are event indexes (from 0); a pending operation returns at the number of
 * events (after every event) with output null. history NULL or empty: "[]". */
void lp_export_porcupine(struct lp_buf *out, const char *history);
/* An EDN vector of events {:process P :type :invoke|:ok|:info :f :name :value V :index I}:
 * :invoke carries the call's text, :ok the returned value, and every pending operation
 * ends with an :info event (outcome unknown) after the last event. */
void lp_export_jepsen(struct lp_buf *out, const char *history);
/* Writes the export of history to path; dies naming the file when it cannot. */
void lp_export_write(enum lp_export_format f, const char *path, const char *history);

#endif
