/* tests/unit/test-analyze-analyze-client.c — client checks, the loader's closure, and target
 * resolution (defaults, sonames, paths by identity). */
#include "test-analyze-util.h"
#include "lineup/die.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char tmpdir[64]; /* short: messages quoting it fit LP_ERR_SIZE */

static int setup(void **state)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/test-analyze-analyze-client.XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd);
}

static char *tmp(const char *name)
{
	static char buf[128];
	snprintf(buf, sizeof(buf), "%.63s/%.60s", tmpdir, name);
	return buf;
}

static void write_file(const char *path, const void *data, size_t len, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, data, len), (ssize_t)len);
	close(fd);
	chmod(path, mode);
}

static void *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	*len = (size_t)ftell(f);
	rewind(f);
	void *buf = malloc(*len);
	assert_int_equal(fread(buf, 1, *len, f), *len);
	fclose(f);
	return buf;
}

static void client_error(const char *client, const char *expect)
{
	struct lp_client c;
	assert_int_equal(lp_client_open(client, &c, err, sizeof(err)), -1);
	assert_string_equal(err, expect);
}

static void test_missing(void **state)
{
	client_error("/nonexistent/client", "client '/nonexistent/client' not found");
	client_error("", "the client name is empty: give the program to run");
}

static void test_path_lookup(void **state)
{
	char *old = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
	setenv("PATH", "/nonexistent:" AFX_DIR, 1);
	struct lp_client c;
	assert_int_equal(lp_client_open("client-dw", &c, err, sizeof(err)), 0);
	char *real = realpath(FX("client-dw"), NULL);
	assert_string_equal(c.path, real);
	assert_string_equal(c.interp, "/lib64/ld-linux-x86-64.so.2");
	free(real);
	lp_client_free(&c);
	client_error("no-such-client", "client 'no-such-client' not found in PATH: give its path "
				       "(./no-such-client if it is in this directory)");
	setenv("PATH", tmpdir, 1);
	write_file(tmp("plain"), "x", 1, 0644);
	client_error("plain", "client 'plain' found in PATH is not executable: give its path or "
			      "chmod +x it");
	if (old)
		setenv("PATH", old, 1);
	free(old);
}

static void test_not_executable(void **state)
{
	char msg[LP_ERR_SIZE];
	write_file(tmp("data"), "hello", 5, 0644);
	snprintf(msg, sizeof(msg), "client '%s' is not executable: chmod +x it", tmp("data"));
	client_error(tmp("data"), msg);
	snprintf(msg, sizeof(msg), "client '%s' is a directory: give the program to run", tmpdir);
	client_error(tmpdir, msg);
}

static void test_not_elf(void **state)
{
	char msg[LP_ERR_SIZE];
	write_file(tmp("script"), "#!/bin/sh\nexit 0\n", 17, 0755);
	snprintf(msg, sizeof(msg),
		 "client '%s' is not an ELF executable: give a compiled program (not a script)",
		 tmp("script"));
	client_error(tmp("script"), msg);
}

static void test_wrong_machine(void **state)
{
	size_t len;
	unsigned char *elf = read_file(FX("client-dw"), &len);
	elf[18] = 3; /* e_machine = EM_386 */
	elf[19] = 0;
	write_file(tmp("i386"), elf, len, 0755);
	free(elf);
	char msg[LP_ERR_SIZE];
	snprintf(msg, sizeof(msg),
		 "client '%s' is not an x86-64 executable: lineup-preload supports only x86-64 "
		 "Linux programs",
		 tmp("i386"));
	client_error(tmp("i386"), msg);
}

static void test_static(void **state)
{
	if (access(FX("client-static"), X_OK) != 0) /* not linked: no libc.a */
		fail_msg("%s was not built: install libc6-dev (build-aux/setup.sh does)",
			 FX("client-static"));
	client_error(FX("client-static"),
		     "'" FX("client-static") "' is statically linked: "
					     "lineup-preload needs a dynamically linked client "
					     "(relink without -static)");
}

static void test_library_as_client(void **state)
{
	client_error(FX("libfx.so.1"),
		     "client '" FX("libfx.so.1") "' is a shared library, not a "
						 "program: give the client program and name the "
						 "library with --target");
}

static void test_client_facts(void **state)
{
	struct lp_client c;
	assert_int_equal(lp_client_open(FX("client-g"), &c, err, sizeof(err)), 0);
	/* -lpthread adds nothing since glibc 2.34; -lm does (--no-as-needed). */
	assert_true(c.n_needed >= 3);
	assert_string_equal(c.needed[0], "libfx-nodw.so.1");
	bool libm = false, libc = false;
	for (int i = 0; i < c.n_needed; i++) {
		libm |= !strcmp(c.needed[i], "libm.so.6");
		libc |= !strcmp(c.needed[i], "libc.so.6");
	}
	assert_true(libm && libc);
	assert_true(lp_client_imports(&c, "fx_add"));
	assert_true(lp_client_imports(&c, "fx_printf"));
	assert_false(lp_client_imports(&c, "fx_u"));
	assert_false(lp_client_imports(&c, "main"));
	lp_client_free(&c);
}

static void test_closure_parse(void **state)
{
	const char *text = "\tlinux-vdso.so.1 (0x00007ffd1)\n"
			   "\tlibfx.so.1 => /usr/lib/libfx.so.1 (0x00007f2)\n"
			   "\tlibgone.so.2 => not found\n"
			   "\t/lib64/ld-linux-x86-64.so.2 (0x00007f3)\n"
			   "some other line\n";
	struct lp_closure cl;
	assert_int_equal(lp_closure_parse(text, &cl, err, sizeof(err)), 0);
	assert_int_equal(cl.n, 4);
	assert_string_equal(cl.ents[0].name, "linux-vdso.so.1");
	assert_null(cl.ents[0].path);
	assert_string_equal(cl.ents[1].name, "libfx.so.1");
	assert_string_equal(cl.ents[1].path, "/usr/lib/libfx.so.1");
	assert_false(cl.ents[1].missing);
	assert_string_equal(cl.ents[2].name, "libgone.so.2");
	assert_true(cl.ents[2].missing);
	assert_string_equal(cl.ents[3].path, "/lib64/ld-linux-x86-64.so.2");
	lp_closure_free(&cl);
}

static void test_missing_library(void **state)
{
	size_t len;
	char *elf = read_file(FX("client-dw"), &len);
	char *at = memmem(elf, len, "libfx.so.1", 11);
	assert_non_null(at);
	at[4] = 'y'; /* DT_NEEDED libfy.so.1, which does not exist */
	write_file(tmp("needs-missing"), elf, len, 0755);
	free(elf);
	struct lp_plan *plan;
	assert_int_equal(analyze(tmp("needs-missing"), NULL, 0, NULL, 0, NULL, 0, &plan), -1);
	assert_contains(err, "the loader cannot find 'libfy.so.1', which client '");
	assert_contains(err, "needs: add its directory to LD_LIBRARY_PATH or install it");
}

static void test_runtime_sonames(void **state)
{
	const char *yes[] = {"libc.so.6",
			     "libm.so.6",
			     "libpthread.so.0",
			     "libdl.so.2",
			     "librt.so.1",
			     "libutil.so.1",
			     "libresolv.so.2",
			     "libstdc++.so.6",
			     "libgcc_s.so.1",
			     "libatomic.so.1",
			     "ld-linux-x86-64.so.2",
			     "/lib64/ld-linux-x86-64.so.2",
			     "linux-vdso.so.1",
			     "libc.so"};
	const char *no[] = {"libcrypto.so.3", "libcx.so",	  "libmfoo.so.1",
			    "libfx.so.1",     "libglib-2.0.so.0", "liburcu-cds.so.8"};
	for (int i = 0; i < N(yes); i++)
		assert_true(lp_runtime_soname(yes[i]));
	for (int i = 0; i < N(no); i++)
		assert_false(lp_runtime_soname(no[i]));
}

static void test_default_targets(void **state)
{
	struct lp_plan *plan;
	assert_int_equal(analyze(FX("client-g"), NULL, 0, NULL, 0, NULL, 0, &plan), 0);
	assert_int_equal(plan->n_targets, 1); /* not libm, libpthread, libc */
	assert_string_equal(plan->targets[0].name, "libfx-nodw.so.1");
	char *real = realpath(FX("libfx-nodw.so.1"), NULL);
	assert_string_equal(plan->targets[0].path, real);
	struct stat st;
	assert_int_equal(stat(real, &st), 0);
	assert_true(plan->targets[0].dev == st.st_dev && plan->targets[0].ino == st.st_ino);
	free(real);
	lp_plan_free(plan);

	assert_int_equal(analyze(FX("client-none"), NULL, 0, NULL, 0, NULL, 0, &plan), -1);
	assert_string_equal(err, "'" FX("client-none") "' links no library to test: name one "
						       "with --target LIB");
}

static void one_target(const char *client, const char *target, const char *expect_path)
{
	struct lp_plan *plan;
	const char *t[] = {target};
	if (analyze(client, t, 1, NULL, 0, NULL, 0, &plan))
		fail_msg("%s", err);
	assert_int_equal(plan->n_targets, 1);
	assert_string_equal(plan->targets[0].name, target);
	char *real = realpath(expect_path, NULL);
	assert_string_equal(plan->targets[0].path, real);
	free(real);
	lp_plan_free(plan);
}

static void test_target_names(void **state)
{
	one_target(FX("client-dw"), "libfx.so.1", FX("libfx.so.1"));
	one_target(FX("client-dw"), FX("libfx.so.1"), FX("libfx.so.1"));
	/* Another name for the same file matches by identity, and names the closure's path. */
	assert_int_equal(symlink(FX("libfx.so.1"), tmp("alias.so")), 0);
	one_target(FX("client-dw"), tmp("alias.so"), FX("libfx.so.1"));
	/* A library the client does not link may still be dlopen'ed. */
	one_target(FX("client-dw"), FX("libfx-nodw.so.1"), FX("libfx-nodw.so.1"));

	struct lp_plan *plan;
	const char *two[] = {"libfx.so.1", tmp("alias.so")};
	assert_int_equal(analyze(FX("client-dw"), two, 2, NULL, 0, NULL, 0, &plan), 0);
	assert_int_equal(plan->n_targets, 1);
	lp_plan_free(plan);

	const char *missing[] = {"libnope.so.3"};
	assert_int_equal(analyze(FX("client-dw"), missing, 1, NULL, 0, NULL, 0, &plan), -1);
	assert_string_equal(
	    err, "target 'libnope.so.3' not found: client '" FX(
		     "client-dw") "' does "
				  "not link it and the loader's search (LD_LIBRARY_PATH, "
				  "/etc/ld.so.cache, /lib and /usr/lib) has no such file: give its "
				  "path or add its folder to LD_LIBRARY_PATH");
	const char *notlib[] = {FX("client-none")};
	assert_int_equal(analyze(FX("client-dw"), notlib, 1, NULL, 0, NULL, 0, &plan), -1);
	assert_string_equal(err, "target '" FX("client-none") "' is a program, not a shared "
							      "library: give a .so file");
}

/* lp_analyze itself: one line on stderr and exit status 2. */
static void test_die_status(void **state)
{
	int pfd[2];
	assert_int_equal(pipe(pfd), 0);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(pfd[1], 2);
		lp_progname = "lineup-preload";
		struct lp_analyze_opts o = {.client = "/nonexistent/client"};
		lp_analyze(&o);
		_exit(0);
	}
	close(pfd[1]);
	char buf[512] = "";
	size_t len = 0;
	ssize_t n;
	while (len < sizeof(buf) - 1 && (n = read(pfd[0], buf + len, sizeof(buf) - 1 - len)) > 0)
		len += (size_t)n;
	close(pfd[0]);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 2);
	assert_string_equal(buf, "lineup-preload: client '/nonexistent/client' not found\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_missing),	      cmocka_unit_test(test_path_lookup),
	    cmocka_unit_test(test_not_executable),    cmocka_unit_test(test_not_elf),
	    cmocka_unit_test(test_wrong_machine),     cmocka_unit_test(test_static),
	    cmocka_unit_test(test_library_as_client), cmocka_unit_test(test_client_facts),
	    cmocka_unit_test(test_closure_parse),     cmocka_unit_test(test_missing_library),
	    cmocka_unit_test(test_runtime_sonames),   cmocka_unit_test(test_default_targets),
	    cmocka_unit_test(test_target_names),      cmocka_unit_test(test_die_status),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
