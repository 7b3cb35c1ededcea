# cli/analyze/atomics.mk: the atomic-instruction scan (libatomics-scan.a), its test objects and tests.
noinst_LIBRARIES += libatomics-scan.a
libatomics_scan_a_SOURCES = cli/analyze/atomics-scan.c cli/analyze/atomics-scan.h \
	cli/analyze/atomics-elf.c cli/analyze/atomics-elf.h \
	cli/analyze/stub-pads.c cli/analyze/stub-pads.h \
	cli/analyze/spin-loop.c cli/analyze/spin-loop.h
libatomics_scan_a_CFLAGS = $(AM_CFLAGS) $(CAPSTONE_CFLAGS) $(LIBELF_CFLAGS) $(LP_SAN_CFLAGS)

# Test objects: built with fixed flags (no sanitizers) so the code GCC emits is the one
# the tests describe; -O2 as distributions build libraries.
ATOMICS_TEST_OBJS = tests/atomics/libatomics-c.so tests/atomics/libatomics-asm.so
tests/atomics/libatomics-c.so: tests/atomics/atomics-c.c
	@$(MKDIR_P) tests/atomics
	$(AM_V_CC)$(CC) -O2 -fPIC -shared -o $@ $(srcdir)/tests/atomics/atomics-c.c
tests/atomics/libatomics-asm.so: tests/atomics/atomics-asm.S
	@$(MKDIR_P) tests/atomics
	$(AM_V_CCAS)$(CC) -fPIC -shared -o $@ $(srcdir)/tests/atomics/atomics-asm.S
CLEANFILES += $(ATOMICS_TEST_OBJS)
EXTRA_DIST += tests/atomics/atomics-c.c tests/atomics/atomics-asm.S

check_PROGRAMS += tests/unit/test-analyze-atomics-scan
TESTS += tests/unit/test-analyze-atomics-scan
tests_unit_test_analyze_atomics_scan_SOURCES = tests/unit/test-analyze-atomics-scan.c
tests_unit_test_analyze_atomics_scan_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/cli/analyze
tests_unit_test_analyze_atomics_scan_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LIBELF_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_analyze_atomics_scan_LDADD = libatomics-scan.a libcommon.a $(CAPSTONE_LIBS) $(LIBELF_LIBS) $(CMOCKA_LIBS)
tests_unit_test_analyze_atomics_scan_LDFLAGS = $(LP_SAN_CFLAGS)
EXTRA_tests_unit_test_analyze_atomics_scan_DEPENDENCIES = $(ATOMICS_TEST_OBJS)

check_PROGRAMS += tests/unit/test-analyze-stub-pads
TESTS += tests/unit/test-analyze-stub-pads
tests_unit_test_analyze_stub_pads_SOURCES = tests/unit/test-analyze-stub-pads.c
tests_unit_test_analyze_stub_pads_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/cli/analyze
tests_unit_test_analyze_stub_pads_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_analyze_stub_pads_LDADD = libatomics-scan.a libcommon.a $(CAPSTONE_LIBS) $(LIBELF_LIBS) $(CMOCKA_LIBS)
tests_unit_test_analyze_stub_pads_LDFLAGS = $(LP_SAN_CFLAGS)

# The loop around a spinning pc (--spin-site), on hand-written loops.
tests/atomics/libspin-loop.so: tests/atomics/spin-loop.S
	@$(MKDIR_P) tests/atomics
	$(AM_V_CCAS)$(CC) -fPIC -shared -o $@ $(srcdir)/tests/atomics/spin-loop.S
CLEANFILES += tests/atomics/libspin-loop.so
EXTRA_DIST += tests/atomics/spin-loop.S
check_PROGRAMS += tests/unit/test-analyze-spin-loop
TESTS += tests/unit/test-analyze-spin-loop
tests_unit_test_analyze_spin_loop_SOURCES = tests/unit/test-analyze-spin-loop.c
tests_unit_test_analyze_spin_loop_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/cli/analyze
tests_unit_test_analyze_spin_loop_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LIBELF_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_analyze_spin_loop_LDADD = libatomics-scan.a libcommon.a $(CAPSTONE_LIBS) $(LIBELF_LIBS) $(CMOCKA_LIBS)
tests_unit_test_analyze_spin_loop_LDFLAGS = $(LP_SAN_CFLAGS)
EXTRA_tests_unit_test_analyze_spin_loop_DEPENDENCIES = tests/atomics/libspin-loop.so
