/* cli/campaign/merge-read.c — reads the campaign reports merge joins (cli/campaign/merge.h): the
 * arguments expanded (a folder gives its *.json files) and each report parsed. The reports
 * are the ones cli/campaign/campaign-json.c writes: a header line, one result a line, the
 * violation; this reads that layout, not JSON in general. */
#include "cli/campaign/merge.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lineup/buf.h"
#include "cli/report/json-read.h"
#include "lineup/die.h"

static int fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
	return -1;
}

/* Where the value of "key" starts in [p, end), or NULL. */
static const char *value_of(const char *p, const char *end, const char *key)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\": ", key);
	const char *v = strstr(p, pat);
	return v && v < end ? v + strlen(pat) : NULL;
}

/* A short string value copied into out (size n); false when absent or null. */
static bool short_string(const char *p, const char *end, const char *key, char *out, size_t n)
{
	char *s = lp_json_string_at(value_of(p, end, key));
	if (!s)
		return false;
	snprintf(out, n, "%s", s);
	free(s);
	return true;
}

static bool number(const char *p, const char *end, const char *key, unsigned long long *v)
{
	const char *s = value_of(p, end, key);
	char *e;
	if (!s || *s < '0' || *s > '9')
		return false;
	*v = strtoull(s, &e, 10);
	return true;
}

/* One result line: {"index": I, "verdict": ..., "exit": X, "phase1_executions": A,
 * "phase2_executions": B, "test": ...}. */
static bool parse_row(const char *line, const char *end, struct lp_merge_row *r)
{
	unsigned long long x;
	if (!number(line, end, "index", &r->index) || !number(line, end, "exit", &x) ||
	    !number(line, end, "phase1_executions", &r->p1) ||
	    !number(line, end, "phase2_executions", &r->p2))
		return false;
	r->status = (int)x;
	return true;
}

static int parse_rows(const char *rows, const char *end, struct lp_merge_shard *s, char *err,
		      size_t errsize)
{
	for (const char *l = rows; l < end && *l == '{';) {
		const char *nl = strchr(l, '\n');
		if (!nl || nl > end)
			nl = end;
		struct lp_merge_row r;
		if (!parse_row(l, nl, &r))
			return fail(err, errsize,
				    "'%s': result %zu is malformed: is it a report "
				    "lineup-preload wrote?",
				    s->file, s->n_rows + 1);
		if (r.index % s->n != s->k % s->n || r.index > s->generated ||
		    (s->n_rows && r.index <= s->rows[s->n_rows - 1].index))
			return fail(
			    err, errsize,
			    "'%s': test %llu is not in the order of shard %u/%u's tests: is "
			    "the report edited?",
			    s->file, r.index, s->k, s->n);
		s->rows = lp_xrealloc(s->rows, (s->n_rows + 1) * sizeof *s->rows);
		s->rows[s->n_rows++] = r;
		if (r.status && !s->first_fail)
			s->first_fail = r.index;
		l = nl + 1;
	}
	return 0;
}

int lp_merge_parse(const char *js, const char *file, struct lp_merge_shard *s, char *err,
		   size_t errsize)
{
	memset(s, 0, sizeof *s);
	s->file = file;
	s->exit = -1;
	const char *rows = strstr(js, "\"results\": [\n"), *vio = strstr(js, "],\n\"violation\": ");
	unsigned long long x;
	if (!rows || !vio || vio < rows || !number(js, rows, "generated", &s->generated) ||
	    !number(js, rows, "seed", &s->seed) ||
	    !short_string(js, rows, "mode", s->mode, sizeof s->mode) ||
	    !short_string(js, rows, "shape", s->shape, sizeof s->shape))
		return fail(err, errsize,
			    "'%s' is not the JSON report of a generated-test run (--random or "
			    "--auto with --json)",
			    file);
	char shard[32] = "1/1", extra;
	short_string(js, rows, "shard", shard, sizeof shard);
	if (sscanf(shard, "%u/%u%c", &s->k, &s->n, &extra) != 2 || !s->n || !s->k || s->k > s->n)
		return fail(err, errsize, "'%s': bad shard '%s'", file, shard);
	s->interrupted =
	    strstr(js, "\"interrupted\": true") && strstr(js, "\"interrupted\": true") < rows;
	short_string(js, rows, "stopped_by", s->stopped_by, sizeof s->stopped_by);
	if (number(js, rows, "exit", &x))
		s->exit = (int)x;
	const char *src = value_of(js, rows, "variables");
	if (src) {
		char *v = lp_json_string_at(src);
		snprintf(s->source, sizeof s->source, "%s", v ? v : "");
		free(v);
	}
	if (parse_rows(rows + strlen("\"results\": [\n"), vio, s, err, errsize))
		return -1;
	const char *tail = vio + strlen("],\n\"violation\": ");
	if (!strchr(tail, '}') && strncmp(tail, "null", 4))
		return fail(err, errsize,
			    "'%s' is cut short: was its shard killed while writing it?", file);
	const char *t = value_of(tail, tail + strlen(tail), "test");
	s->vtest = t ? lp_json_string_at(t) : NULL;
	unsigned long long runs = 0;
	s->minimised = number(tail, tail + strlen(tail), "minimisation_runs", &runs) && runs;
	return 0;
}

void lp_merge_shard_free(struct lp_merge_shard *s)
{
	free(s->rows);
	free(s->vtest);
	memset(s, 0, sizeof *s);
}

static int json_file(const struct dirent *d)
{
	size_t l = strlen(d->d_name);
	return d->d_name[0] != '.' && l > 5 && !strcmp(d->d_name + l - 5, ".json");
}

int lp_merge_collect(int argc, char **argv, char ***files, int *n_files, char *err, size_t errsize)
{
	*files = NULL, *n_files = 0;
	for (int i = 0; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st))
			return fail(err, errsize, "cannot read report '%s': %s", argv[i],
				    strerror(errno));
		if (!S_ISDIR(st.st_mode)) {
			*files = lp_xrealloc(*files, (size_t)(*n_files + 1) * sizeof **files);
			(*files)[(*n_files)++] = lp_xstrdup(argv[i]);
			continue;
		}
		struct dirent **list;
		int n = scandir(argv[i], &list, json_file, alphasort);
		if (n < 0)
			return fail(err, errsize, "cannot read the folder '%s': %s", argv[i],
				    strerror(errno));
		if (!n)
			return fail(err, errsize,
				    "no *.json report in '%s': give the folder the shards' --json "
				    "reports went to",
				    argv[i]);
		*files = lp_xrealloc(*files, (size_t)(*n_files + n) * sizeof **files);
		for (int j = 0; j < n; j++) {
			struct lp_buf b = {0};
			lp_buf_printf(&b, "%s/%s", argv[i], list[j]->d_name);
			(*files)[(*n_files)++] = lp_buf_take(&b);
			free(list[j]);
		}
		free(list);
	}
	return 0;
}
