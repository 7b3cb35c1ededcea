/* scheduler/explore-schedule.c — schedule strings ("c:4@0.2,9@0.1") for people and --replay. */
#include "explore.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup/stringify.h"
char *lp_schedule_format(const struct lp_schedule *s)
{
	size_t cap = 3 + s->n * (21 + LP_TID_STRLEN + 2), len = 0;
	char *buf = malloc(cap);
	if (!buf)
		return NULL;
	len += (size_t)snprintf(buf, cap, "%c:", s->phase == LP_PHASE_SERIAL ? 's' : 'c');
	for (size_t i = 0; i < s->n; i++) {
		char tid[LP_TID_STRLEN];
		len += (size_t)snprintf(buf + len, cap - len, "%s%llu@%s", i ? "," : "",
					(unsigned long long)s->ov[i].step,
					lp_tid_format(s->ov[i].tid, tid));
	}
	return buf;
}

void lp_schedule_clear(struct lp_schedule *s)
{
	free(s->ov);
	memset(s, 0, sizeof *s);
}

static int fail(char *err, size_t errsize, const char *what, const char *text)
{
	snprintf(err, errsize, "%s in schedule '%s' (expected e.g. 'c:4@0.2,9@0.1')", what, text);
	return -1;
}

int lp_schedule_parse(const char *text, struct lp_schedule *out, char *err, size_t errsize)
{
	memset(out, 0, sizeof *out);
	if ((text[0] != 's' && text[0] != 'c') || text[1] != ':')
		return fail(err, errsize, "missing phase prefix 's:' or 'c:'", text);
	out->phase = text[0] == 's' ? LP_PHASE_SERIAL : LP_PHASE_CONCURRENT;
	const char *p = text + 2;
	size_t cap = 0;
	while (*p) {
		if (*p < '0' || *p > '9') {
			lp_schedule_clear(out);
			return fail(err, errsize, "expected a step number", text);
		}
		errno = 0;
		char *end;
		unsigned long long step = strtoull(p, &end, 10);
		if (errno || *end != '@') {
			lp_schedule_clear(out);
			return fail(err, errsize, "expected STEP@THREAD", text);
		}
		p = end + 1;
		size_t tl = strcspn(p, ",");
		char tid[LP_TID_STRLEN];
		lp_tid_t t;
		if (tl == 0 || tl >= sizeof tid) {
			lp_schedule_clear(out);
			return fail(err, errsize, "bad thread id", text);
		}
		memcpy(tid, p, tl);
		tid[tl] = 0;
		if (lp_tid_parse(tid, &t) < 0) {
			lp_schedule_clear(out);
			return fail(err, errsize, "bad thread id", text);
		}
		if (out->n && step <= out->ov[out->n - 1].step) {
			lp_schedule_clear(out);
			return fail(err, errsize, "steps not strictly increasing", text);
		}
		if (out->n == LP_MAX_OVERRIDES) {
			lp_schedule_clear(out);
			return fail(err, errsize,
				    "more than " LP_STR(LP_MAX_OVERRIDES) " overrides", text);
		}
		if (out->n == cap) {
			cap = cap ? 2 * cap : 8;
			struct lp_override *ov = realloc(out->ov, cap * sizeof *ov);
			if (!ov) {
				lp_schedule_clear(out);
				return fail(err, errsize, "out of memory", text);
			}
			out->ov = ov;
		}
		out->ov[out->n++] = (struct lp_override){.step = step, .tid = t};
		p += tl;
		if (*p == ',') {
			p++;
			if (!*p) {
				lp_schedule_clear(out);
				return fail(err, errsize, "trailing comma", text);
			}
		}
	}
	return 0;
}
