/* cli/report/json-read.c — reads back what json.c wrote (json-read.h). */
#include "json-read.h"

#include <stdlib.h>
#include <string.h>

/* Appends the code point c as UTF-8. */
static void utf8(struct lp_buf *b, unsigned c)
{
	char u[4];
	size_t n;
	if (c < 0x80)
		u[0] = (char)c, n = 1;
	else if (c < 0x800)
		u[0] = (char)(0xc0 | c >> 6), u[1] = (char)(0x80 | (c & 0x3f)), n = 2;
	else
		u[0] = (char)(0xe0 | c >> 12), u[1] = (char)(0x80 | ((c >> 6) & 0x3f)),
		u[2] = (char)(0x80 | (c & 0x3f)), n = 3;
	lp_buf_add(b, u, n);
}

char *lp_json_string_at(const char *p)
{
	if (!p || *p != '"')
		return NULL;
	struct lp_buf b = {0};
	for (p++; *p && *p != '"'; p++) {
		if (*p != '\\') {
			lp_buf_add(&b, p, 1);
			continue;
		}
		char e = *++p;
		const char *map = strchr("n\nt\tr\rb\bf\f", e);
		if (e == 'u' && strlen(p) >= 5) {
			utf8(&b, (unsigned)strtoul((char[]){p[1], p[2], p[3], p[4], 0}, NULL, 16));
			p += 4;
		} else if (map && (map - "n\nt\tr\rb\bf\f") % 2 == 0) {
			lp_buf_add(&b, map + 1, 1);
		} else if (e) {
			lp_buf_add(&b, p, 1);
		} else {
			break;
		}
	}
	if (*p != '"') { /* cut short: no string */
		lp_buf_free(&b);
		return NULL;
	}
	return lp_buf_take(&b);
}

char *lp_json_violation_history(const char *json)
{
	const char *v = strstr(json, "\"violation\": {\"kind\": ");
	const char *h = v ? strstr(v, ", \"history\": ") : NULL;
	return h ? lp_json_string_at(h + 13) : NULL;
}
