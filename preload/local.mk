# preload: liblineup-preload.so (the injected library) with the runtime half of the
# scheduler; its unit tests and its own harness tests (tests/preload).
lib_LTLIBRARIES += liblineup-preload.la
liblineup_preload_la_SOURCES = preload/preload.c preload/preload.h preload/sys.h preload/text.h preload/no-libc.h \
	preload/interposed.c preload/plan.c preload/plan.h preload/record.c preload/got.c preload/ops.c \
	preload/trampoline-x86_64.S preload/forksrv.c preload/worker-line.c preload/worker-line.h preload/fd-state.c preload/hooks-fork.c preload/hooks-pthread.c preload/hooks-c11.c preload/hooks-fd.c preload/hooks-unwind.c preload/heap.c \
	preload/hooks-dl.c preload/sites.c preload/sites.h preload/patch.c preload/trap.c preload/exec-guard.c \
	preload/stub.c preload/stub-x86_64.S preload/string.c preload/crash.c \
	preload/hooks-atomic.c preload/hooks-atomic-x86_64.S \
	preload/runtime.h preload/runtime-thread.c preload/runtime-span.c preload/runtime-spin.c preload/runtime-spin.h preload/runtime-cancel.c preload/hooks-cancel.c preload/golden-handles.h \
	preload/runtime-sync.c preload/runtime-held.c preload/runtime-tsd.c scheduler/sched-pick.c scheduler/sched-pick.h scheduler/footprint.h \
	scheduler/atomic-region.c scheduler/atomic-region.h \
	preload/runtime-strategy.c scheduler/strategy.h \
	preload/runtime-tso.c preload/runtime-tso.h preload/tso-buffer.c preload/tso-buffer.h \
	preload/callout.c preload/callout-x86_64.S preload/arg-regs-x86_64.inc preload/callout-pick.c preload/callout-pick.h
EXTRA_DIST += preload/interposed.def preload/atomic-names.def
liblineup_preload_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir) -I$(top_srcdir)/preload
# -mgeneral-regs-only: a stub's scheduling point runs where the target's vector registers
# are live and saves only the general ones (preload/stub-x86_64.S). The golden model calls
# functions with floating-point arguments, so it is compiled apart, without the rule.
liblineup_preload_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden -fno-strict-aliasing -mgeneral-regs-only
liblineup_preload_la_LDFLAGS = -module -avoid-version -shared -Wl,-z,now
liblineup_preload_la_LIBADD = liblineup-golden.la -ldl -lpthread
noinst_LTLIBRARIES += liblineup-golden.la
liblineup_golden_la_SOURCES = preload/golden.c
liblineup_golden_la_CPPFLAGS = $(liblineup_preload_la_CPPFLAGS)
liblineup_golden_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden -fno-strict-aliasing

# Pure parts, unit tested.
check_PROGRAMS += tests/unit/test-preload-plan tests/unit/test-scheduler-sched-pick
TESTS += tests/unit/test-preload-plan tests/unit/test-scheduler-sched-pick
tests_unit_test_preload_plan_SOURCES = tests/unit/test-preload-plan.c preload/plan.c
tests_unit_test_preload_plan_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/preload
tests_unit_test_preload_plan_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_preload_plan_LDADD = $(CMOCKA_LIBS)
tests_unit_test_scheduler_sched_pick_SOURCES = tests/unit/test-scheduler-sched-pick.c scheduler/sched-pick.c
tests_unit_test_scheduler_sched_pick_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/scheduler
tests_unit_test_scheduler_sched_pick_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_scheduler_sched_pick_LDADD = $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-preload-runtime-spin
TESTS += tests/unit/test-preload-runtime-spin
tests_unit_test_preload_runtime_spin_SOURCES = tests/unit/test-preload-runtime-spin.c preload/runtime-spin.c
tests_unit_test_preload_runtime_spin_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/preload
tests_unit_test_preload_runtime_spin_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_preload_runtime_spin_LDADD = $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-preload-runtime-span
TESTS += tests/unit/test-preload-runtime-span
tests_unit_test_preload_runtime_span_SOURCES = tests/unit/test-preload-runtime-span.c preload/runtime-span.c
tests_unit_test_preload_runtime_span_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/preload
tests_unit_test_preload_runtime_span_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_preload_runtime_span_LDADD = $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-preload-tso-buffer
TESTS += tests/unit/test-preload-tso-buffer
tests_unit_test_preload_tso_buffer_SOURCES = tests/unit/test-preload-tso-buffer.c preload/tso-buffer.c
tests_unit_test_preload_tso_buffer_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/preload
tests_unit_test_preload_tso_buffer_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_preload_tso_buffer_LDADD = $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-preload-sites
TESTS += tests/unit/test-preload-sites
tests_unit_test_preload_sites_SOURCES = tests/unit/test-preload-sites.c preload/sites.c
tests_unit_test_preload_sites_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/preload
tests_unit_test_preload_sites_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_preload_sites_LDADD = $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-preload-golden-handles
TESTS += tests/unit/test-preload-golden-handles
tests_unit_test_preload_golden_handles_SOURCES = tests/unit/test-preload-golden-handles.c
tests_unit_test_preload_golden_handles_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/preload
tests_unit_test_preload_golden_handles_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_preload_golden_handles_LDADD = $(CMOCKA_LIBS)

# The harness plays the cli; libtoy is a tiny target; the clients use it.
check_PROGRAMS += tests/preload/harness tests/preload/client-toy tests/preload/client-dlopen \
	tests/preload/client-noop tests/preload/client-sync tests/preload/client-toy-now \
	tests/preload/client-atom tests/preload/client-atom-dl
check_LTLIBRARIES += tests/preload/libtoy.la tests/preload/libatom.la
tests_preload_libatom_la_SOURCES = tests/preload/libatom.c tests/preload/atom.h
tests_preload_libatom_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
tests_preload_libatom_la_LIBADD = -latomic
tests_preload_client_atom_SOURCES = tests/preload/client-atom.c tests/preload/atom.h
tests_preload_client_atom_LDADD = tests/preload/libatom.la -ldl -lpthread
tests_preload_client_atom_LDFLAGS = -no-install
tests_preload_client_atom_dl_SOURCES = tests/preload/client-atom.c tests/preload/atom.h
tests_preload_client_atom_dl_CPPFLAGS = $(AM_CPPFLAGS) -DATOM_DL
tests_preload_client_atom_dl_LDADD = -ldl -lpthread
tests_preload_client_atom_dl_LDFLAGS = -no-install
tests_preload_libtoy_la_SOURCES = tests/preload/libtoy.c tests/preload/toy.h
tests_preload_libtoy_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
tests_preload_libtoy_la_LIBADD = -lpthread
tests_preload_harness_SOURCES = tests/preload/harness.c
# the cli's run-server starts the client and drives its fork server (cli/local.mk)
tests_preload_harness_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)
tests_preload_harness_LDADD = libcli.a libexplore.a libanalyze.a libatomics-scan.a libcommon.a \
	$(LIBELF_LIBS) $(LIBDW_LIBS) $(CAPSTONE_LIBS)
tests_preload_client_toy_SOURCES = tests/preload/client-toy.c tests/preload/toy.h
tests_preload_client_toy_LDADD = tests/preload/libtoy.la -lpthread
tests_preload_client_toy_LDFLAGS = -no-install
# the same client with full RELRO and without PLT (GLOB_DAT slots in read-only pages)
tests_preload_client_toy_now_SOURCES = tests/preload/client-toy.c tests/preload/toy.h
tests_preload_client_toy_now_CFLAGS = $(AM_CFLAGS) -fno-plt
tests_preload_client_toy_now_LDADD = tests/preload/libtoy.la -lpthread
tests_preload_client_toy_now_LDFLAGS = -no-install -Wl,-z,relro,-z,now
tests_preload_client_sync_SOURCES = tests/preload/client-sync.c tests/preload/toy.h
tests_preload_client_sync_LDADD = tests/preload/libtoy.la -lpthread
tests_preload_client_sync_LDFLAGS = -no-install
tests_preload_client_dlopen_SOURCES = tests/preload/client-dlopen.c
tests_preload_client_dlopen_LDADD = -ldl -lpthread
tests_preload_client_dlopen_LDFLAGS = -no-install
check_PROGRAMS += tests/preload/client-next
tests_preload_client_next_SOURCES = tests/preload/client-next.c
tests_preload_client_next_LDADD = -ldl
tests_preload_client_next_LDFLAGS = -no-install
tests_preload_client_noop_SOURCES = tests/preload/client-noop.c
tests_preload_client_noop_LDADD = -lpthread
tests_preload_client_noop_LDFLAGS = -no-install
EXTRA_DIST += tests/preload/test-lib.sh
TESTS += tests/preload/ops.sh tests/preload/sched.sh tests/preload/sync.sh \
	tests/preload/dl.sh tests/preload/inert.sh tests/preload/traps.sh
EXTRA_DIST += tests/preload/atom-plan.sh bench/trap/trap-cost.sh

# make bench-trap: cost of a point at an atomic, by stub and by int3, against the native
# instruction (bench/trap).
.PHONY: bench-trap
bench-trap: all $(check_PROGRAMS) $(check_LTLIBRARIES)
	top_srcdir=$(abs_top_srcdir) top_builddir=$(abs_top_builddir) $(SHELL) $(srcdir)/bench/trap/trap-cost.sh $(BENCH_ARGS)
EXTRA_DIST += tests/preload/traps.sh tests/preload/ops.sh tests/preload/sched.sh tests/preload/sync.sh \
	tests/preload/dl.sh tests/preload/inert.sh

# The futex model: syscall(SYS_futex, ...) under the scheduler.
liblineup_preload_la_SOURCES += preload/hooks-futex.c preload/runtime-futex.c \
	preload/runtime-futex.h preload/runtime-futex-queue.c preload/runtime-futex-queue.h
check_PROGRAMS += tests/unit/test-preload-runtime-futex-queue
TESTS += tests/unit/test-preload-runtime-futex-queue
tests_unit_test_preload_runtime_futex_queue_SOURCES = tests/unit/test-preload-runtime-futex-queue.c \
	preload/runtime-futex-queue.c
tests_unit_test_preload_runtime_futex_queue_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/preload
tests_unit_test_preload_runtime_futex_queue_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_preload_runtime_futex_queue_LDADD = $(CMOCKA_LIBS)
check_PROGRAMS += tests/preload/client-futex
check_LTLIBRARIES += tests/preload/libfutex-toy.la
tests_preload_libfutex_toy_la_SOURCES = tests/preload/libfutex-toy.c tests/preload/futex-toy.h
tests_preload_libfutex_toy_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
tests_preload_client_futex_SOURCES = tests/preload/client-futex.c tests/preload/futex-toy.h
tests_preload_client_futex_LDADD = tests/preload/libfutex-toy.la -lpthread
tests_preload_client_futex_LDFLAGS = -no-install
TESTS += tests/preload/futex.sh
EXTRA_DIST += tests/preload/futex.sh
TESTS += tests/preload/futex-glib.sh
EXTRA_DIST += tests/preload/futex-glib.sh tests/preload/client-futex-glib.c

# The rule behind preload/no-libc.h holds for every preload source.
TESTS += tests/preload/no-libc-rule.sh tests/preload/vector-rule.sh
EXTRA_DIST += tests/preload/no-libc-rule.sh tests/preload/vector-rule.sh

# What the linker sees of the rules: imports, calls to its own exports, the one table
# (binutils' nm and readelf).
check_PROGRAMS += tests/preload/list-interposed
tests_preload_list_interposed_SOURCES = tests/preload/list-interposed.c
tests_preload_list_interposed_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/preload
TESTS += tests/preload/imports.sh
EXTRA_DIST += tests/preload/imports.sh

# A worker's line: the order its executions run in (preload/worker-line.h).
check_PROGRAMS += tests/unit/test-preload-worker-line
TESTS += tests/unit/test-preload-worker-line
tests_unit_test_preload_worker_line_SOURCES = tests/unit/test-preload-worker-line.c preload/worker-line.c
tests_unit_test_preload_worker_line_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/preload
tests_unit_test_preload_worker_line_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_preload_worker_line_LDADD = $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-preload-callout-pick
TESTS += tests/unit/test-preload-callout-pick
tests_unit_test_preload_callout_pick_SOURCES = tests/unit/test-preload-callout-pick.c preload/callout-pick.c
tests_unit_test_preload_callout_pick_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/preload
tests_unit_test_preload_callout_pick_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_preload_callout_pick_LDADD = $(CMOCKA_LIBS)
