# cli: build rules for lineup-preload (libcli.a is all of it but main.c; the analysis rules are
# in cli/analyze/local.mk; lineup-driver, the built-in client, is built here too).
include $(srcdir)/cli/analyze/local.mk

# Everything but main.c in one archive, so the pieces build and test on their own.
noinst_LIBRARIES += libcli.a
libcli_a_SOURCES = cli/options.c cli/options.h cli/run/phases.c cli/run/phases.h cli/run/phases-internal.h \
	cli/run/exec-classify.c cli/run/phase1.c cli/run/phase2.c cli/run/por-dump.c cli/run/por-dump.h cli/run/violation.c \
	cli/run/violation-confirm.c cli/run/replay.c \
	cli/run/run-server.c cli/run/run-server.h cli/run/run-ahead.c cli/run/run-ahead.h cli/run/slot-pick.c cli/run/slot-pick.h cli/run/shm-log.c cli/run/shm-log.h cli/run/trace-check.c cli/run/trace-check.h cli/run/watchdog.c cli/run/watchdog.h cli/run/spin-restart.c cli/run/spin-restart.h cli/run/spin-samples.c cli/run/spin-samples.h cli/run/golden-run.c cli/run/golden-run.h cli/run/lazy-run.c cli/run/lazy-request.c cli/run/lazy-run.h cli/run/golden-request.c \
	cli/report/report.c cli/report/report.h cli/report/json.c cli/report/json.h cli/report/summary.c cli/report/summary.h cli/report/site-warnings.c cli/report/site-warnings.h cli/report/progress.c cli/report/progress.h \
	cli/run/checker-pipe.c cli/run/checker-pipe.h cli/run/replay-cmd.c cli/run/replay-cmd.h \
	cli/report/summary-sites.c cli/report/summary-sites.h cli/report/report-livelock.c cli/report/report-livelock.h \
	cli/report/report-trace.c cli/report/report-trace.h cli/report/report-tso.c cli/report/report-tso.h cli/report/crash-text.c cli/report/crash-text.h \
	cli/report/root-cause.c cli/report/root-cause.h cli/run/root-cause-run.c cli/run/root-cause-run.h \
	cli/run/root-cause-budget.c cli/run/root-cause-budget.h \
	cli/report/report-fence.c cli/report/report-fence.h cli/run/fence-run.c cli/run/fence-run.h \
	cli/run/budget.c cli/run/budget.h cli/run/budget-run.c cli/run/budget-run.h \
	cli/run/interrupt.c cli/run/interrupt.h cli/run/phases-exec.h cli/run/phase-sample.c \
	cli/report/interception.c cli/report/interception.h \
	cli/report/hist-lines.c cli/report/hist-lines.h cli/report/report-model.c cli/report/report-model.h \
	cli/report/export.c cli/report/export.h cli/report/html.c cli/report/html.h \
	cli/report/report-command.c cli/report/json-read.c cli/report/json-read.h \
	cli/campaign/test-desc.c cli/campaign/test-desc-print.c cli/campaign/test-desc.h cli/campaign/test-run.c cli/campaign/test-run.h cli/campaign/test-struct.c \
	cli/campaign/test-gen.c cli/campaign/test-gen.h cli/campaign/campaign.c cli/campaign/campaign.h \
	cli/campaign/campaign-internal.h cli/campaign/campaign-check.c cli/campaign/minimise.c \
	cli/campaign/emit-client.c cli/campaign/campaign-json.c cli/campaign/merge.c cli/campaign/merge.h \
	cli/campaign/merge-read.c cli/campaign/shard-auto.c cli/campaign/shard-auto.h \
	cli/run/symmetry.c cli/run/symmetry.h \
	cli/run/call-keys.c cli/run/call-keys.h cli/run/cleanup.c cli/run/cleanup.h cli/run/output-check.c cli/run/output-check.h \
	cli/run/find-programs.c cli/run/find-programs.h
libcli_a_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_builddir) -DLP_BINDIR='"$(bindir)"' -DLP_LIBDIR='"$(libdir)"' \
	-DLP_PKGLIBEXECDIR='"$(pkglibexecdir)"'
libcli_a_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)

bin_PROGRAMS += lineup-preload
lineup_preload_SOURCES = cli/main.c
lineup_preload_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)
lineup_preload_LDADD = libcli.a libexplore.a libanalyze.a libatomics-scan.a libcommon.a \
	$(LIBELF_LIBS) $(LIBDW_LIBS) $(CAPSTONE_LIBS)

dist_man_MANS += man/lineup-preload.1 man/lineup-test.5

# The built-in client of --test (lineup-test(5)): found next to lineup-preload in the build
# tree, in $(pkglibexecdir) once installed.
pkglibexec_PROGRAMS = lineup-driver
# The driver runs under the preload, so it is never built with --enable-sanitize (the
# sanitizer's runtime must come first in the process): it compiles the common sources
# itself rather than link libcommon.a, which is.
lineup_driver_SOURCES = cli/campaign/driver.c cli/campaign/test-desc.c cli/campaign/test-desc-print.c cli/campaign/test-desc.h \
	common/die.c common/buf.c common/clock.c common/layout.c
lineup_driver_CFLAGS = $(AM_CFLAGS) $(LIBFFI_CFLAGS) -pthread
lineup_driver_LDADD = $(LIBFFI_LIBS) -ldl -lpthread

# Pure parts of the cli, unit tested.
LP_CLI_TEST_LIBS = libcommon.a $(CMOCKA_LIBS)
check_PROGRAMS += tests/unit/test-cli-options tests/unit/test-run-shm-log tests/unit/test-report-json
TESTS += tests/unit/test-cli-options tests/unit/test-run-shm-log tests/unit/test-report-json
tests_unit_test_cli_options_SOURCES = tests/unit/test-cli-options.c cli/options.c cli/run/replay-cmd.c \
	cli/analyze/instrument-refusal.c cli/run/budget.c
tests_unit_test_cli_options_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_cli_options_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_run_shm_log_SOURCES = tests/unit/test-run-shm-log.c cli/run/shm-log.c
tests_unit_test_run_shm_log_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_shm_log_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_report_json_SOURCES = tests/unit/test-report-json.c cli/report/json.c cli/report/report-model.c cli/report/summary.c cli/report/site-warnings.c cli/run/budget.c
tests_unit_test_report_json_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_json_LDADD = $(LP_CLI_TEST_LIBS)

# A crash's wording, and the unwinder on this very process (libdw).
check_PROGRAMS += tests/unit/test-report-crash-text
TESTS += tests/unit/test-report-crash-text
tests_unit_test_report_crash_text_SOURCES = tests/unit/test-report-crash-text.c cli/report/crash-text.c cli/report/site-warnings.c \
	cli/report/json.c cli/report/report-model.c cli/report/summary.c cli/run/budget.c cli/analyze/unwind.c cli/analyze/demangle.c
tests_unit_test_report_crash_text_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS) $(LIBDW_CFLAGS)
tests_unit_test_report_crash_text_LDADD = $(LP_CLI_TEST_LIBS) $(LIBDW_LIBS) $(LIBELF_LIBS)

# The summary's instrumentation lines and the livelock report: pure text from counts and
# a synthetic log.
check_PROGRAMS += tests/unit/test-report-summary-sites tests/unit/test-report-report-livelock tests/unit/test-report-report-trace \
	tests/unit/test-report-progress
TESTS += tests/unit/test-report-summary-sites tests/unit/test-report-report-livelock tests/unit/test-report-report-trace \
	tests/unit/test-report-progress
tests_unit_test_report_summary_sites_SOURCES = tests/unit/test-report-summary-sites.c cli/report/summary-sites.c cli/report/summary.c cli/report/site-warnings.c
tests_unit_test_report_summary_sites_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_summary_sites_LDADD = libatomics-scan.a $(LP_CLI_TEST_LIBS) $(CAPSTONE_LIBS) $(LIBELF_LIBS)
tests_unit_test_report_report_livelock_SOURCES = tests/unit/test-report-report-livelock.c cli/report/report-livelock.c
tests_unit_test_report_report_livelock_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_report_livelock_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_report_report_trace_SOURCES = tests/unit/test-report-report-trace.c cli/report/report-trace.c
tests_unit_test_report_report_trace_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_report_trace_LDADD = libexplore.a $(LP_CLI_TEST_LIBS)
tests_unit_test_report_progress_SOURCES = tests/unit/test-report-progress.c cli/report/progress.c
tests_unit_test_report_progress_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_progress_LDADD = $(LP_CLI_TEST_LIBS)

check_PROGRAMS += tests/unit/test-run-budget tests/unit/test-report-interception \
	tests/unit/test-report-site-warnings
TESTS += tests/unit/test-run-budget tests/unit/test-report-interception \
	tests/unit/test-report-site-warnings
tests_unit_test_report_site_warnings_SOURCES = tests/unit/test-report-site-warnings.c cli/report/site-warnings.c \
	cli/report/summary.c
tests_unit_test_report_site_warnings_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_site_warnings_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_report_interception_SOURCES = tests/unit/test-report-interception.c cli/report/interception.c cli/report/json.c cli/report/report-model.c \
	cli/report/summary.c cli/report/site-warnings.c cli/run/budget.c
tests_unit_test_report_interception_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_interception_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_run_budget_SOURCES = tests/unit/test-run-budget.c cli/run/budget.c
tests_unit_test_run_budget_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_budget_LDADD = $(LP_CLI_TEST_LIBS)

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
check_PROGRAMS += tests/unit/test-run-call-keys
TESTS += tests/unit/test-run-call-keys
tests_unit_test_run_call_keys_SOURCES = tests/unit/test-run-call-keys.c cli/run/call-keys.c
tests_unit_test_run_call_keys_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_call_keys_LDADD = $(LP_CLI_TEST_LIBS)

# Root causes: conflict cycles, candidates, ranking, on synthetic traces.
check_PROGRAMS += tests/unit/test-report-root-cause
TESTS += tests/unit/test-report-root-cause
tests_unit_test_report_root_cause_SOURCES = tests/unit/test-report-root-cause.c cli/report/root-cause.c
tests_unit_test_report_root_cause_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_root_cause_LDADD = libexplore.a $(LP_CLI_TEST_LIBS)
# Its budget: the time the check took, the executions, the words of a search cut short.
check_PROGRAMS += tests/unit/test-run-root-cause-budget
TESTS += tests/unit/test-run-root-cause-budget
tests_unit_test_run_root_cause_budget_SOURCES = tests/unit/test-run-root-cause-budget.c cli/run/root-cause-budget.c
tests_unit_test_run_root_cause_budget_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_root_cause_budget_LDADD = $(LP_CLI_TEST_LIBS)

# Fences under --memory-model tso: the sites tried, in order, and their words.
check_PROGRAMS += tests/unit/test-report-report-fence
TESTS += tests/unit/test-report-report-fence
tests_unit_test_report_report_fence_SOURCES = tests/unit/test-report-report-fence.c cli/report/report-fence.c \
	cli/report/json.c cli/report/report-model.c cli/report/summary.c cli/report/site-warnings.c cli/run/budget.c
tests_unit_test_report_report_fence_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_report_fence_LDADD = $(LP_CLI_TEST_LIBS)

# Stale loads under --memory-model tso: the report's lines and the JSON array.
check_PROGRAMS += tests/unit/test-report-report-tso
TESTS += tests/unit/test-report-report-tso
tests_unit_test_report_report_tso_SOURCES = tests/unit/test-report-report-tso.c cli/report/report-tso.c \
	cli/report/json.c cli/report/report-model.c cli/report/summary.c cli/report/site-warnings.c cli/run/budget.c
tests_unit_test_report_report_tso_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_report_tso_LDADD = $(LP_CLI_TEST_LIBS)

# Test descriptions (lineup-test(5)): parsing and printing.
check_PROGRAMS += tests/unit/test-campaign-test-desc
TESTS += tests/unit/test-campaign-test-desc
tests_unit_test_campaign_test_desc_SOURCES = tests/unit/test-campaign-test-desc.c cli/campaign/test-desc.c cli/campaign/test-desc-print.c
tests_unit_test_campaign_test_desc_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_campaign_test_desc_LDADD = $(LP_CLI_TEST_LIBS)
check_PROGRAMS += tests/unit/test-campaign-test-gen
TESTS += tests/unit/test-campaign-test-gen
tests_unit_test_campaign_test_gen_SOURCES = tests/unit/test-campaign-test-gen.c cli/campaign/test-gen.c cli/campaign/test-desc.c cli/campaign/test-desc-print.c
tests_unit_test_campaign_test_gen_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_campaign_test_gen_LDADD = $(LP_CLI_TEST_LIBS)
check_PROGRAMS += tests/unit/test-run-symmetry
TESTS += tests/unit/test-run-symmetry
tests_unit_test_run_symmetry_SOURCES = tests/unit/test-run-symmetry.c cli/run/symmetry.c
tests_unit_test_run_symmetry_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_symmetry_LDADD = $(LP_CLI_TEST_LIBS)
# Which slot the workers' next execution goes to.
check_PROGRAMS += tests/unit/test-run-slot-pick
TESTS += tests/unit/test-run-slot-pick
tests_unit_test_run_slot_pick_SOURCES = tests/unit/test-run-slot-pick.c cli/run/slot-pick.c
tests_unit_test_run_slot_pick_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_slot_pick_LDADD = $(LP_CLI_TEST_LIBS)
# The watchdog's early spin check: register samples of a loop without progress.
check_PROGRAMS += tests/unit/test-run-spin-samples
TESTS += tests/unit/test-run-spin-samples
tests_unit_test_run_spin_samples_SOURCES = tests/unit/test-run-spin-samples.c cli/run/spin-samples.c
tests_unit_test_run_spin_samples_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_spin_samples_LDADD = $(LP_CLI_TEST_LIBS)
# The golden model's requests (--spec-from): calls from a history's operations, answers.
check_PROGRAMS += tests/unit/test-run-lazy-request
TESTS += tests/unit/test-run-lazy-request
tests_unit_test_run_lazy_request_SOURCES = tests/unit/test-run-lazy-request.c cli/run/lazy-request.c
tests_unit_test_run_lazy_request_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_lazy_request_LDADD = $(LP_CLI_TEST_LIBS)
check_PROGRAMS += tests/unit/test-run-golden-request
TESTS += tests/unit/test-run-golden-request
tests_unit_test_run_golden_request_SOURCES = tests/unit/test-run-golden-request.c cli/run/golden-request.c cli/analyze/format-value.c
tests_unit_test_run_golden_request_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_golden_request_LDADD = $(LP_CLI_TEST_LIBS)

check_PROGRAMS += tests/unit/test-run-cleanup
TESTS += tests/unit/test-run-cleanup
tests_unit_test_run_cleanup_SOURCES = tests/unit/test-run-cleanup.c cli/run/cleanup.c
tests_unit_test_run_cleanup_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_cleanup_LDADD = $(LP_CLI_TEST_LIBS)

# The --html page's style and script, compiled in as C strings (cli/report/html.h).
LP_HTML_ASSETS = $(srcdir)/cli/report/page.css $(srcdir)/cli/report/page.js
BUILT_SOURCES += cli/report/html-assets.h
nodist_libcli_a_SOURCES = cli/report/html-assets.h
nodist_tests_unit_test_report_html_SOURCES = cli/report/html-assets.h
# (also for `make lineup-preload` alone, which BUILT_SOURCES does not cover)
cli/report/libcli_a-html.$(OBJEXT) cli/report/tests_unit_test_report_html-html.$(OBJEXT): \
	cli/report/html-assets.h
CLEANFILES += cli/report/html-assets.h
EXTRA_DIST += $(LP_HTML_ASSETS) build-aux/c-string.awk
cli/report/html-assets.h: $(LP_HTML_ASSETS) $(srcdir)/build-aux/c-string.awk
	$(AM_V_GEN)$(MKDIR_P) cli/report && { \
	  $(AWK) -v name=lp_html_css -f $(srcdir)/build-aux/c-string.awk $(srcdir)/cli/report/page.css && \
	  $(AWK) -v name=lp_html_js -f $(srcdir)/build-aux/c-string.awk $(srcdir)/cli/report/page.js; \
	} >$@.tmp && mv $@.tmp $@

# The page and the exports: HTML escaping, the report model read from report texts,
# Porcupine and Jepsen histories.
check_PROGRAMS += tests/unit/test-report-html tests/unit/test-report-export
TESTS += tests/unit/test-report-html tests/unit/test-report-export
tests_unit_test_report_html_SOURCES = tests/unit/test-report-html.c cli/report/html.c cli/report/report-model.c \
	cli/report/json.c cli/report/summary.c cli/report/site-warnings.c cli/run/budget.c
tests_unit_test_report_html_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_builddir)
tests_unit_test_report_html_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_html_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_report_export_SOURCES = tests/unit/test-report-export.c cli/report/export.c cli/report/hist-lines.c cli/report/json-read.c \
	cli/report/json.c cli/report/report-model.c cli/report/summary.c cli/report/site-warnings.c cli/run/budget.c
tests_unit_test_report_export_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_report_export_LDADD = $(LP_CLI_TEST_LIBS)
# --shard auto's reading of Slurm's and Kubernetes' array variables; merge's reading of
# reports and folders, and its verdict over finished, interrupted and missing shards.
check_PROGRAMS += tests/unit/test-campaign-shard-auto tests/unit/test-campaign-merge
TESTS += tests/unit/test-campaign-shard-auto tests/unit/test-campaign-merge
tests_unit_test_campaign_shard_auto_SOURCES = tests/unit/test-campaign-shard-auto.c cli/campaign/shard-auto.c
tests_unit_test_campaign_shard_auto_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_campaign_shard_auto_LDADD = $(LP_CLI_TEST_LIBS)
tests_unit_test_campaign_merge_SOURCES = tests/unit/test-campaign-merge.c cli/campaign/merge.c cli/campaign/merge-read.c cli/report/json-read.c
tests_unit_test_campaign_merge_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_campaign_merge_LDADD = $(LP_CLI_TEST_LIBS)
# The restart for a spin-wait on plain loads at -g atomic (--spin-site), on this process.
check_PROGRAMS += tests/unit/test-run-spin-restart
TESTS += tests/unit/test-run-spin-restart
tests_unit_test_run_spin_restart_SOURCES = tests/unit/test-run-spin-restart.c cli/run/spin-restart.c
tests_unit_test_run_spin_restart_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_run_spin_restart_LDADD = libanalyze.a libatomics-scan.a libcommon.a \
	$(CMOCKA_LIBS) $(LIBELF_LIBS) $(LIBDW_LIBS) $(CAPSTONE_LIBS) -ldl
tests_unit_test_run_spin_restart_LDFLAGS = $(LP_SAN_CFLAGS)
EXTRA_tests_unit_test_run_spin_restart_DEPENDENCIES = tests/atomics/libspin-loop.so
