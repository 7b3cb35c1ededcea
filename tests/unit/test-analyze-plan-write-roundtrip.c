/* tests/unit/test-analyze-plan-write-roundtrip.c — the patch plan across the one boundary it
 * crosses: written by the cli's lp_plan_write (cli/analyze/plan-write.c), read by the preload's
 * lp_plan_parse (preload/plan.c). Every field the preload uses comes back equal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli/analyze/analyze.h"
#include "preload/plan.h"

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char text[1 << 16];
	*len = fread(text, 1, sizeof text - 1, f);
	assert_int_equal(ferror(f), 0);
	fclose(f);
	text[*len] = 0;
	return text;
}

/* Writes p, parses it back into *out; returns lp_plan_parse's result. */
static int round_trip(const struct lp_plan *p, bool with_sites, struct lp_loaded_plan *out)
{
	char path[] = "/tmp/lp-plan-roundtrip-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(lp_plan_write(p, path, with_sites), 0);
	size_t len;
	char *text = read_all(path, &len);
	unlink(path);
	char err[256] = "";
	int r = lp_plan_parse(out, text, len, err, sizeof err);
	if (r != 0)
		fail_msg("%s", err);
	return r;
}

static struct lp_plan_target targets[] = {
    {.path = "/usr/lib/libtoy.so.1", .name = "libtoy.so.1", .dev = 2049, .ino = 1234},
    {.path = "/opt/lib with space/libq.so", .name = "libq.so", .dev = 7, .ino = 8},
};
static struct lp_plan_target instrument[] = {
    {.path = "/usr/lib/libhelper.so", .name = "libhelper.so", .dev = 9, .ino = 10},
};
static struct lp_plan_func funcs[] = {
    {.target = 0,
     .name = "toy_add",
     .offset = 0x1139,
     .ret = LP_K_I4,
     .nargs = 2,
     .args = {LP_K_PTR, LP_K_I4},
     .typed = true},
    {.target = 1, .name = "q_none", .offset = 0x20, .ret = LP_K_VOID, .typed = true},
    {.target = 0,
     .name = "toy_log",
     .offset = 0x40,
     .ret = LP_K_VOID,
     .nargs = 2,
     .args = {LP_K_STR, LP_K_F8},
     .varargs = true,
     .typed = true},
    {.target = 1,
     .name = "q_only_dots",
     .offset = 0x60,
     .ret = LP_K_U8,
     .varargs = true,
     .typed = true},
    {.target = 0, .name = "toy_untyped", .offset = 0x80, .typed = false},
};
static struct lp_plan_site sites[] = {
    {.object = 0,
     .site = {.offset = 0x1150,
	      .len = 4,
	      .bytes = {0xf0, 0x0f, 0xc1, 0x07},
	      .disp_off = -1,
	      .kind = LP_SITE_RMW}},
    {.object = 2,
     .site = {.offset = 0x2000,
	      .len = 7,
	      .bytes = {0x87, 0x05, 0x10, 0x20, 0x30, 0x40, 0x90},
	      .disp_off = 2,
	      .kind = LP_SITE_XCHG}},
};

static struct lp_plan plan_with(bool with_sites)
{
	struct lp_plan p = {
	    .client_path = "/bin/client",
	    .n_targets = 2,
	    .targets = targets,
	    .n_funcs = 5,
	    .funcs = funcs,
	    .level = with_sites ? LP_SITES_ATOMIC : LP_SITES_NONE,
	};
	if (with_sites) {
		p.n_instrument = 1;
		p.instrument = instrument;
		p.n_sites = 2;
		p.sites = sites;
	}
	return p;
}

static void check_objects(const struct lp_loaded_plan *l, const struct lp_loaded_target *got,
			  const struct lp_plan_target *want, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		assert_int_equal(got[i].dev, want[i].dev);
		assert_int_equal(got[i].ino, want[i].ino);
		assert_string_equal(lp_plan_name(l, got[i].path), want[i].path);
	}
}

static void check_funcs(const struct lp_loaded_plan *l, const struct lp_plan *p)
{
	assert_int_equal(l->n_funcs, (uint32_t)p->n_funcs);
	for (int i = 0; i < p->n_funcs; i++) {
		const struct lp_plan_func *w = &p->funcs[i];
		const struct lp_loaded_func *g = &l->funcs[i];
		assert_string_equal(lp_plan_name(l, g->name), w->name);
		assert_int_equal(g->target, (uint32_t)w->target);
		assert_int_equal(g->offset, w->offset);
		assert_int_equal(g->untyped, !w->typed);
		if (!w->typed)
			continue;
		assert_int_equal(g->ret, w->ret);
		assert_int_equal(g->nargs, w->nargs);
		assert_int_equal(g->varargs, w->varargs);
		for (int a = 0; a < w->nargs; a++)
			assert_int_equal(g->args[a], w->args[a]);
	}
}

static void test_funcs_and_targets(void **state)
{
	(void)state;
	struct lp_loaded_plan *l = malloc(sizeof *l);
	assert_non_null(l);
	struct lp_plan p = plan_with(false);
	assert_int_equal(round_trip(&p, false, l), 0);
	assert_int_equal(l->n_targets, 2);
	check_objects(l, l->targets, targets, 2);
	check_funcs(l, &p);
	assert_int_equal(l->n_instrument, 0);
	assert_int_equal(l->n_sites, 0);
	free(l);
}

static void test_sites_and_instrument(void **state)
{
	(void)state;
	struct lp_loaded_plan *l = malloc(sizeof *l);
	assert_non_null(l);
	struct lp_plan p = plan_with(true);
	assert_int_equal(round_trip(&p, true, l), 0);
	check_funcs(l, &p);
	assert_int_equal(l->n_instrument, 1);
	check_objects(l, l->instrument, instrument, 1);
	assert_int_equal(l->n_sites, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct lp_site *w = &sites[i].site;
		const struct lp_loaded_site *g = &l->sites[i];
		assert_int_equal(g->object, (uint32_t)sites[i].object);
		assert_int_equal(g->offset, w->offset);
		assert_int_equal(g->len, w->len);
		assert_int_equal(g->kind, w->kind);
		assert_int_equal(g->disp_off, w->disp_off);
		assert_memory_equal(g->bytes, w->bytes, w->len);
	}
	free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_funcs_and_targets),
	    cmocka_unit_test(test_sites_and_instrument),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
