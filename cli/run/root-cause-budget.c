/* cli/run/root-cause-budget.c — the bounds of the root-cause search and the words for a
 * search that reached one (root-cause-budget.h). */
#include "cli/run/root-cause-budget.h"

#include <inttypes.h>
#include <stddef.h>

#include "lineup/stringify.h"

struct lp_rc_budget lp_rc_budget_make(uint64_t check_execs, double check_seconds, double option)
{
	if (option > 0)
		return (struct lp_rc_budget){option, 0, 0, true};
	uint64_t execs = check_execs * LP_RC_EXEC_FACTOR;
	return (struct lp_rc_budget){
	    check_seconds > LP_RC_MIN_SECONDS ? check_seconds : LP_RC_MIN_SECONDS, LP_RC_TIME_FLOOR,
	    execs > LP_RC_EXEC_MIN ? execs : LP_RC_EXEC_MIN, false};
}

enum lp_rc_stop lp_rc_budget_check(const struct lp_rc_budget *b, uint64_t execs, double elapsed)
{
	if (b->executions && execs >= b->executions)
		return LP_RC_STOP_EXECS;
	if (elapsed >= b->seconds && execs >= b->floor)
		return LP_RC_STOP_TIME;
	return LP_RC_GO;
}

const char *lp_rc_stop_why(const struct lp_rc_budget *b, enum lp_rc_stop stop)
{
	if (stop == LP_RC_STOP_EXECS)
		return LP_STR(LP_RC_EXEC_FACTOR) " times the executions of the check; "
						 "--root-cause-time to give it time instead";
	if (b->given)
		return "the time --root-cause-time gave it";
	return "the time the check took; --root-cause-time to give more";
}

void lp_rc_stopped_line(struct lp_buf *out, const struct lp_rc_budget *b, enum lp_rc_stop stop,
			double elapsed, uint64_t execs, size_t tried, const char *where)
{
	if (stop == LP_RC_STOP_EXECS)
		lp_buf_printf(out,
			      "root causes: stopped after %" PRIu64 " executions%s (%s): ", execs,
			      where, lp_rc_stop_why(b, stop));
	else
		lp_buf_printf(out, "root causes: stopped after %.1f s%s (%s): ", elapsed, where,
			      lp_rc_stop_why(b, stop));
	if (!tried)
		lp_buf_puts(out, "no candidate repair checked to the end\n");
	else if (tried == 1)
		lp_buf_puts(out, "1 candidate tried, it does not remove the violation\n");
	else
		lp_buf_printf(out, "%zu candidates tried, none removes the violation\n", tried);
}

const char *lp_rc_stop_json(enum lp_rc_stop stop)
{
	return stop == LP_RC_STOP_TIME ? "time" : stop == LP_RC_STOP_EXECS ? "executions" : NULL;
}
