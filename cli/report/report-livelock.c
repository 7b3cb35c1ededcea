/* cli/report/report-livelock.c — names the spinning thread and its loop when an execution ends
 * with LP_OUT_LIVELOCK (the runtime ends it at the point after the last decision). */
#include "report-livelock.h"

#include <stdlib.h>

#include "lineup/buf.h"

char *lp_livelock_text(const struct lp_exec_log *log, uint64_t max_steps, lp_symbolize_fn sym,
		       void *arg)
{
	struct lp_buf b = {0};
	if (!log->n_decisions) {
		lp_buf_printf(&b,
			      "stuck: a thread took more than %llu scheduling points (--max-steps) "
			      "inside one "
			      "operation without finishing\n%s",
			      (unsigned long long)max_steps, LP_LIVELOCK_CAUTION);
		return lp_buf_take(&b);
	}
	/* The last decision let the spinning thread run; its next point was one too many. */
	lp_tid_t t = log->decisions[log->n_decisions - 1].chosen;
	char tid[LP_TID_STRLEN];
	lp_buf_printf(&b,
		      "stuck: thread %s took more than %llu scheduling points (--max-steps) inside "
		      "one operation "
		      "without finishing",
		      lp_tid_format(t, tid), (unsigned long long)max_steps);
	uint64_t seen[LP_LIVELOCK_SITES];
	size_t n_seen = 0, looked = 0;
	for (size_t i = log->n_decisions;
	     i-- > 0 && looked < LP_LIVELOCK_WINDOW && n_seen < LP_LIVELOCK_SITES;) {
		if (log->decisions[i].running != t)
			continue;
		looked++;
		uint64_t site = log->sites[i];
		bool dup = site == 0;
		for (size_t k = 0; k < n_seen && !dup; k++)
			dup = seen[k] == site;
		if (dup)
			continue;
		seen[n_seen++] = site;
		char *s = sym(arg, site);
		lp_buf_printf(&b, "%s%s", n_seen == 1 ? "; it is spinning at " : ", ", s);
		free(s);
	}
	if (!n_seen)
		lp_buf_puts(&b, " (its last points have no code address)");
	lp_buf_puts(&b, "\n" LP_LIVELOCK_CAUTION);
	return lp_buf_take(&b);
}
