# cli: build rules for lineup-preload (the driver part; analysis rules are in cli/analyze/local.mk).
include $(srcdir)/cli/analyze/local.mk

# Everything but main.c in one archive, so the pieces build and test on their own.
noinst_LIBRARIES += libdriver.a
libdriver_a_SOURCES = cli/options.c cli/options.h cli/run/phases.c cli/run/phases.h cli/run/phases-internal.h \
	cli/run/exec-classify.c cli/run/phase1.c cli/run/phase2.c cli/run/violation.c \
	cli/run/violation-confirm.c cli/run/replay.c \
	cli/run/run-server.c cli/run/run-server.h cli/run/spec-run.c cli/run/spec-run.h cli/run/slot-pick.c cli/run/slot-pick.h cli/run/shm-log.c cli/run/shm-log.h cli/run/trace-check.c cli/run/trace-check.h cli/run/watchdog.c cli/run/watchdog.h cli/run/spin-samples.c cli/run/spin-samples.h cli/run/golden-run.c cli/run/golden-run.h cli/run/lazy-run.c cli/run/lazy-request.c cli/run/lazy-run.h cli/run/golden-request.c \
	cli/report/report.c cli/report/report.h cli/report/json.c cli/report/json.h cli/report/summary.c cli/report/summary.h cli/report/site-warnings.c cli/report/site-warnings.h cli/report/progress.c cli/report/progress.h \
	cli/run/checker-pipe.c cli/run/checker-pipe.h cli/run/replay-cmd.c cli/run/replay-cmd.h \
	cli/report/summary-sites.c cli/report/summary-sites.h cli/report/report-livelock.c cli/report/report-livelock.h \
	cli/report/report-trace.c cli/report/report-trace.h cli/report/crash-text.c cli/report/crash-text.h \
	cli/report/root-cause.c cli/report/root-cause.h cli/run/root-cause-run.c cli/run/root-cause-run.h \
	cli/run/root-cause-budget.c cli/run/root-cause-budget.h \
	cli/run/budget.c cli/run/budget.h cli/run/budget-run.c cli/run/budget-run.h \
	cli/run/interrupt.c cli/run/interrupt.h cli/run/phases-exec.h cli/run/phase-sample.c \
	cli/report/interception.c cli/report/interception.h \
	cli/test/test-desc.c cli/test/test-desc.h cli/test/test-run.c cli/test/test-run.h \
	cli/test/test-gen.c cli/test/test-gen.h cli/test/campaign.c cli/test/campaign.h \
	cli/test/campaign-internal.h cli/test/campaign-check.c cli/test/minimise.c \
	cli/test/emit-client.c cli/test/campaign-json.c cli/test/merge.c cli/test/merge.h \
	cli/test/merge-read.c cli/test/shard-auto.c cli/test/shard-auto.h \
	cli/run/symmetry.c cli/run/symmetry.h \
	cli/run/call-keys.c cli/run/call-keys.h cli/run/cleanup.c cli/run/cleanup.h cli/run/output-check.c cli/run/output-check.h
libdriver_a_CPPFLAGS = $(AM_CPPFLAGS) -DLP_BINDIR='"$(bindir)"' -DLP_LIBDIR='"$(libdir)"' \
	-DLP_PKGLIBEXECDIR='"$(pkglibexecdir)"'
libdriver_a_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)

bin_PROGRAMS += lineup-preload
lineup_preload_SOURCES = cli/main.c
lineup_preload_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)
lineup_preload_LDADD = libdriver.a libexplore.a libanalyze.a libatomics-scan.a libcommon.a \
	$(LIBELF_LIBS) $(LIBDW_LIBS) $(CAPSTONE_LIBS)

dist_man_MANS += man/lineup-preload.1 man/lineup-test.5

# The built-in client of --test (lineup-test(5)): found next to lineup-preload in the build
# tree, in $(pkglibexecdir) once installed.
pkglibexec_PROGRAMS = lineup-driver
lineup_driver_SOURCES = cli/test/driver.c cli/test/test-desc.c cli/test/test-desc.h
lineup_driver_CFLAGS = $(AM_CFLAGS) -pthread
lineup_driver_LDADD = libcommon.a -ldl -lpthread

# Pure parts of the driver, unit tested.
LP_CLI_TEST_LIBS = libcommon.a $(CMOCKA_LIBS)
check_PROGRAMS += tests/unit/test-cli-options tests/unit/test-cli-shm-log tests/unit/test-cli-json
TESTS += tests/unit/test-cli-options tests/unit/test-cli-shm-log tests/unit/test-cli-json
tests_unit_test_cli_options_SOURCES = tests/unit/test-cli-options.c cli/options.c cli/run/replay-cmd.c \
	cli/analyze/instrument-refusal.c cli/run/budget.c
tests_unit_test_cli_options_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_options_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_cli_shm_log_SOURCES = tests/unit/test-cli-shm-log.c cli/run/shm-log.c
tests_unit_test_cli_shm_log_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_shm_log_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_cli_json_SOURCES = tests/unit/test-cli-json.c cli/report/json.c cli/report/summary.c cli/report/site-warnings.c cli/run/budget.c
tests_unit_test_cli_json_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_json_LDADD = $(LP_CLI_TEST_LIBS)

# A crash's wording, and the unwinder on this very process (libdw).
check_PROGRAMS += tests/unit/test-cli-crash
TESTS += tests/unit/test-cli-crash
tests_unit_test_cli_crash_SOURCES = tests/unit/test-cli-crash.c cli/report/crash-text.c cli/report/site-warnings.c \
	cli/report/json.c cli/report/summary.c cli/run/budget.c cli/analyze/unwind.c cli/analyze/demangle.c
tests_unit_test_cli_crash_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS) $(LIBDW_CFLAGS)
tests_unit_test_cli_crash_LDADD = $(LP_CLI_TEST_LIBS) $(LIBDW_LIBS) $(LIBELF_LIBS)

# The summary's instrumentation lines and the livelock report: pure text from counts and
# a synthetic log.
check_PROGRAMS += tests/unit/test-cli-summary-sites tests/unit/test-cli-livelock tests/unit/test-cli-trace \
	tests/unit/test-cli-progress
TESTS += tests/unit/test-cli-summary-sites tests/unit/test-cli-livelock tests/unit/test-cli-trace \
	tests/unit/test-cli-progress
tests_unit_test_cli_summary_sites_SOURCES = tests/unit/test-cli-summary-sites.c cli/report/summary-sites.c cli/report/summary.c cli/report/site-warnings.c
tests_unit_test_cli_summary_sites_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_summary_sites_LDADD = libatomics-scan.a $(LP_CLI_TEST_LIBS) $(CAPSTONE_LIBS) $(LIBELF_LIBS)
tests_unit_test_cli_livelock_SOURCES = tests/unit/test-cli-livelock.c cli/report/report-livelock.c
tests_unit_test_cli_livelock_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_livelock_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_cli_trace_SOURCES = tests/unit/test-cli-trace.c cli/report/report-trace.c
tests_unit_test_cli_trace_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_trace_LDADD = libexplore.a $(LP_CLI_TEST_LIBS)
tests_unit_test_cli_progress_SOURCES = tests/unit/test-cli-progress.c cli/report/progress.c
tests_unit_test_cli_progress_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_progress_LDADD = $(LP_CLI_TEST_LIBS)

check_PROGRAMS += tests/unit/test-cli-budget tests/unit/test-cli-interception \
	tests/unit/test-cli-site-warnings
TESTS += tests/unit/test-cli-budget tests/unit/test-cli-interception \
	tests/unit/test-cli-site-warnings
tests_unit_test_cli_site_warnings_SOURCES = tests/unit/test-cli-site-warnings.c cli/report/site-warnings.c \
	cli/report/summary.c
tests_unit_test_cli_site_warnings_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_site_warnings_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_cli_interception_SOURCES = tests/unit/test-cli-interception.c cli/report/interception.c cli/report/json.c \
	cli/report/summary.c cli/report/site-warnings.c cli/run/budget.c
tests_unit_test_cli_interception_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_interception_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_cli_budget_SOURCES = tests/unit/test-cli-budget.c cli/run/budget.c
tests_unit_test_cli_budget_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_budget_LDADD = $(LP_CLI_TEST_LIBS)

TESTS += tests/cli/options-and-man.sh
EXTRA_DIST += tests/cli/options-and-man.sh

# A fake preload speaking the fork-server protocol: tests the runner without the real one.
check_LTLIBRARIES += tests/cli/libfake-preload.la
tests_cli_libfake_preload_la_SOURCES = tests/cli/fake-preload.c
tests_cli_libfake_preload_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
TESTS += tests/cli/replay-fake-server.sh
EXTRA_DIST += tests/cli/replay-fake-server.sh
include $(srcdir)/cli/analyze/atomics.mk

# Per-thread call keys (the confirmation of a violation found against exact serial orders).
check_PROGRAMS += tests/unit/test-cli-call-keys
TESTS += tests/unit/test-cli-call-keys
tests_unit_test_cli_call_keys_SOURCES = tests/unit/test-cli-call-keys.c cli/run/call-keys.c
tests_unit_test_cli_call_keys_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_call_keys_LDADD = $(LP_CLI_TEST_LIBS)

# Root causes: conflict cycles, candidates, ranking, on synthetic traces.
check_PROGRAMS += tests/unit/test-cli-root-cause
TESTS += tests/unit/test-cli-root-cause
tests_unit_test_cli_root_cause_SOURCES = tests/unit/test-cli-root-cause.c cli/report/root-cause.c
tests_unit_test_cli_root_cause_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_root_cause_LDADD = libexplore.a $(LP_CLI_TEST_LIBS)
# Its budget: the time the check took, the executions, the words of a search cut short.
check_PROGRAMS += tests/unit/test-cli-root-cause-budget
TESTS += tests/unit/test-cli-root-cause-budget
tests_unit_test_cli_root_cause_budget_SOURCES = tests/unit/test-cli-root-cause-budget.c cli/run/root-cause-budget.c
tests_unit_test_cli_root_cause_budget_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_root_cause_budget_LDADD = $(LP_CLI_TEST_LIBS)

# Test descriptions (lineup-test(5)): parsing and printing.
check_PROGRAMS += tests/unit/test-cli-test-desc
TESTS += tests/unit/test-cli-test-desc
tests_unit_test_cli_test_desc_SOURCES = tests/unit/test-cli-test-desc.c cli/test/test-desc.c
tests_unit_test_cli_test_desc_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_test_desc_LDADD = $(LP_CLI_TEST_LIBS)
check_PROGRAMS += tests/unit/test-cli-test-gen
TESTS += tests/unit/test-cli-test-gen
tests_unit_test_cli_test_gen_SOURCES = tests/unit/test-cli-test-gen.c cli/test/test-gen.c cli/test/test-desc.c
tests_unit_test_cli_test_gen_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_test_gen_LDADD = $(LP_CLI_TEST_LIBS)
check_PROGRAMS += tests/unit/test-cli-symmetry
TESTS += tests/unit/test-cli-symmetry
tests_unit_test_cli_symmetry_SOURCES = tests/unit/test-cli-symmetry.c cli/run/symmetry.c
tests_unit_test_cli_symmetry_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_symmetry_LDADD = $(LP_CLI_TEST_LIBS)
# Which slot the workers' next execution goes to.
check_PROGRAMS += tests/unit/test-cli-slot-pick
TESTS += tests/unit/test-cli-slot-pick
tests_unit_test_cli_slot_pick_SOURCES = tests/unit/test-cli-slot-pick.c cli/run/slot-pick.c
tests_unit_test_cli_slot_pick_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_slot_pick_LDADD = $(LP_CLI_TEST_LIBS)
# The watchdog's early spin check: register samples of a loop without progress.
check_PROGRAMS += tests/unit/test-cli-spin-samples
TESTS += tests/unit/test-cli-spin-samples
tests_unit_test_cli_spin_samples_SOURCES = tests/unit/test-cli-spin-samples.c cli/run/spin-samples.c
tests_unit_test_cli_spin_samples_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_spin_samples_LDADD = $(LP_CLI_TEST_LIBS)
# The golden model's requests (--spec-from): calls from a history's operations, answers.
check_PROGRAMS += tests/unit/test-cli-lazy
TESTS += tests/unit/test-cli-lazy
tests_unit_test_cli_lazy_SOURCES = tests/unit/test-cli-lazy.c cli/run/lazy-request.c
tests_unit_test_cli_lazy_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_lazy_LDADD = $(LP_CLI_TEST_LIBS)
check_PROGRAMS += tests/unit/test-cli-golden
TESTS += tests/unit/test-cli-golden
tests_unit_test_cli_golden_SOURCES = tests/unit/test-cli-golden.c cli/run/golden-request.c cli/analyze/format-value.c
tests_unit_test_cli_golden_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_golden_LDADD = $(LP_CLI_TEST_LIBS)
# --shard auto's reading of Slurm's and Kubernetes' array variables; merge's reading of
# reports and folders, and its verdict over finished, interrupted and missing shards.
check_PROGRAMS += tests/unit/test-cli-shard-auto tests/unit/test-cli-merge
TESTS += tests/unit/test-cli-shard-auto tests/unit/test-cli-merge
tests_unit_test_cli_shard_auto_SOURCES = tests/unit/test-cli-shard-auto.c cli/test/shard-auto.c
tests_unit_test_cli_shard_auto_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_shard_auto_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_cli_merge_SOURCES = tests/unit/test-cli-merge.c cli/test/merge.c cli/test/merge-read.c
tests_unit_test_cli_merge_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_merge_LDADD = $(LP_CLI_TEST_LIBS)
