/* cli/run/budget.c — durations, bound estimates and coverage sentences (pure; see budget.h). */
#include "budget.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/buf.h"

static int parse_duration(const char *s, double *secs, bool zero)
{
	double total = 0;
	const char *p = s;
	if (!*p)
		return -1;
	while (*p) {
		char *end;
		if (*p < '0' || *p > '9')
			return -1;
		double v = strtod(p, &end);
		if (end == p || v < 0)
			return -1;
		double unit = 1;
		switch (*end) {
		case 'h':
			unit = 3600, end++;
			break;
		case 'm':
			unit = 60, end++;
			break;
		case 's':
			end++;
			break;
		case 0:
			break;
		default:
			return -1;
		}
		total += v * unit;
		p = end;
	}
	if (!(total > 0 || (zero && total == 0)) || total > 366.0 * 86400)
		return -1;
	*secs = total;
	return 0;
}

int lp_duration_parse(const char *s, double *secs) { return parse_duration(s, secs, false); }

int lp_duration_parse_zero(const char *s, double *secs) { return parse_duration(s, secs, true); }

double lp_budget_bound_estimate(uint64_t done, uint64_t seeds, uint64_t seeds_left,
				double prior_mean)
{
	uint64_t started = seeds > seeds_left ? seeds - seeds_left : 0;
	double mean = started ? (double)done / (double)started : prior_mean;
	if (!(mean > 0))
		mean = 1;
	double est = mean * (double)seeds;
	return est < (double)done ? (double)done : est;
}

/* x^n by squaring (no libm in the cli). */
static double power(double x, uint64_t n)
{
	double r = 1;
	for (; n; n >>= 1, x *= x)
		if (n & 1)
			r *= x;
	return r;
}

double lp_budget_first_mean(double root_subtree)
{
	/* Newton's method: no libm in the cli. */
	double x = root_subtree > 1 ? root_subtree : 1;
	for (int i = 0; i < 30; i++)
		x = 0.5 * (x + root_subtree / x);
	return x > 1 ? x : 1;
}

const char *lp_thousands(uint64_t v, char *buf)
{
	char tmp[32];
	int n = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v), o = 0;
	for (int i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = tmp[i];
	}
	buf[o] = 0;
	return buf;
}

char *lp_coverage_text(const struct lp_coverage *cv, int bound)
{
	struct lp_buf b = {0};
	char n1[32], n2[32];
	if (cv->phase == 1) {
		lp_buf_puts(&b, "phase 1 incomplete; no concurrent schedule checked");
		return lp_buf_take(&b);
	}
	if (cv->exhaustive)
		lp_buf_printf(&b, "every schedule (at most %d preemptions) complete",
			      cv->complete_bound);
	else if (cv->complete_bound >= 0)
		lp_buf_printf(&b, "bound %d complete", cv->complete_bound);
	else if (cv->partial_bound < 0 && !cv->samples)
		lp_buf_puts(&b, "no concurrent schedule checked");
	if (cv->partial_bound >= 0) {
		lp_buf_printf(&b, "%sbound %d: ", b.len ? "; " : "", cv->partial_bound);
		if (cv->partial_total > 0) {
			double pct = (double)(uint64_t)(100.0 * (double)cv->partial_done /
							cv->partial_total);
			if (pct > 99)
				pct = 99; /* it did not finish: never round up to all of it */
			lp_buf_printf(&b, "%.0f%% of its schedules (about %s of %s)", pct,
				      lp_thousands(cv->partial_done, n1),
				      lp_thousands((uint64_t)(cv->partial_total + 0.5), n2));
		} else {
			lp_buf_printf(&b, "%s of its schedules",
				      lp_thousands(cv->partial_done, n1));
		}
	}
	if (cv->sampler) {
		lp_buf_printf(&b, "%s%s random schedule%s (", b.len ? "; " : "",
			      lp_thousands(cv->samples, n1), cv->samples == 1 ? "" : "s");
		if (!strcmp(cv->sampler, "PCT"))
			lp_buf_printf(&b, "PCT depth %u", cv->pct_depth);
		else
			lp_buf_puts(&b, "uniform choices");
		lp_buf_printf(&b, ", seed %llu)", (unsigned long long)cv->seed);
	}
	(void)bound;
	return lp_buf_take(&b);
}

char *lp_coverage_guarantee(const struct lp_coverage *cv, int bound)
{
	struct lp_buf b = {0};
	if (cv->phase == 1) {
		lp_buf_puts(&b, "none: the run ended before phase 1 finished");
		return lp_buf_take(&b);
	}
	int full = cv->complete_bound;
	if (cv->exhaustive)
		lp_buf_puts(&b, "every schedule has a serial witness (the search ran to its end "
				"without a bound)");
	else if (full >= 0)
		lp_buf_printf(&b,
			      "every schedule with at most %d preemption%s has a serial witness",
			      full, full == 1 ? "" : "s");
	else
		lp_buf_puts(&b, "no preemption bound was checked completely");
	if (cv->partial_bound >= 0)
		lp_buf_printf(&b, "; bound %d only in part", cv->partial_bound);
	if (cv->sampler && !strcmp(cv->sampler, "PCT") && cv->samples && cv->pct_k) {
		unsigned n = cv->threads ? cv->threads : 1;
		double p = 1.0 / ((double)n * power((double)cv->pct_k, cv->pct_depth - 1u));
		double miss = power(1.0 - p, cv->samples);
		lp_buf_printf(
		    &b,
		    "; each PCT run finds a bug of depth %u with probability >= 1/(n*k^%u) = %.3g "
		    "(n = %u threads, k = %llu scheduling points), so %s runs miss one with "
		    "probability <= %.3g",
		    cv->pct_depth, cv->pct_depth - 1, p, n, (unsigned long long)cv->pct_k,
		    cv->samples == 1 ? "1" : "these", miss);
	} else if (cv->sampler) {
		lp_buf_puts(&b, "; uniformly random schedules carry no probability bound");
	}
	(void)bound;
	return lp_buf_take(&b);
}
