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
 * " (the oldest and the newest 3 shown)" when there were more); nothing when the log has
 * none. */
void lp_report_stale_loads(struct lp_buf *b, const struct lp_exec_log *log, lp_symbolize_fn sym,
			   void *arg);

/* The same as a JSON array (violation.stale_loads): per load {"step", "loader", "load_site",
 * "load_addr", "owner", "store_site", "store_addr", "size", "value" (as the text shows it),
 * "passed_count" (the stores it passed), "passed": [{"site", "addr"}] (at most
 * LP_TSO_PASSED, oldest first)}. */
void lp_report_stale_loads_json(struct lp_buf *b, const struct lp_exec_log *log,
				lp_symbolize_fn sym, void *arg);

#endif
