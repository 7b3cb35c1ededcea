/* tests/unit/test-analyze-plan.c — the patch plan text (protocol.h) written by
 * lp_plan_write, read back with an independent small reader. */
#include "test-analyze-util.h"

#include <errno.h>
#include <inttypes.h>
#include <unistd.h>

static const char *const tokens[] = LP_KIND_TOKENS;

static enum lp_kind kind_of(const char *tok)
{
	for (int k = 0; k < LP_K_COUNT; k++)
		if (!strcmp(tokens[k], tok))
			return (enum lp_kind)k;
	fail_msg("bad kind token '%s'", tok);
	return LP_K_UNKNOWN;
}

/* Reads the file back and checks every line against the plan. */
static void check_round_trip(const struct lp_plan *p, const char *path)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char line[4096];
	assert_non_null(fgets(line, sizeof(line), f));
	assert_string_equal(line, LP_PLAN_MAGIC "\n");
	int nt = 0, nf = 0;
	bool end = false;
	while (fgets(line, sizeof(line), f)) {
		assert_false(end);
		line[strcspn(line, "\n")] = 0;
		if (!strcmp(line, "end")) {
			end = true;
			continue;
		}
		if (!strncmp(line, "target ", 7)) {
			uintmax_t dev, ino;
			int pos;
			assert_int_equal(sscanf(line, "target %ju %ju %n", &dev, &ino, &pos), 2);
			assert_true(nt < p->n_targets);
			assert_true(dev == (uintmax_t)p->targets[nt].dev);
			assert_true(ino == (uintmax_t)p->targets[nt].ino);
			assert_string_equal(line + pos, p->targets[nt].path);
			nt++;
			continue;
		}
		int target;
		char name[256], off[32], ret[8], args[256];
		assert_int_equal(sscanf(line, "func %d %255s %31s %7s %255s", &target, name, off, ret,
					args),
				 5);
		assert_true(nf < p->n_funcs);
		const struct lp_plan_func *fn = &p->funcs[nf++];
		assert_int_equal(target, fn->target);
		assert_string_equal(name, fn->name);
		assert_true(strtoull(off, NULL, 16) == fn->offset);
		if (!fn->typed) {
			assert_string_equal(ret, "?");
			assert_string_equal(args, "?");
			continue;
		}
		assert_int_equal(kind_of(ret), fn->ret);
		if (!strcmp(args, "-")) {
			assert_int_equal(fn->nargs, 0);
			assert_false(fn->varargs);
			continue;
		}
		int n = 0;
		bool varargs = false;
		for (char *save, *t = strtok_r(args, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
			assert_false(varargs);
			if (!strcmp(t, "...")) {
				varargs = true;
				continue;
			}
			assert_true(n < fn->nargs);
			assert_int_equal(kind_of(t), fn->args[n]);
			n++;
		}
		assert_int_equal(n, fn->nargs);
		assert_int_equal(varargs, fn->varargs);
	}
	fclose(f);
	assert_true(end);
	assert_int_equal(nt, p->n_targets);
	assert_int_equal(nf, p->n_funcs);
}

static void test_round_trip(void **state)
{
	struct lp_plan *p;
	const char *targets[] = {"libfx.so.1", FX("libfx-nodw.so.1")};
	if (analyze(FX("client-dw"), targets, 2, NULL, 0, NULL, 0, &p))
		fail_msg("%s", err);
	assert_int_equal(p->n_targets, 2);
	assert_true(p->targets[0].load_order > 0);
	assert_int_equal(p->targets[1].load_order, -1); /* not linked: maybe dlopen'ed */
	/* The client's fx_add binds to the first target only. */
	for (int i = 0; i < p->n_funcs; i++)
		if (!strcmp(p->funcs[i].name, "fx_add"))
			assert_int_equal(p->funcs[i].imported_by_client, p->funcs[i].target == 0);
	char path[] = "/tmp/test-analyze-plan.XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(lp_plan_write(p, path), 0);
	check_round_trip(p, path);

	/* The plan holds every kind of line: typed, untyped, varargs, no arguments. */
	FILE *f = fopen(path, "r");
	char all[65536];
	size_t n = fread(all, 1, sizeof(all) - 1, f);
	all[n] = 0;
	fclose(f);
	char want[128];
	snprintf(want, sizeof(want), "func 0 fx_printf %" PRIx64 " i4 s,...\n",
		 find_func(p, "fx_printf")->offset);
	assert_contains(all, want);
	snprintf(want, sizeof(want), "func 0 fx_void %" PRIx64 " v -\n",
		 find_func(p, "fx_void")->offset);
	assert_contains(all, want);
	snprintf(want, sizeof(want), "func 0 fx_struct %" PRIx64 " ? ?\n",
		 find_func(p, "fx_struct")->offset);
	assert_contains(all, want);
	assert_contains(all, "func 1 fx_add ");
	unlink(path);
	lp_plan_free(p);
}

static void test_write_error(void **state)
{
	struct lp_plan p = {0};
	errno = 0;
	assert_int_equal(lp_plan_write(&p, "/nonexistent/dir/plan"), -1);
	assert_int_equal(errno, ENOENT);
	lp_plan_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_write_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
