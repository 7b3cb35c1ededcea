/* tests/unit/test-analyze-locks.c — --lock (cli/analyze/analyze-locks.c): which sites become
 * a blocking lock's acquire (LP_SITE_LOCK), the built-in GLib one, and the errors. */
#include "test-analyze-util.h"

#define CAS                                                                                        \
	{                                                                                          \
		0xf0, 0x0f, 0xb1, 0x17                                                             \
	} /* lock cmpxchg %edx,(%rdi) */
#define CAS_NOLOCK                                                                                 \
	{                                                                                          \
		0x0f, 0xb1, 0x17                                                                   \
	} /* cmpxchg without lock: not atomic */
#define XCHG                                                                                       \
	{                                                                                          \
		0x87, 0x37                                                                         \
	} /* xchg %esi,(%rdi) */
#define CAS64                                                                                      \
	{                                                                                          \
		0xf0, 0x48, 0x0f, 0xb1, 0x0f                                                       \
	} /* lock cmpxchg %rcx,(%rdi) */

static const struct lp_site sites[] = {
    {.offset = 0x10, .len = 4, .bytes = CAS, .kind = LP_SITE_RMW, .func = "m_lock"},
    {.offset = 0x20, .len = 2, .bytes = XCHG, .kind = LP_SITE_XCHG, .func = "m_unlock"},
    {.offset = 0x30, .len = 4, .bytes = CAS, .kind = LP_SITE_RMW, .func = "two"},
    {.offset = 0x38, .len = 5, .bytes = CAS64, .kind = LP_SITE_RMW, .func = "two"},
    {.offset = 0x40, .len = 4, .bytes = CAS, .kind = LP_SITE_RMW, .func = "g_mutex_lock"},
    {.offset = 0x50, .len = 3, .bytes = CAS_NOLOCK, .kind = LP_SITE_RMW, .func = "plain"},
    {.offset = 0x60, .len = 4, .bytes = CAS, .kind = LP_SITE_RMW, .func = NULL},
};
#define N (sizeof sites / sizeof *sites)

static struct lp_plan_scan scan; /* the object's summary: the lock functions met */

static struct lp_plan_target target = {.path = (char *)"/lib/libx.so.1",
				       .name = (char *)"libx.so.1"};

/* Marks a copy of sites with --lock values names; returns lp_locks_mark's result. */
static int run(const char **names, int n, struct lp_plan_site *out, bool *found, char *err)
{
	struct lp_plan plan = {
	    .locks = names, .n_locks = n, .n_lock_where = n, .n_targets = 1, .targets = &target};
	struct lp_scan sc = {.sites = (struct lp_site *)sites, .n = N};
	for (size_t k = 0; k < N; k++)
		out[k] = (struct lp_plan_site){.object = 0, .site = sites[k]};
	free(scan.locks);
	memset(&scan, 0, sizeof scan);
	return lp_locks_mark(&plan, 0, &scan, out, &sc, found, err, 512);
}

/* A --lock value that marks nothing here: lp_locks_mark passes, lp_locks_check then fails
 * with an error that says why. */
static void expect_not_found(const char *name, const char *why)
{
	struct lp_plan_site out[N];
	bool found[1] = {false};
	char err[512] = "";
	const char *names[] = {name};
	assert_int_equal(run(names, 1, out, found, err), 0);
	assert_false(found[0]);
	struct lp_plan plan = {.locks = names, .n_locks = 1, .n_lock_where = 1};
	assert_int_equal(lp_locks_check(&plan, found, err, sizeof err), -1);
	assert_non_null(strstr(err, why));
}

static void test_cmpxchg_bytes(void **state)
{
	(void)state;
	for (size_t k = 0; k < N; k++)
		assert_int_equal(lp_lock_cmpxchg(sites[k].bytes, sites[k].len), k != 1 && k != 5);
	static const uint8_t xadd[] = {0xf0, 0x0f, 0xc1, 0x07};
	assert_false(lp_lock_cmpxchg(xadd, sizeof xadd));
}

static void test_named_and_builtin(void **state)
{
	(void)state;
	const char *names[] = {"m_lock"};
	struct lp_plan_site out[N];
	bool found[1] = {false};
	char err[512] = "";
	assert_int_equal(run(names, 1, out, found, err), 0);
	assert_true(found[0]);
	for (size_t k = 0; k < N; k++)
		assert_int_equal(out[k].site.kind, k == 0 || k == 4 ? LP_SITE_LOCK : sites[k].kind);
	assert_string_equal(scan.locks, "m_lock, g_mutex_lock");
	struct lp_plan plan = {.locks = names, .n_locks = 1, .n_lock_where = 1};
	assert_int_equal(lp_locks_check(&plan, found, err, sizeof err), 0);
	/* the built-in one named too: marked once, named once */
	const char *twice[] = {"g_mutex_lock"};
	assert_int_equal(run(twice, 1, out, found, err), 0);
	assert_string_equal(scan.locks, "g_mutex_lock");
}

static void test_none_drops_builtin(void **state)
{
	(void)state;
	const char *names[] = {"none"};
	struct lp_plan_site out[N];
	bool found[1] = {false};
	char err[512] = "";
	assert_int_equal(run(names, 1, out, found, err), 0);
	for (size_t k = 0; k < N; k++)
		assert_int_equal(out[k].site.kind, sites[k].kind);
	assert_null(scan.locks);
	struct lp_plan plan = {.locks = names, .n_locks = 1, .n_lock_where = 1};
	assert_int_equal(lp_locks_check(&plan, found, err, sizeof err), 0);
}

static void test_errors(void **state)
{
	(void)state;
	struct lp_plan_site out[N];
	bool found[1] = {false};
	char err[512] = "";
	const char *two[] = {"two"};
	assert_int_equal(run(two, 1, out, found, err), -1);
	assert_non_null(strstr(err, "--lock 'two': it has 2 compare-and-swap instructions"));
	static const char *const bad[] = {"plain", "m_unlock", "nosuch"};
	for (size_t b = 0; b < sizeof bad / sizeof *bad; b++)
		expect_not_found(bad[b], "no function of that name with a compare-and-swap");
}

/* A stripped library's static lock function: its swap by address, OBJ+0xOFF. */
static void test_by_address(void **state)
{
	(void)state;
	struct lp_plan_site out[N];
	bool found[1] = {false};
	char err[512] = "";
	const char *byaddr[] = {"libx.so.1+0x60"};
	assert_int_equal(run(byaddr, 1, out, found, err), 0);
	assert_true(found[0]);
	assert_int_equal(out[6].site.kind, LP_SITE_LOCK); /* no symbol covers it */
	assert_string_equal(scan.locks, "libx.so.1+0x60, g_mutex_lock");
	const char *base[] = {"libx.so.1+0x10"}; /* a named function's swap, by address */
	found[0] = false;
	assert_int_equal(run(base, 1, out, found, err), 0);
	assert_true(found[0]);
	assert_int_equal(out[0].site.kind, LP_SITE_LOCK);
	const char *xchg[] = {"libx.so.1+0x20"}; /* an xchg: no swap there */
	assert_int_equal(run(xchg, 1, out, found, err), -1);
	assert_non_null(strstr(err, "no compare-and-swap (lock cmpxchg) at offset 0x20"));
	const char *bad[] = {"libx.so.1+60"};
	assert_int_equal(run(bad, 1, out, found, err), -1);
	assert_non_null(strstr(err, "give FUNC, or OBJ+0xOFF"));
	/* another object: not this one's */
	expect_not_found("liby.so+0x60", "--lock 'liby.so+0x60' names no target");
}

/* A description's lock line: its errors name the file and line, not the option; the command
 * line's (NULL) keep --lock, the client's notes (after the options') say so. At -g sync a
 * named lock is refused, none is fine. */
static void test_where(void **state)
{
	(void)state;
	struct lp_plan_site out[N];
	bool found[3] = {false, false, false};
	char err[512] = "";
	const char *names[] = {"nosuch", "m_lock", "also"};
	const char *const where[] = {"t.lineup:3", NULL};
	struct lp_plan plan = {
	    .locks = names, .n_locks = 3, .lock_where = where, .n_lock_where = 2};
	assert_int_equal(lp_locks_check(&plan, found, err, sizeof err), -1);
	assert_non_null(strstr(err, "t.lineup:3: lock 'nosuch': no function of that name"));
	found[0] = true;
	assert_int_equal(lp_locks_check(&plan, found, err, sizeof err), -1);
	assert_non_null(strstr(err, "--lock 'm_lock': no function"));
	found[1] = true;
	assert_int_equal(lp_locks_check(&plan, found, err, sizeof err), -1);
	assert_non_null(strstr(err, "the client's lock note 'also' (from its test description): "
				    "no function")); /* after the options' */
	const char *two[] = {"two"};
	plan.locks = two, plan.n_locks = 1;
	assert_int_equal(run(two, 1, out, found, err), -1); /* run's plan has no lines */
	assert_int_equal(lp_locks_no_sites(&plan, err, sizeof err), -1);
	assert_non_null(strstr(err, "t.lineup:3: lock 'two' has no effect with -g sync"));
	const char *none[] = {"none"};
	plan.locks = none;
	assert_int_equal(lp_locks_no_sites(&plan, err, sizeof err), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_cmpxchg_bytes),      cmocka_unit_test(test_named_and_builtin),
	    cmocka_unit_test(test_none_drops_builtin), cmocka_unit_test(test_errors),
	    cmocka_unit_test(test_by_address),	       cmocka_unit_test(test_where),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	free(scan.locks);
	return r;
}
