/* cli/report/summary.c — run summary bookkeeping shared by the text and JSON reports. */
#include "summary.h"

#include <stdlib.h>
#include <string.h>

#include "lineup/buf.h"
#include "lineup/die.h"

void lp_summary_warn(struct lp_summary *s, const char *text)
{
	bool fresh, added;
	long g = lp_site_groups_add(&s->site_groups, text, &fresh, &added);
	if (g >= 0) { /* the group's line, in the place of its first warning */
		struct lp_site_group *grp = &s->site_groups.g[g];
		if (fresh) {
			grp->warning = s->n_warnings;
			s->warnings =
			    lp_xrealloc(s->warnings, (s->n_warnings + 1) * sizeof *s->warnings);
			s->warnings[s->n_warnings++] = lp_site_group_line(grp);
		} else if (added) {
			free(s->warnings[grp->warning]);
			s->warnings[grp->warning] = lp_site_group_line(grp);
		}
		return;
	}
	for (size_t i = 0; i < s->n_warnings; i++)
		if (!strcmp(s->warnings[i], text))
			return;
	s->warnings = lp_xrealloc(s->warnings, (s->n_warnings + 1) * sizeof *s->warnings);
	s->warnings[s->n_warnings++] = lp_xstrdup(text);
}

const char *lp_run_verdict_text(enum lp_run_verdict v)
{
	switch (v) {
	case LP_RUN_OK:
		return "no violation found";
	case LP_RUN_VIOLATION:
		return "violation";
	case LP_RUN_NONDETERMINISTIC:
		return "nondeterministic";
	case LP_RUN_UNCHECKED:
		return "nothing checked";
	}
	return "?";
}

char *lp_verdict_text(const struct lp_summary *s)
{
	struct lp_buf b = {0};
	lp_buf_puts(&b, lp_run_verdict_text(s->verdict));
	if (s->verdict != LP_RUN_UNCHECKED)
		return lp_buf_take(&b);
	const struct lp_coverage *cv = &s->cov;
	if (!cv->stopped_by)
		lp_buf_puts(&b, ": no concurrent history could be checked");
	else
		lp_buf_printf(&b, ": %s ended the run before %s", cv->stopped_by,
			      cv->phase == 1 ? "phase 1 finished"
					     : "any concurrent history was checked");
	return lp_buf_take(&b);
}

void lp_summary_free(struct lp_summary *s)
{
	for (size_t i = 0; i < s->n_warnings; i++)
		free(s->warnings[i]);
	free(s->warnings);
	lp_site_groups_free(&s->site_groups);
	free(s->p1_symmetry);
	s->p1_symmetry = NULL;
	if (s->violation) {
		free(s->violation->history);
		free(s->violation->schedule);
		free(s->violation->replay);
		free(s->violation->report);
		free(s->violation->switches);
		free(s->violation->preemptions_json);
		free(s->violation->root_causes);
		free(s->violation->root_causes_json);
		free(s->violation->fences_json);
		free(s->violation->stale_loads_json);
		free(s->violation->passing_loads_json);
		free(s->violation->crash_json);
		free(s->violation);
	}
	free(s->instrumentation);
	free(s->nondeterminism);
	free(s->interception);
	s->interception = NULL;
	s->instrumentation = s->nondeterminism = NULL;
	s->warnings = NULL;
	s->n_warnings = 0;
	s->violation = NULL;
}
