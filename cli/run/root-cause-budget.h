/* cli/run/root-cause-budget.h — how long the root-cause search of a violation may run (pure).
 *
 * The search runs after the violation report, while the user waits for the verdict line, and
 * proving one candidate repair is a whole bounded exploration without phase 2's commuting of
 * calls: it can cost ten times the check. By default it is given the time the check took
 * (phases 1 and 2, at least LP_RC_MIN_SECONDS) and, as before, at most LP_RC_EXEC_FACTOR
 * times the check's executions (at least LP_RC_EXEC_MIN), whichever ends first: the default
 * never runs longer than the older execution bound did. The time only counts once the search
 * has run LP_RC_TIME_FLOOR executions (two to three seconds here), so a search of that
 * size finds the same root causes on a loaded machine as on an idle one: the bundled 3x3
 * trylock grid proves its two-region repair in 2,972, ten times its check's time.
 * --root-cause-time DURATION replaces all of it with that time alone: the user asked for it
 * (an execution count means little to a user). */
#ifndef LINEUP_CLI_ROOT_CAUSE_BUDGET_H
#define LINEUP_CLI_ROOT_CAUSE_BUDGET_H

#include <stdbool.h>
#include <stdint.h>

#include "lineup/buf.h"

#define LP_RC_MIN_SECONDS 1.0
#define LP_RC_EXEC_FACTOR 25
#define LP_RC_EXEC_MIN 200
#define LP_RC_TIME_FLOOR 5000

struct lp_rc_budget {
	double seconds;	     /* wall time the search may take ... */
	uint64_t floor;	     /* ... once it has run this many executions */
	uint64_t executions; /* executions it may run; 0 = no limit */
	bool given;	     /* seconds came from --root-cause-time */
};

/* What stopped the search: nothing yet, the time, the executions. */
enum lp_rc_stop { LP_RC_GO, LP_RC_STOP_TIME, LP_RC_STOP_EXECS };

/* The budget of a search after a check of check_execs executions that took check_seconds;
 * option: --root-cause-time in seconds, 0 when not given. */
struct lp_rc_budget lp_rc_budget_make(uint64_t check_execs, double check_seconds, double option);

/* Whether the search must stop before its next execution, having run execs in elapsed s. */
enum lp_rc_stop lp_rc_budget_check(const struct lp_rc_budget *b, uint64_t execs, double elapsed);

/* Why it stopped, for the report: "the time the check took; --root-cause-time to give more". */
const char *lp_rc_stop_why(const struct lp_rc_budget *b, enum lp_rc_stop stop);

/* The report's line when the search stopped at its bound (stop) before finding a root cause:
 * "root causes: stopped after 1.3 s (the time the check took; --root-cause-time to give
 * more): 3 candidates tried, none removes the violation"; where is "" or " at -g memory". */
void lp_rc_stopped_line(struct lp_buf *out, const struct lp_rc_budget *b, enum lp_rc_stop stop,
			double elapsed, uint64_t execs, size_t tried, const char *where);

/* The JSON name of a stop: "time", "executions"; NULL for LP_RC_GO. */
const char *lp_rc_stop_json(enum lp_rc_stop stop);

#endif
