/* cli/summary.c — run summary bookkeeping shared by the text and JSON reports. */
#include "summary.h"

#include <string.h>

#include "lineup/die.h"

void lp_summary_warn(struct lp_summary *s, const char *text)
{
	for (size_t i = 0; i < s->n_warnings; i++)
		if (!strcmp(s->warnings[i], text))
			return;
	s->warnings = lp_xrealloc(s->warnings, (s->n_warnings + 1) * sizeof *s->warnings);
	s->warnings[s->n_warnings++] = lp_xstrdup(text);
}

const char *lp_verdict_text(enum lp_verdict v)
{
	switch (v) {
	case LP_VERDICT_OK: return "no violation found";
	case LP_VERDICT_VIOLATION: return "violation";
	case LP_VERDICT_NONDETERMINISTIC: return "nondeterministic";
	}
	return "?";
}
