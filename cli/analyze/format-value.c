/* cli/analyze/format-value.c — the text of a recorded value in a history (lineup-history(5)).
 * Only the bytes the type occupies count: a bool or a short comes back in %al/%ax with
 * garbage above it, a float in the low 32 bits of %xmm0. */
#include "analyze.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

struct out {
	char *buf;
	size_t size, len;
};

/* Appends a piece only if it fits whole, so an escape is never cut in half. */
static bool put(struct out *o, const char *s, size_t n)
{
	if (o->len + n + 1 > o->size)
		return false;
	memcpy(o->buf + o->len, s, n);
	o->len += n;
	o->buf[o->len] = 0;
	return true;
}

static void put_string(struct out *o, const char *s, uint32_t len, bool truncated)
{
	if (!s || len == LP_STR_NULL) {
		put(o, "NULL", 4);
		return;
	}
	if (!put(o, "\"", 1))
		return;
	for (uint32_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		char esc[5];
		size_t n = 2;
		esc[0] = '\\';
		switch (c) {
		case '\n':
			esc[1] = 'n';
			break;
		case '\t':
			esc[1] = 't';
			break;
		case '"':
			esc[1] = '"';
			break;
		case '\\':
			esc[1] = '\\';
			break;
		default:
			if (c >= 0x20 && c < 0x7f) {
				esc[0] = (char)c;
				n = 1;
			} else {
				snprintf(esc, sizeof(esc), "\\x%02x", c);
				n = 4;
			}
		}
		if (!put(o, esc, n))
			return;
	}
	if (put(o, "\"", 1) && truncated)
		put(o, "...", 3);
}

size_t lp_format_value(enum lp_kind kind, uint64_t raw, const char *str, uint32_t len,
		       bool truncated, char *buf, size_t bufsize)
{
	struct out o = {buf, bufsize, 0};
	char tmp[64];
	int n = 0;
	if (!bufsize)
		return 0;
	buf[0] = 0;
	switch (kind) {
	case LP_K_VOID:
		n = snprintf(tmp, sizeof(tmp), "void");
		break;
	case LP_K_I1:
		n = snprintf(tmp, sizeof(tmp), "%d", (int)(int8_t)raw);
		break;
	case LP_K_I2:
		n = snprintf(tmp, sizeof(tmp), "%d", (int)(int16_t)raw);
		break;
	case LP_K_I4:
		n = snprintf(tmp, sizeof(tmp), "%" PRId32, (int32_t)raw);
		break;
	case LP_K_I8:
		n = snprintf(tmp, sizeof(tmp), "%" PRId64, (int64_t)raw);
		break;
	case LP_K_U1:
		n = snprintf(tmp, sizeof(tmp), "%u", (unsigned)(uint8_t)raw);
		break;
	case LP_K_U2:
		n = snprintf(tmp, sizeof(tmp), "%u", (unsigned)(uint16_t)raw);
		break;
	case LP_K_U4:
		n = snprintf(tmp, sizeof(tmp), "%" PRIu32, (uint32_t)raw);
		break;
	case LP_K_U8:
		n = snprintf(tmp, sizeof(tmp), "%" PRIu64, raw);
		break;
	case LP_K_BOOL:
		n = snprintf(tmp, sizeof(tmp), "%s", (raw & 0xff) ? "true" : "false");
		break;
	case LP_K_PTR:
		n = snprintf(tmp, sizeof(tmp), "0x%" PRIx64, raw);
		break;
	case LP_K_F4: {
		uint32_t bits = (uint32_t)raw;
		float f;
		memcpy(&f, &bits, sizeof(f));
		n = snprintf(tmp, sizeof(tmp), "%.17g", (double)f);
		break;
	}
	case LP_K_F8: {
		double d;
		memcpy(&d, &raw, sizeof(d));
		n = snprintf(tmp, sizeof(tmp), "%.17g", d);
		break;
	}
	case LP_K_STR:
		put_string(&o, str, len, truncated);
		return o.len;
	default: /* untyped: the raw register, marked so it never looks like a typed value */
		n = snprintf(tmp, sizeof(tmp), "?0x%" PRIx64, raw);
		break;
	}
	size_t want = (size_t)n;
	if (want >= bufsize)
		want = bufsize - 1;
	memcpy(buf, tmp, want);
	buf[want] = 0;
	return want;
}
