/* tests/unit/test-run-shm-log.c — records written by hand -> decisions, warnings and the
 * history text. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/run/shm-log.h"

static _Alignas(8) char logbuf[8192];
static size_t loglen;

static void *rec(uint16_t type, size_t size)
{
	size = LP_REC_ALIGN(size);
	struct lp_rec *r = (void *)(logbuf + loglen);
	memset(r, 0, size);
	r->type = type;
	r->size = (uint32_t)size;
	loglen += size;
	return r;
}

static size_t str_size(const char *s)
{
	return sizeof(struct lp_str) + (s ? LP_REC_ALIGN(strlen(s)) : 0);
}

static char *put_str(char *p, const char *s)
{
	struct lp_str *h = (void *)p;
	h->len = s ? (uint32_t)strlen(s) : LP_STR_NULL;
	if (s)
		memcpy(h + 1, s, strlen(s));
	return p + str_size(s);
}

static void call(lp_tid_t t, uint32_t f, int n, const uint64_t *args, const char *str)
{
	size_t size = sizeof(struct lp_rec_call) + (size_t)n * 8 + (f == 2 ? str_size(str) : 0);
	struct lp_rec_call *c = rec(LP_REC_CALL, size);
	c->tid = t, c->func = f, c->nargs = (uint32_t)n;
	memcpy(c + 1, args, (size_t)n * 8);
	if (f == 2)
		put_str((char *)(c + 1) + n * 8, str);
}

static void ret(lp_tid_t t, uint32_t f, uint64_t v, const char *str)
{
	struct lp_rec_ret *r = rec(LP_REC_RET, sizeof *r + (f == 2 ? str_size(str) : 0));
	r->tid = t, r->func = f, r->value = v;
	if (f == 2)
		put_str((char *)(r + 1), str);
}

static void decision(uint64_t step, lp_tid_t run, lp_tid_t chosen, int n, const lp_tid_t *cand)
{
	struct lp_rec_decision *d = rec(LP_REC_DECISION, sizeof *d + (size_t)n * 8);
	d->step = step, d->running = run, d->chosen = chosen, d->point = LP_PT_SYNC,
	d->site = 0x1234;
	d->n_candidates = (uint32_t)n;
	memcpy(d + 1, cand, (size_t)n * 8);
}

static void text(uint16_t type, const char *msg)
{
	struct lp_rec_text *t = rec(type, sizeof *t + strlen(msg));
	t->len = (uint32_t)strlen(msg);
	memcpy(t + 1, msg, strlen(msg));
}

static size_t fmt(enum lp_kind k, uint64_t raw, const char *s, uint32_t len, bool trunc, char *buf,
		  size_t n)
{
	switch (k) {
	case LP_K_VOID:
		return (size_t)snprintf(buf, n, "void");
	case LP_K_I4:
		return (size_t)snprintf(buf, n, "%d", (int32_t)raw);
	case LP_K_PTR:
		return (size_t)snprintf(buf, n, "0x%llx", (unsigned long long)raw);
	case LP_K_STR:
		return s ? (size_t)snprintf(buf, n, "\"%.*s\"%s", (int)len, s, trunc ? "..." : "")
			 : (size_t)snprintf(buf, n, "NULL");
	default:
		return (size_t)snprintf(buf, n, "%llu", (unsigned long long)raw);
	}
}

static struct lp_plan_func funcs[3] = {
    {.name = "queue_new", .ret = LP_K_PTR, .nargs = 0, .typed = true},
    {.name = "queue_add", .ret = LP_K_VOID, .nargs = 2, .args = {LP_K_PTR, LP_K_I4}, .typed = true},
    {.name = "lookup", .ret = LP_K_STR, .nargs = 2, .args = {LP_K_PTR, LP_K_STR}, .typed = true},
};
static struct lp_plan plan = {.n_funcs = 3, .funcs = funcs};

#define T0 LP_TID_MAIN
#define T1 ((lp_tid_t)1 << 56)
#define T2 ((lp_tid_t)2 << 56)

static void build(void)
{
	loglen = 0;
	call(T0, 0, 0, NULL, NULL);
	ret(T0, 0, 0x5000, NULL);
	decision(0, T0, T1, 2, (lp_tid_t[]){T1, T2});
	call(T1, 1, 2, (uint64_t[]){0x5000, (uint32_t)-7}, NULL);
	text(LP_REC_WARN, "unrecognised spin");
	decision(1, T1, T2, 2, (lp_tid_t[]){T1, T2});
	call(T2, 2, 2, (uint64_t[]){0x5000, 0x6000}, "key");
	ret(T2, 2, 0x7000, NULL);
	ret(T1, 1, 0xdeadbeef, NULL);
}

static void history_text(void **state)
{
	build();
	char err[128];
	char *h = lp_shmlog_history(logbuf, loglen, &plan, "history concurrent schedule=c:1@0.2",
				    false, fmt, err, sizeof err);
	assert_non_null(h);
	assert_string_equal(h, "history concurrent schedule=c:1@0.2\n"
			       "0 call queue_new()\n"
			       "0 ret 0x5000\n"
			       "0.1 call queue_add(0x5000, -7)\n"
			       "0.2 call lookup(0x5000, \"key\")\n"
			       "0.2 ret NULL\n"
			       "0.1 ret void\n"
			       "end\n");
	free(h);
}

static void stuck_and_pending(void **state)
{
	loglen = 0;
	call(T1, 1, 2, (uint64_t[]){1, 2}, NULL);
	char err[128];
	char *h = lp_shmlog_history(logbuf, loglen, &plan, "history concurrent", true, fmt, err,
				    sizeof err);
	assert_string_equal(h, "history concurrent\n0.1 call queue_add(0x1, 2)\nstuck\nend\n");
	free(h);
}

static void parsed(void **state)
{
	build();
	struct lp_exec_log l;
	char err[128];
	assert_int_equal(lp_shmlog_parse(logbuf, loglen, &plan, &l, err, sizeof err), 0);
	assert_int_equal(l.n_decisions, 2);
	assert_int_equal(l.decisions[1].step, 1);
	assert_int_equal(l.decisions[1].chosen, T2);
	assert_int_equal(l.decisions[1].n_candidates, 2);
	assert_int_equal(l.decisions[1].candidates[1], T2);
	assert_int_equal(l.sites[0], 0x1234);
	assert_int_equal(l.n_warnings, 1);
	assert_string_equal(l.warnings[0].text, "unrecognised spin");
	assert_int_equal(l.n_calls, 3);
	assert_int_equal(l.n_returns, 3);
	lp_shmlog_clear(&l);
}

static void malformed(void **state)
{
	char err[128];
	struct lp_exec_log l;
	build();
	((struct lp_rec *)logbuf)->size = 3; /* not a multiple of 8 */
	assert_int_equal(lp_shmlog_parse(logbuf, loglen, &plan, &l, err, sizeof err), -1);
	assert_null(lp_shmlog_history(logbuf, loglen, &plan, "history serial", false, fmt, err,
				      sizeof err));
	build();
	assert_null(lp_shmlog_history(logbuf, loglen - 8, &plan, "history serial", false, fmt, err,
				      sizeof err));
	loglen = 0;
	call(T0, 7, 0, NULL, NULL); /* no such function in the plan */
	assert_null(lp_shmlog_history(logbuf, loglen, &plan, "history serial", false, fmt, err,
				      sizeof err));
	loglen = 0;
	decision(0, T0, T0, 1, (lp_tid_t[]){T0});
	((struct lp_rec_decision *)logbuf)->n_candidates = 9;
	assert_int_equal(lp_shmlog_parse(logbuf, loglen, &plan, &l, err, sizeof err), -1);
	loglen = 0;
	decision(0, T0, T0, 1, (lp_tid_t[]){T0});
	((struct lp_rec_decision *)logbuf)->n_held = 1; /* held mutexes the record lacks */
	assert_int_equal(lp_shmlog_parse(logbuf, loglen, &plan, &l, err, sizeof err), -1);
	assert_non_null(strstr(err, "truncated"));
	/* with room for it, the held mutex and the lock wait reach the explorer's decision */
	loglen = 0;
	struct lp_rec_decision *d = rec(LP_REC_DECISION, sizeof *d + 8 + sizeof(struct lp_held));
	d->running = d->chosen = T0, d->point = LP_PT_SYNC, d->flags = LP_DEC_LOCK_WAIT;
	d->addr = 0x5000, d->n_candidates = 1, d->n_held = 1;
	memcpy(d + 1, &(lp_tid_t){T0}, 8);
	memcpy((char *)(d + 1) + 8, &(struct lp_held){.addr = 0x6000, .holder = T1}, 16);
	assert_int_equal(lp_shmlog_parse(logbuf, loglen, &plan, &l, err, sizeof err), 0);
	assert_int_equal(l.n_decisions, 1);
	assert_int_equal(l.decisions[0].addr, 0x5000);
	assert_int_equal(l.decisions[0].n_held, 1);
	assert_int_equal(l.decisions[0].held[0].addr, 0x6000);
	assert_int_equal(l.decisions[0].held[0].holder, T1);
	lp_shmlog_clear(&l);
}

/* Out-parameters (issue 35): the call says "out" where the pointer is, the result adds
 * " out=V" per pointee in argument order (bytes as a string without trailing zeros, NULL
 * for a null pointer); a pointee of the wrong size is malformed. */
static void out_parameters(void **state)
{
	(void)state;
	struct lp_plan_func pop = {.name = "pop",
				   .ret = LP_K_I4,
				   .nargs = 4,
				   .args = {LP_K_PTR, LP_K_PTR, LP_K_PTR, LP_K_PTR},
				   .typed = true,
				   .out_len = {0, 4, 8, 6},
				   .out_kind = {0, LP_K_I4, LP_K_PTR, LP_K_U1}};
	struct lp_plan one = {.n_funcs = 1, .funcs = &pop};
	loglen = 0;
	call(T1, 0, 4, (uint64_t[]){0x5000, 0x7f00, 0, 0x7f10}, NULL);
	struct lp_rec_ret *r = rec(LP_REC_RET, sizeof *r + 8 + 8 + 8 + 8 + 8);
	r->tid = T1, r->func = 0, r->value = 0;
	char *p = (char *)(r + 1);
	struct lp_str *h = (void *)p;
	h->len = 4;
	memcpy(h + 1, &(int32_t){-7}, 4);
	p += 16;
	h = (void *)p;
	h->len = LP_STR_NULL;
	p += 8;
	h = (void *)p;
	h->len = 6;
	memcpy(h + 1, "ab\0\0\0\0", 6);
	char err[128];
	char *t =
	    lp_shmlog_history(logbuf, loglen, &one, "history serial", false, fmt, err, sizeof err);
	assert_non_null(t);
	assert_string_equal(t, "history serial\n"
			       "0.1 call pop(0x5000, out, out, out)\n"
			       "0.1 ret 0 out=-7 out=NULL out=\"ab\"\n"
			       "end\n");
	free(t);
	((struct lp_str *)(r + 1))->len = 3; /* not the declared 4 bytes */
	assert_null(
	    lp_shmlog_history(logbuf, loglen, &one, "history serial", false, fmt, err, sizeof err));
	loglen -= r->h.size; /* the pointees missing altogether */
	r = rec(LP_REC_RET, sizeof *r);
	r->tid = T1, r->func = 0;
	assert_null(
	    lp_shmlog_history(logbuf, loglen, &one, "history serial", false, fmt, err, sizeof err));
}

/* Struct arguments: their payloads follow the strings', in argument order, and print
 * member by member; a payload of another size is malformed. */
static void struct_arguments(void **state)
{
	(void)state;
	static struct lp_layout pt = {
	    .size = 8, .n = 2, .leaf = {{0, LP_K_I4, 0, 0}, {4, LP_K_I4, 0, 0}}};
	static struct lp_layout big = {
	    .size = 24,
	    .n = 3,
	    .leaf = {{0, LP_K_I4, 1, 0}, {4, LP_K_I4, 0, 1}, {16, LP_K_PTR, 0, 0}}};
	struct lp_plan_func f = {.name = "put",
				 .ret = LP_K_VOID,
				 .nargs = 4,
				 .args = {LP_K_STRUCT, LP_K_STR, LP_K_I4, LP_K_STRUCT},
				 .layout = {&pt, NULL, NULL, &big},
				 .typed = true};
	struct lp_plan one = {.n_funcs = 1, .funcs = &f};
	loglen = 0;
	size_t size = sizeof(struct lp_rec_call) + 4 * 8 + str_size("k") + 8 + 8 + 8 + 24;
	struct lp_rec_call *c = rec(LP_REC_CALL, size);
	c->tid = T1, c->func = 0, c->nargs = 4;
	memcpy(c + 1, (uint64_t[]){0, 0x6000, 9, 0}, 32);
	char *p = put_str((char *)(c + 1) + 32, "k");
	struct lp_str *h = (void *)p;
	h->len = 8;
	memcpy(h + 1, (int32_t[]){-1, 2}, 8);
	h = (void *)(p + 16);
	h->len = 24;
	memcpy(h + 1, (int32_t[]){3, 4, 0, 0}, 16);
	memcpy((char *)(h + 1) + 16, &(uint64_t){0xabc}, 8);
	ret(T1, 0, 0, NULL);
	char err[128];
	char *t =
	    lp_shmlog_history(logbuf, loglen, &one, "history serial", false, fmt, err, sizeof err);
	assert_non_null(t);
	assert_string_equal(t, "history serial\n"
			       "0.1 call put({-1, 2}, \"k\", 9, {{3, 4}, 0xabc})\n"
			       "0.1 ret void\n"
			       "end\n");
	free(t);
	h->len = 16;
	assert_null(
	    lp_shmlog_history(logbuf, loglen, &one, "history serial", false, fmt, err, sizeof err));
}

/* A crash record is copied out with its stack (the shared area is reused); one whose
 * stack runs past the record is malformed. */
static void crash_record(void **state)
{
	char err[128];
	struct lp_exec_log l;
	build();
	struct lp_rec_crash *c = rec(LP_REC_CRASH, sizeof *c + 16);
	c->tid = T2;
	c->signo = 11;
	c->addr = 0;
	c->regs[LP_CRASH_REG_PC] = 0x7000;
	c->stack_len = 16;
	memcpy(c + 1, "0123456789abcdef", 16);
	assert_int_equal(lp_shmlog_parse(logbuf, loglen, &plan, &l, err, sizeof err), 0);
	assert_non_null(l.crash);
	assert_ptr_not_equal(l.crash, c);
	assert_int_equal(l.crash->tid, T2);
	assert_int_equal(l.crash->regs[LP_CRASH_REG_PC], 0x7000);
	assert_memory_equal(l.crash + 1, "0123456789abcdef", 16);
	lp_shmlog_clear(&l);
	assert_null(l.crash);
	c->stack_len = 24;
	assert_int_equal(lp_shmlog_parse(logbuf, loglen, &plan, &l, err, sizeof err), -1);
	assert_non_null(strstr(err, "crash record"));
	build();
	assert_int_equal(lp_shmlog_parse(logbuf, loglen, &plan, &l, err, sizeof err), 0);
	assert_null(l.crash);
	lp_shmlog_clear(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(history_text),    cmocka_unit_test(stuck_and_pending),
	    cmocka_unit_test(parsed),	       cmocka_unit_test(malformed),
	    cmocka_unit_test(crash_record),    cmocka_unit_test(out_parameters),
	    cmocka_unit_test(struct_arguments)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
