/* tests/unit/test-checker-golden.c — the checker with a golden model (--spec-from): the
 * witness search asks for results of sequences of the history's operations, answers are
 * cached across histories, quasi search reorders freely, and a call that blocks on the
 * model justifies a stuck history. The model here is a FIFO queue run in the test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test-checker-util.h"

#include <sys/wait.h>
#include <unistd.h>

static const struct lp_hist *cur; /* the history being fed: requests index its operations */
static int asks;		  /* requests that reached the model */

/* enq(q, N) -> void, deq(q) -> oldest or -1, wait(q) blocks while the queue is empty. */
static bool fifo_model(void *ctx, const char *request, struct lp_buf *answer)
{
	struct tc *t = ctx;
	int q[64], head = 0, tail = 0;
	asks++;
	for (const char *p = request; *p;) {
		char *end;
		unsigned long i = strtoul(p, &end, 10);
		assert_true(end != p && i < cur->nops);
		const char *call = lp_intern_str(t->strs, cur->ops[i].call);
		int v;
		if (sscanf(call, "enq(q, %d)", &v) == 1) {
			q[tail++] = v;
			lp_buf_puts(answer, "void\n");
		} else if (!strcmp(call, "deq(q)")) {
			lp_buf_printf(answer, "%d\n", head < tail ? q[head++] : -1);
		} else if (!strcmp(call, "wait(q)")) {
			if (head == tail) {
				lp_buf_puts(answer, "stuck\n");
				return true;
			}
			lp_buf_printf(answer, "%d\n", q[head++]);
		} else {
			lp_buf_printf(answer, "unknown call %s", call);
			return false;
		}
		p = end;
		while (*p == ' ')
			p++;
	}
	return true;
}

static void golden_init(struct tc *t)
{
	tc_init(t, LP_CRIT_LINEARIZABLE);
	t->c->golden = true;
	t->c->ask = fifo_model;
	t->c->ask_ctx = t;
	asks = 0;
}

/* tc_feed with cur set: one history per call. */
static int feed(struct tc *t, const char *text)
{
	struct lp_hist_parser *p = lp_hist_parser_new(t->strs, "test");
	int v = TV_ERROR;
	for (const char *s = text; *s;) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);
		if (lp_hist_parse_line(p, s, len) == LP_HP_DONE) {
			cur = lp_hist_parser_history(p);
			v = lp_checker_feed(t->c, cur, &t->report);
		}
		s += len + (nl != NULL);
	}
	lp_hist_parser_free(p);
	return v;
}

static const char overlap[] = "history concurrent\n0 call enq(q, 1)\n0 ret void\n"
			      "0 call enq(q, 2)\n0 ret void\n0.1 call deq(q)\n0.2 call deq(q)\n"
			      "0.2 ret 1\n0.1 ret 2\nend\n";
static const char swapped[] = "history concurrent\n0 call enq(q, 1)\n0 ret void\n"
			      "0 call enq(q, 2)\n0 ret void\n0.1 call deq(q)\n0.1 ret 2\n"
			      "0.2 call deq(q)\n0.2 ret 1\nend\n";

static void no_serial_histories_needed(void **state)
{
	(void)state;
	struct tc t;
	golden_init(&t);
	assert_int_equal(feed(&t, overlap), LP_VERDICT_OK);
	assert_true(asks > 0);
	tc_fini(&t);
}

static void violation_against_the_model(void **state)
{
	(void)state;
	struct tc t;
	golden_init(&t);
	assert_int_equal(feed(&t, swapped), LP_VERDICT_VIOLATION);
	const char *r = tc_report(&t);
	assert_non_null(strstr(r, "no sequence of its operations on the golden model explains"));
	assert_non_null(strstr(r, "0.1's deq(q) returns 2 at this point: the sequences on the "
				  "golden model return 1"));
	assert_null(strstr(r, "serial execution"));
	tc_fini(&t);
}

static void answers_are_cached_across_histories(void **state)
{
	(void)state;
	struct tc t;
	golden_init(&t);
	assert_int_equal(feed(&t, overlap), LP_VERDICT_OK);
	int first = asks;
	assert_int_equal(feed(&t, overlap), LP_VERDICT_OK);
	assert_int_equal(asks, first); /* the same sequences: nothing run again */
	assert_true(t.c->gcached > 0);
	tc_fini(&t);
}

static void quasi_reorders_against_the_model(void **state)
{
	(void)state;
	struct tc t;
	golden_init(&t);
	assert_int_equal(tc_quasi(&t, "deq=1"), 0);
	assert_int_equal(feed(&t, swapped), LP_VERDICT_OK); /* 2 moved by one place */
	const char *by2 = "history concurrent\n0 call enq(q, 1)\n0 ret void\n0 call enq(q, 2)\n"
			  "0 ret void\n0 call enq(q, 3)\n0 ret void\n0.1 call deq(q)\n0.1 ret 3\n"
			  "0.1 call deq(q)\n0.1 ret 1\n0.1 call deq(q)\n0.1 ret 2\nend\n";
	assert_int_equal(feed(&t, by2), LP_VERDICT_VIOLATION); /* 3 moved by two */
	tc_fini(&t);
	golden_init(&t);
	assert_int_equal(tc_quasi(&t, "deq=2"), 0);
	assert_int_equal(feed(&t, by2), LP_VERDICT_OK);
	tc_fini(&t);
}

static void stuck_when_the_model_blocks(void **state)
{
	(void)state;
	struct tc t;
	golden_init(&t);
	assert_int_equal(feed(&t, "history concurrent\n0.1 call wait(q)\nstuck\nend\n"),
			 LP_VERDICT_OK);
	assert_int_equal(feed(&t, "history concurrent\n0 call enq(q, 5)\n0 ret void\n"
				  "0.1 call wait(q)\nstuck\nend\n"),
			 LP_VERDICT_VIOLATION); /* the model returns 5: no justification */
	assert_non_null(strstr(tc_report(&t), "is stuck without justification"));
	tc_fini(&t);
}

/* Answers deq(q) with how many requests it has seen: the same prefix gets other results
 * when it is run again. */
static bool fickle_model(void *ctx, const char *request, struct lp_buf *answer)
{
	(void)ctx;
	asks++;
	for (const char *p = request; *p; p++)
		if (*p == ' ')
			lp_buf_printf(answer, "%d\n", asks);
	lp_buf_printf(answer, "%d\n", asks);
	return true;
}

static void a_model_that_changes_its_mind_is_refused(void **state)
{
	(void)state;
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct tc t;
		golden_init(&t);
		t.c->ask = fickle_model;
		freopen("/dev/null", "w", stderr);
		feed(&t, "history concurrent\n0.1 call deq(q)\n0.1 ret 1\n0.1 call deq(q)\n"
			 "0.1 ret 2\nend\n");
		_exit(0); /* not reached: the second request contradicts the first */
	}
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(no_serial_histories_needed),
	    cmocka_unit_test(violation_against_the_model),
	    cmocka_unit_test(answers_are_cached_across_histories),
	    cmocka_unit_test(quasi_reorders_against_the_model),
	    cmocka_unit_test(stuck_when_the_model_blocks),
	    cmocka_unit_test(a_model_that_changes_its_mind_is_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
