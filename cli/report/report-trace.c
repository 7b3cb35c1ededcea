/* cli/report/report-trace.c — the per-step trace printed by `--replay -v`. */
#include "report-trace.h"

#include <stdlib.h>

#include "lineup/buf.h"

static const char *const point_names[] = {
    [LP_PT_OP_START] = "op-start",
    [LP_PT_OP_END] = "op-end",
    [LP_PT_THREAD_START] = "thread-start",
    [LP_PT_THREAD_EXIT] = "thread-exit",
    [LP_PT_SYNC] = "sync",
    [LP_PT_BLOCK] = "block",
    [LP_PT_YIELD] = "yield",
    [LP_PT_ATOMIC] = "atomic",
    [LP_PT_MEMORY] = "memory",
    [LP_PT_EXIT] = "exit",
};
#define N_POINTS (sizeof point_names / sizeof point_names[0])

const char *lp_point_name(uint32_t point)
{
	return point < N_POINTS && point_names[point] ? point_names[point] : "?";
}

char *lp_trace_text(const struct lp_exec_log *log, lp_symbolize_fn sym, void *arg)
{
	struct lp_buf b = {0};
	uint64_t per_kind[N_POINTS + 1] = {0};
	/* Consecutive points at one site are symbolized once. */
	uint64_t last_site = 0;
	char *last_text = NULL;
	for (size_t i = 0; i < log->n_decisions; i++) {
		const struct lp_explore_decision *d = &log->decisions[i];
		char run[LP_TID_STRLEN], next[LP_TID_STRLEN];
		per_kind[d->point < N_POINTS ? d->point : N_POINTS]++;
		lp_buf_printf(&b, "  step %-5llu %-8s %-12s", (unsigned long long)d->step,
			      lp_tid_format(d->running, run), lp_point_name(d->point));
		uint64_t site = log->sites ? log->sites[i] : 0;
		if (site) {
			if (!last_text || site != last_site) {
				free(last_text);
				last_text = sym(arg, site);
				last_site = site;
			}
			lp_buf_printf(&b, " %s", last_text);
		}
		if (d->chosen != d->running)
			lp_buf_printf(&b, "  -> %s%s", lp_tid_format(d->chosen, next),
				      lp_explore_is_preemption(d, d->chosen) ? " (preemption)"
									     : "");
		while (b.len && b.s[b.len - 1] == ' ')
			b.s[--b.len] = 0;
		lp_buf_puts(&b, "\n");
	}
	free(last_text);
	lp_buf_printf(&b, "  %zu scheduling points", log->n_decisions);
	const char *sep = ": ";
	for (size_t k = 0; k <= N_POINTS; k++)
		if (per_kind[k]) {
			lp_buf_printf(&b, "%s%llu %s", sep, (unsigned long long)per_kind[k],
				      k < N_POINTS ? lp_point_name((uint32_t)k) : "?");
			sep = ", ";
		}
	lp_buf_puts(&b, "\n");
	return lp_buf_take(&b);
}
