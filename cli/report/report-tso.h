/* cli/report/report-tso.h — under --memory-model tso, which store was still buffered when
 * which load ran (the execution's LP_REC_TSO records), for the violation report. Pure: the
 * log and a symbolizer in, text out. */
#ifndef LINEUP_CLI_REPORT_TSO_H
#define LINEUP_CLI_REPORT_TSO_H

#include "lineup/buf.h"
#include "report-livelock.h"
#include "cli/run/shm-log.h"

/* One line per stale load of the log ("  stale load: step 12: 0.2 at f+0x1c read 0x...
 * while 0.1's store of 1 (4 bytes) to 0x... at g+0x8 was still buffered"), then, when the
 * load passed stores of its own thread's buffer, a line naming them ("    it passed 2
 * stores of its own, still buffered: at f+0x4 to 0x..., at f+0xb to 0x...", oldest first;
 * " (the oldest and the newest 3 shown)" when there were more); then one line per passing
 * load ("  passing load: step 9: 0.1 at f+0x1d read 0x... ahead of 1 store of its own, still
 * buffered: at f+0x17 to 0x...") and "  (N more passing loads: ...)" when some were not
 * kept; nothing when the log has none. */
void lp_report_stale_loads(struct lp_buf *b, const struct lp_exec_log *log, lp_symbolize_fn sym,
			   void *arg);

/* The same as a JSON array (violation.stale_loads): per load {"step", "loader", "load_site",
 * "load_addr", "owner", "store_site", "store_addr", "size", "value" (as the text shows it),
 * "passed_count" (the stores it passed), "passed": [{"site", "addr"}] (at most
 * LP_TSO_PASSED, oldest first)}. */
void lp_report_stale_loads_json(struct lp_buf *b, const struct lp_exec_log *log,
				lp_symbolize_fn sym, void *arg);

/* The passing loads (LP_REC_TSO_PASS: loads that went ahead of their own buffered stores,
 * no stale load) as a JSON array (violation.passing_loads): per load {"step", "loader",
 * "load_site", "load_addr", "passed_count", "passed": [{"site", "addr"}], "more_not_kept"
 * (the passing loads not kept while it was the latest: repeats, or past the cap)}. */
void lp_report_passing_loads_json(struct lp_buf *b, const struct lp_exec_log *log,
				  lp_symbolize_fn sym, void *arg);

#endif
