/* tests/unit/test-analyze-plan-write.c — the patch plan text (protocol.h) written by
 * lp_plan_write, read back with an independent small reader. */
#include "test-analyze-util.h"

#include <errno.h>
#include <inttypes.h>
#include <unistd.h>

static const char *const tokens[] = LP_KIND_TOKENS;

static enum lp_kind kind_of(const char *tok)
{
	if (tok[0] == 'S' && tok[1]) /* a struct: "S<size>:<classes>" */
		return LP_K_STRUCT;
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
	int nt = 0, nf = 0, ni = 0, pf = 0;
	size_t ns = 0, np = 0, n_pure = 0;
	for (int i = 0; i < p->n_funcs; i++)
		n_pure += p->funcs[i].n_pure;
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
		if (!strncmp(line, "instrument ", 11)) {
			uintmax_t dev, ino;
			int pos;
			assert_int_equal(nf, p->n_funcs); /* after every func line */
			assert_int_equal(sscanf(line, "instrument %ju %ju %n", &dev, &ino, &pos),
					 2);
			assert_true(ni < p->n_instrument);
			assert_true(dev == (uintmax_t)p->instrument[ni].dev);
			assert_true(ino == (uintmax_t)p->instrument[ni].ino);
			assert_string_equal(line + pos, p->instrument[ni].path);
			ni++;
			continue;
		}
		if (!strncmp(line, "pure ", 5)) {
			/* last, grouped by function in plan order, ascending offsets */
			assert_int_equal(nf, p->n_funcs);
			assert_int_equal(ns, p->n_sites);
			int fi;
			char off[32];
			assert_int_equal(sscanf(line, "pure %d %31s", &fi, off), 2);
			assert_true(fi >= pf && fi < p->n_funcs);
			if (fi != pf)
				np = 0, pf = fi;
			assert_true(np < p->funcs[fi].n_pure);
			assert_true(strtoull(off, NULL, 16) == p->funcs[fi].pure[np++]);
			n_pure--;
			continue;
		}
		if (!strncmp(line, "span ", 5)) {
			/* after the sites: a function and two places (preload/plan.c parses them)
			 */
			assert_int_equal(nf, p->n_funcs);
			assert_int_equal(ns, p->n_sites);
			int fi;
			char from[128], to[128];
			assert_int_equal(sscanf(line, "span %d %127s %127s", &fi, from, to), 3);
			assert_true(fi >= 0 && fi < p->n_funcs && p->funcs[fi].n_spans > 0);
			continue;
		}
		if (!strncmp(line, "site ", 5)) {
			/* after every target, instrument and func line, in plan order */
			assert_int_equal(nt, p->n_targets);
			assert_int_equal(ni, p->n_instrument);
			assert_int_equal(nf, p->n_funcs);
			assert_true(ns < p->n_sites);
			const struct lp_plan_site *ps = &p->sites[ns++];
			int obj, len, disp;
			char off[32], kind[16], hex[64];
			assert_int_equal(sscanf(line, "site %d %31s %d %15s %d %63s", &obj, off,
						&len, kind, &disp, hex),
					 6);
			assert_int_equal(obj, ps->object);
			assert_true(obj >= 0 && obj < p->n_targets + p->n_instrument);
			assert_true(strtoull(off, NULL, 16) == ps->site.offset);
			assert_int_equal(len, ps->site.len);
			assert_string_equal(kind, lp_site_kind_name(ps->site.kind));
			assert_int_equal(disp, ps->site.disp_off);
			assert_int_equal(strlen(hex), 2 * (size_t)len);
			for (int b = 0; b < len; b++) {
				unsigned v;
				assert_int_equal(sscanf(hex + 2 * b, "%2x", &v), 1);
				assert_int_equal(v, ps->site.bytes[b]);
			}
			continue;
		}
		assert_int_equal(ni, 0); /* funcs come before instrument lines */
		assert_int_equal(ns, 0);
		int target;
		char name[256], off[32], ret[8], args[256];
		assert_int_equal(
		    sscanf(line, "func %d %255s %31s %7s %255s", &target, name, off, ret, args), 5);
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
		for (char *save, *t = strtok_r(args, ",", &save); t;
		     t = strtok_r(NULL, ",", &save)) {
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
	assert_int_equal(ni, p->n_instrument);
	assert_true(ns == p->n_sites);
	assert_true(n_pure == 0); /* every pure region start written */
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
	assert_int_equal(lp_plan_write(p, path, true), 0);
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
	snprintf(want, sizeof(want), "func 0 fx_struct %" PRIx64 " i4 S8:i\n",
		 find_func(p, "fx_struct")->offset);
	assert_contains(all, want);
	snprintf(want, sizeof(want), "func 0 fx_ld %" PRIx64 " ? ?\n",
		 find_func(p, "fx_ld")->offset);
	assert_contains(all, want);
	assert_contains(all, "func 1 fx_add ");
	/* fx_flt touches nothing: its entry is a pure region start (pure-regions.h); fx_void
	 * writes a global */
	const struct lp_plan_func *fv = find_func(p, "fx_flt");
	assert_true(fv->n_pure == 1 && fv->pure[0] == fv->offset);
	assert_int_equal(find_func(p, "fx_void")->n_pure, 0);
	snprintf(want, sizeof(want), "\npure %d %" PRIx64 "\n", (int)(fv - p->funcs), fv->offset);
	assert_contains(all, want);
	unlink(path);
	lp_plan_free(p);
}

#define ATOMICS_C ATOMICS_DIR "/libatomics-c.so"

static int analyze_sites(const char *const *instrument, int n, enum lp_site_level level,
			 const char *preload, struct lp_plan **plan)
{
	const char *targets[] = {"libfx.so.1"};
	struct lp_analyze_opts o = {.client = FX("client-dw"),
				    .targets = targets,
				    .n_targets = 1,
				    .instrument = (const char **)instrument,
				    .n_instrument = n,
				    .sites = level,
				    .preload = preload};
	err[0] = 0;
	return lp_analyze_try(&o, plan, err, sizeof(err));
}

static char *read_all(const char *path)
{
	static char all[1 << 20];
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	size_t n = fread(all, 1, sizeof(all) - 1, f);
	all[n] = 0;
	fclose(f);
	return all;
}

static size_t count_lines(const char *text, const char *prefix)
{
	size_t n = 0;
	for (const char *l = text; *l; l = strchr(l, '\n') + 1) {
		n += !strncmp(l, prefix, strlen(prefix));
		if (!strchr(l, '\n'))
			break;
	}
	return n;
}

/* GCC's atomics (tests/atomics/atomics-c.c) as an --instrument object beside a target
 * without any: 5 rmw, 2 xchg... as the scan's own test counts them. */
static void test_sites_and_instrument(void **state)
{
	struct lp_plan *p;
	const char *inst[] = {ATOMICS_C};
	if (analyze_sites(inst, 1, LP_SITES_ATOMIC, NULL, &p))
		fail_msg("%s", err);
	assert_int_equal(p->n_instrument, 1);
	assert_string_equal(p->instrument[0].name, ATOMICS_C);
	assert_int_equal(p->instrument[0].load_order, -1);
	assert_int_equal(p->level, LP_SITES_ATOMIC);
	assert_non_null(p->scans);
	size_t in_target = 0, in_inst = 0;
	for (size_t i = 0; i < p->n_sites; i++) {
		if (i)
			assert_true(p->sites[i - 1].object < p->sites[i].object ||
				    p->sites[i - 1].site.offset < p->sites[i].site.offset);
		assert_null(p->sites[i].site.func);
		assert_true(p->sites[i].site.kind != LP_SITE_LOAD &&
			    p->sites[i].site.kind != LP_SITE_STORE);
		if (p->sites[i].object == 0)
			in_target++;
		else
			in_inst++;
	}
	/* the fixture library has no atomic instruction (its crt code neither) */
	assert_int_equal(in_target, 0);
	assert_int_equal(in_inst, 7);
	assert_int_equal(p->scans[1].by_kind[LP_SITE_RMW], 4);
	assert_int_equal(p->scans[1].by_kind[LP_SITE_XCHG], 2);
	assert_int_equal(p->scans[1].by_kind[LP_SITE_FENCE], 1);
	assert_string_equal(lp_plan_object_name(p, 1), ATOMICS_C);

	char path[] = "/tmp/test-analyze-plan.XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(lp_plan_write(p, path, true), 0);
	check_round_trip(p, path);
	char *all = read_all(path);
	assert_int_equal(count_lines(all, "instrument "), 1);
	assert_int_equal(count_lines(all, "site 1 "), 7);
	/* without sites (LINEUP_PLAN_SITES=0): the plan of protocol version 1 */
	assert_int_equal(lp_plan_write(p, path, false), 0);
	all = read_all(path);
	assert_int_equal(count_lines(all, "instrument "), 0);
	assert_int_equal(count_lines(all, "site "), 0);
	assert_true(count_lines(all, "func ") > 0);
	lp_plan_free(p);

	/* memory: loads and stores of shared memory too, atomics unchanged */
	if (analyze_sites(inst, 1, LP_SITES_MEMORY, NULL, &p))
		fail_msg("%s", err);
	assert_true(p->scans[1].by_kind[LP_SITE_LOAD] > 0);
	assert_true(p->scans[1].by_kind[LP_SITE_STORE] > 0);
	assert_int_equal(p->scans[1].by_kind[LP_SITE_RMW], 4);
	assert_true(p->scans[0].by_kind[LP_SITE_LOAD] + p->scans[0].by_kind[LP_SITE_STORE] >
		    0); /* fx_data */
	assert_int_equal(lp_plan_write(p, path, true), 0);
	check_round_trip(p, path);
	lp_plan_free(p);

	/* sync: no scan at all, and an instrument object that is a target is left out */
	const char *again[] = {"libfx.so.1"};
	if (analyze_sites(again, 1, LP_SITES_NONE, NULL, &p))
		fail_msg("%s", err);
	assert_int_equal(p->n_instrument, 0);
	assert_int_equal(p->n_sites, 0);
	assert_null(p->scans);
	lp_plan_free(p);
	unlink(path);
}

static void test_instrument_refused(void **state)
{
	struct lp_plan *p;
	/* libc under another name: refused by its soname */
	char dir[] = "/tmp/test-analyze-inst.XXXXXX", link[128];
	assert_non_null(mkdtemp(dir));
	snprintf(link, sizeof(link), "%s/libfoo.so", dir);
	const char *libc = "/lib/x86_64-linux-gnu/libc.so.6";
	if (access(libc, R_OK) == 0) {
		assert_int_equal(symlink(libc, link), 0);
		const char *inst[] = {link};
		assert_int_equal(analyze_sites(inst, 1, LP_SITES_ATOMIC, NULL, &p), -1);
		assert_contains(err, "cannot --instrument '");
		assert_contains(err,
				"glibc has branches into the middle of lock-prefixed instructions");
		assert_null(strchr(err, '\n'));
		unlink(link);
	}
	const char *by_name[] = {"libc.so.6"};
	assert_int_equal(analyze_sites(by_name, 1, LP_SITES_ATOMIC, NULL, &p), -1);
	assert_contains(err, "cannot --instrument 'libc.so.6': glibc");
	/* the preload itself, by identity (here: a stand-in file) */
	const char *inst[] = {ATOMICS_C};
	assert_int_equal(analyze_sites(inst, 1, LP_SITES_ATOMIC, ATOMICS_C, &p), -1);
	assert_contains(err, "lineup-preload's own library");
	/* not found */
	const char *missing[] = {"libnothere.so.9"};
	assert_int_equal(analyze_sites(missing, 1, LP_SITES_ATOMIC, NULL, &p), -1);
	assert_contains(err, "--instrument object 'libnothere.so.9' not found");
	rmdir(dir);
}

static void test_write_error(void **state)
{
	struct lp_plan p = {0};
	errno = 0;
	assert_int_equal(lp_plan_write(&p, "/nonexistent/dir/plan", true), -1);
	assert_int_equal(errno, ENOENT);
	lp_plan_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_round_trip),
	    cmocka_unit_test(test_write_error),
	    cmocka_unit_test(test_sites_and_instrument),
	    cmocka_unit_test(test_instrument_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
