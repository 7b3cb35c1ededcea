/* cli/report/crash-text.c — a crash's wording in the report and the JSON (crash-text.h). */
#include "crash-text.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/report/json.h"

static const char *signal_name(int sig, char buf[32])
{
	const char *s = sigabbrev_np(sig);
	if (s) {
		strcpy(buf, "SIG");
		strncat(buf, s, 28);
	} else {
		snprintf(buf, 32, "signal %d", sig);
	}
	return buf;
}

const char *lp_crash_code_text(int signo, int code)
{
	static const char *const segv[] = {NULL, "address not mapped", "invalid permissions",
					   "failed address bound checks", "protection key"};
	static const char *const bus[] = {NULL,
					  "invalid address alignment",
					  "nonexistent physical address",
					  "object-specific hardware error",
					  "memory error",
					  "memory error"};
	static const char *const fpe[] = {NULL,
					  "integer divide by zero",
					  "integer overflow",
					  "floating-point divide by zero",
					  "floating-point overflow",
					  "floating-point underflow",
					  "floating-point inexact result",
					  "invalid floating-point operation",
					  "subscript out of range"};
	static const char *const ill[] = {NULL,
					  "illegal opcode",
					  "illegal operand",
					  "illegal addressing mode",
					  "illegal trap",
					  "privileged opcode",
					  "privileged register",
					  "coprocessor error",
					  "internal stack error"};
#define PICK(t) (code > 0 && (size_t)code < sizeof t / sizeof *t ? t[code] : NULL)
	if (code == SI_USER)
		return "sent by kill";
	if (code == SI_TKILL)
		return "raised by abort, raise or tgkill";
	if (code == SI_QUEUE)
		return "sent by sigqueue";
	if (signo == SIGSEGV && code == SI_KERNEL)
		return "general protection fault: a non-canonical address or a privileged "
		       "instruction";
	switch (signo) {
	case SIGSEGV:
		return PICK(segv);
	case SIGBUS:
		return PICK(bus);
	case SIGFPE:
		return PICK(fpe);
	case SIGILL:
		return PICK(ill);
	default:
		return NULL;
	}
#undef PICK
}

bool lp_crash_has_addr(int signo, int code)
{
	return code > 0 && code != SI_KERNEL &&
	       (signo == SIGSEGV || signo == SIGBUS || signo == SIGFPE || signo == SIGILL);
}

void lp_crash_frame_text(struct lp_buf *b, const struct lp_crash_frame *f)
{
	if (f->fn && f->file && f->line > 0)
		lp_buf_printf(b, "%s+0x%" PRIx64 " (%s:%d)", f->fn, f->off, f->file, f->line);
	else if (f->fn)
		lp_buf_printf(b, "%s+0x%" PRIx64 " in %s", f->fn, f->off, f->obj ? f->obj : "?");
	else if (f->obj)
		lp_buf_printf(b, "%s+0x%" PRIx64, f->obj, f->off);
	else
		lp_buf_printf(b, "0x%" PRIx64, f->pc);
}

/* libc, the loader and the preload: below a thread's start routine, never the client's. */
static bool runtime_object(const char *obj)
{
	return obj && (!strncmp(obj, "libc.so", 7) || !strncmp(obj, "ld-linux", 8) ||
		       !strncmp(obj, "liblineup-preload", 17));
}

size_t lp_crash_shown(const struct lp_crash_frame *f, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (f[i].fn && !strcmp(f[i].fn, "main"))
			return i + 1;
	size_t k = n;
	while (k > 1 &&
	       (runtime_object(f[k - 1].obj) || (f[k - 1].fn && !strcmp(f[k - 1].fn, "_start"))))
		k--;
	return k;
}

void lp_crash_headline(struct lp_buf *b, const struct lp_crash_info *ci)
{
	char tid[LP_TID_STRLEN], sig[32];
	lp_buf_printf(b, "thread %s crashed: %s",
		      ci->tid == LP_TID_NONE ? "?" : lp_tid_format(ci->tid, tid),
		      signal_name(ci->signo, sig));
	if (lp_crash_has_addr(ci->signo, ci->code))
		lp_buf_printf(b, " at address 0x%" PRIx64, ci->addr);
	const char *why = lp_crash_code_text(ci->signo, ci->code);
	if (why)
		lp_buf_printf(b, " (%s)", why);
	lp_buf_puts(b, " in ");
	if (ci->n_frames)
		lp_crash_frame_text(b, &ci->frames[0]);
	else
		lp_buf_printf(b, "0x%" PRIx64, ci->pc);
}

char *lp_crash_text(const struct lp_crash_info *ci)
{
	struct lp_buf b = {0};
	lp_crash_headline(&b, ci);
	lp_buf_puts(&b, "\n");
	size_t n = lp_crash_shown(ci->frames, ci->n_frames);
	for (size_t i = 0; i < n; i++) {
		lp_buf_printf(&b, "  #%zu ", i);
		lp_crash_frame_text(&b, &ci->frames[i]);
		lp_buf_puts(&b, "\n");
	}
	return lp_buf_take(&b);
}

char *lp_crash_line(const struct lp_crash_info *ci)
{
	struct lp_buf b = {0};
	lp_crash_headline(&b, ci);
	size_t n = lp_crash_shown(ci->frames, ci->n_frames);
	for (size_t i = 1; i < n; i++) {
		lp_buf_puts(&b, ", called from ");
		lp_crash_frame_text(&b, &ci->frames[i]);
	}
	return lp_buf_take(&b);
}

static void hex_field(struct lp_buf *b, const char *name, uint64_t v)
{
	lp_buf_printf(b, "\"%s\": \"0x%" PRIx64 "\"", name, v);
}

static void str_field(struct lp_buf *b, const char *name, const char *v)
{
	lp_buf_printf(b, "\"%s\": ", name);
	if (v)
		lp_json_string(b, v);
	else
		lp_buf_puts(b, "null");
}

void lp_crash_json(struct lp_buf *b, const struct lp_crash_info *ci)
{
	char tid[LP_TID_STRLEN], sig[32];
	lp_buf_puts(b, "{");
	str_field(b, "thread", ci->tid == LP_TID_NONE ? NULL : lp_tid_format(ci->tid, tid));
	lp_buf_puts(b, ", ");
	str_field(b, "signal", signal_name(ci->signo, sig));
	lp_buf_printf(b, ", \"code\": %d, ", ci->code);
	str_field(b, "code_text", lp_crash_code_text(ci->signo, ci->code));
	lp_buf_puts(b, ", ");
	if (lp_crash_has_addr(ci->signo, ci->code))
		hex_field(b, "address", ci->addr);
	else
		lp_buf_puts(b, "\"address\": null");
	lp_buf_puts(b, ", ");
	hex_field(b, "pc", ci->pc);
	lp_buf_puts(b, ", \"frames\": [");
	size_t n = lp_crash_shown(ci->frames, ci->n_frames);
	for (size_t i = 0; i < n; i++) {
		const struct lp_crash_frame *f = &ci->frames[i];
		lp_buf_puts(b, i ? ", {" : "{");
		hex_field(b, "pc", f->pc);
		lp_buf_puts(b, ", ");
		str_field(b, "function", f->fn);
		lp_buf_printf(b, ", \"offset\": %" PRIu64 ", ", f->off);
		str_field(b, "file", f->file);
		if (f->file && f->line > 0)
			lp_buf_printf(b, ", \"line\": %d, ", f->line);
		else
			lp_buf_puts(b, ", \"line\": null, ");
		str_field(b, "object", f->obj);
		lp_buf_puts(b, "}");
	}
	lp_buf_puts(b, "]}");
}

void lp_crash_info_free(struct lp_crash_info *ci)
{
	if (!ci)
		return;
	for (size_t i = 0; i < ci->n_frames; i++) {
		free(ci->frames[i].fn);
		free(ci->frames[i].file);
		free(ci->frames[i].obj);
	}
	free(ci->frames);
	free(ci);
}
