# cli/analyze/local.mk: build rules for the analysis library (libanalyze.a) and its tests.
# lineup-preload links libanalyze.a libatomics-scan.a libcommon.a $(LIBELF_LIBS) $(LIBDW_LIBS)
# $(CAPSTONE_LIBS).
noinst_LIBRARIES += libanalyze.a
libanalyze_a_SOURCES = cli/analyze/analyze.h cli/analyze/analyze-internal.h \
	cli/analyze/analyze-main.c cli/analyze/analyze-client.c cli/analyze/analyze-closure.c cli/analyze/analyze-targets.c \
	cli/analyze/elf-functions.c cli/analyze/dwarf-types.c cli/analyze/signature-parse.c cli/analyze/plan-write.c \
	cli/analyze/format-value.c cli/analyze/symbolize.c cli/analyze/demangle.c cli/analyze/demangle.h cli/analyze/analyze-sites.c cli/analyze/analyze-locks.c cli/analyze/instrument-refusal.c \
	cli/analyze/instrument-refusal.h cli/analyze/pure-regions.c cli/analyze/pure-regions.h cli/analyze/pure-view.h \
	cli/analyze/pure-spans.c cli/analyze/pure-spans.h \
	cli/analyze/unwind.c cli/analyze/unwind.h \
	cli/analyze/lib-search.c cli/analyze/lib-search.h \
	cli/analyze/header-types.c \
	cli/analyze/uninstrumented-deps.c
libanalyze_a_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS) $(LIBELF_CFLAGS) $(LIBDW_CFLAGS) $(CAPSTONE_CFLAGS)

# ---- Test objects (tests/analyze/): a library with DWARF and without, clients with and
# without -g, a client of a runtime only, the same built -static (skipped when the static
# libc is missing). Built with explicit $(CC) calls: the tests need exact sonames, -g and
# RUNPATH, and nothing here may be instrumented.
AFX_DIR = tests/analyze
AFX_SRC = $(srcdir)/tests/analyze
AFX_RPATH = -Wl,-rpath,$(abs_top_builddir)/$(AFX_DIR)
AFX_CC = $(CC) -O1 -fno-inline -I$(AFX_SRC)
AFX_OBJS = $(AFX_DIR)/libfx.so.1 $(AFX_DIR)/libfx-nodw.so.1 $(AFX_DIR)/client-g \
	$(AFX_DIR)/client-nog $(AFX_DIR)/client-dw $(AFX_DIR)/client-struct \
	$(AFX_DIR)/client-none $(AFX_DIR)/client-static $(AFX_DIR)/libfx-dbg.so.1 \
	$(AFX_DIR)/libfx-dbg.so.1.debug $(AFX_DIR)/client-dbg
AFX_OBJCOPY = objcopy
EXTRA_DIST += tests/analyze/fx.h tests/analyze/libfx.c tests/analyze/client-calls.c \
	tests/analyze/client-dw.c tests/analyze/client-struct.c tests/analyze/client-none.c
CLEANFILES += $(AFX_OBJS) $(AFX_DIR)/libfx-dbg.tmp

# Pure-region fixtures (tests/unit/test-analyze-pure-regions.c): optimised without a frame pointer,
# and unoptimised with one (locals in %rbp-based slots).
AFX_PURE = $(AFX_DIR)/libpure-o2.so $(AFX_DIR)/libpure-o0.so
EXTRA_DIST += tests/analyze/libpure.c
CLEANFILES += $(AFX_PURE)
$(AFX_DIR)/libpure-o2.so: $(AFX_SRC)/libpure.c
	@$(MKDIR_P) $(AFX_DIR)
	$(AM_V_CCLD)$(CC) -O2 -fomit-frame-pointer -fno-stack-protector -shared -fPIC -o $@ $(AFX_SRC)/libpure.c -lpthread
# Span fixture (tests/unit/test-analyze-pure-spans.c): hand-written, so the calls stay direct.
AFX_SPAN = $(AFX_DIR)/libspan.so
EXTRA_DIST += tests/analyze/libspan.S
CLEANFILES += $(AFX_SPAN)
$(AFX_DIR)/libspan.so: $(AFX_SRC)/libspan.S
	@$(MKDIR_P) $(AFX_DIR)
	$(AM_V_CCLD)$(CC) -shared -fPIC -nostartfiles -o $@ $(AFX_SRC)/libspan.S -lc
$(AFX_DIR)/libpure-o0.so: $(AFX_SRC)/libpure.c
	@$(MKDIR_P) $(AFX_DIR)
	$(AM_V_CCLD)$(CC) -O0 -fno-omit-frame-pointer -fstack-protector-all -shared -fPIC -o $@ $(AFX_SRC)/libpure.c -lpthread

$(AFX_DIR)/libfx.so.1: $(AFX_SRC)/libfx.c $(AFX_SRC)/fx.h
	@$(MKDIR_P) $(AFX_DIR)
	$(AM_V_CCLD)$(AFX_CC) -g -shared -fPIC -Wl,-soname,libfx.so.1 -o $@ $(AFX_SRC)/libfx.c
$(AFX_DIR)/libfx-nodw.so.1: $(AFX_SRC)/libfx.c $(AFX_SRC)/fx.h
	@$(MKDIR_P) $(AFX_DIR)
	$(AM_V_CCLD)$(AFX_CC) -g0 -shared -fPIC -Wl,-s -Wl,-soname,libfx-nodw.so.1 -o $@ $(AFX_SRC)/libfx.c
# DWARF in a separate file found through .gnu_debuglink, as Debian's -dbgsym packages do
# (those by build-id under /usr/lib/debug/.build-id).
$(AFX_DIR)/libfx-dbg.so.1.debug: $(AFX_SRC)/libfx.c $(AFX_SRC)/fx.h
	@$(MKDIR_P) $(AFX_DIR)
	$(AM_V_CCLD)$(AFX_CC) -g -shared -fPIC -Wl,-soname,libfx-dbg.so.1 -o $(AFX_DIR)/libfx-dbg.tmp $(AFX_SRC)/libfx.c && \
	$(AFX_OBJCOPY) --only-keep-debug $(AFX_DIR)/libfx-dbg.tmp $@
$(AFX_DIR)/libfx-dbg.so.1: $(AFX_DIR)/libfx-dbg.so.1.debug
	$(AM_V_GEN)cd $(AFX_DIR) && $(AFX_OBJCOPY) --strip-debug --add-gnu-debuglink=libfx-dbg.so.1.debug libfx-dbg.tmp libfx-dbg.so.1 && rm -f libfx-dbg.tmp
$(AFX_DIR)/client-dbg: $(AFX_SRC)/client-dw.c $(AFX_DIR)/libfx-dbg.so.1
	$(AM_V_CCLD)$(AFX_CC) -g0 -o $@ $(AFX_SRC)/client-dw.c $(AFX_DIR)/libfx-dbg.so.1 $(AFX_RPATH)
$(AFX_DIR)/client-g: $(AFX_SRC)/client-calls.c $(AFX_DIR)/libfx-nodw.so.1
	$(AM_V_CCLD)$(AFX_CC) -g -o $@ $(AFX_SRC)/client-calls.c $(AFX_DIR)/libfx-nodw.so.1 $(AFX_RPATH) -Wl,--no-as-needed -lm -lpthread
$(AFX_DIR)/client-nog: $(AFX_SRC)/client-calls.c $(AFX_DIR)/libfx-nodw.so.1
	$(AM_V_CCLD)$(AFX_CC) -g0 -o $@ $(AFX_SRC)/client-calls.c $(AFX_DIR)/libfx-nodw.so.1 $(AFX_RPATH) -Wl,--no-as-needed -lm -lpthread
$(AFX_DIR)/client-dw: $(AFX_SRC)/client-dw.c $(AFX_DIR)/libfx.so.1
	$(AM_V_CCLD)$(AFX_CC) -g0 -o $@ $(AFX_SRC)/client-dw.c $(AFX_DIR)/libfx.so.1 $(AFX_RPATH)
$(AFX_DIR)/client-struct: $(AFX_SRC)/client-struct.c $(AFX_DIR)/libfx.so.1
	$(AM_V_CCLD)$(AFX_CC) -g0 -o $@ $(AFX_SRC)/client-struct.c $(AFX_DIR)/libfx.so.1 $(AFX_RPATH)
$(AFX_DIR)/client-none: $(AFX_SRC)/client-none.c
	@$(MKDIR_P) $(AFX_DIR)
	$(AM_V_CCLD)$(AFX_CC) -g0 -o $@ $(AFX_SRC)/client-none.c -Wl,--no-as-needed -lm
$(AFX_DIR)/client-static: $(AFX_SRC)/client-none.c
	@$(MKDIR_P) $(AFX_DIR)
	$(AM_V_CCLD)$(AFX_CC) -g0 -static -o $@ $(AFX_SRC)/client-none.c -lm 2>/dev/null || rm -f $@

# ---- Unit tests ----
AFX_TEST_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/cli/analyze -DAFX_DIR='"$(abs_top_builddir)/$(AFX_DIR)"'
AFX_TEST_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS) $(CMOCKA_CFLAGS) $(LIBELF_CFLAGS) $(LIBDW_CFLAGS) \
	$(CAPSTONE_CFLAGS)
AFX_TEST_LDADD = libanalyze.a libatomics-scan.a libcommon.a $(LIBELF_LIBS) $(LIBDW_LIBS) \
	$(CAPSTONE_LIBS) $(CMOCKA_LIBS)
AFX_TESTS = tests/unit/test-analyze-analyze-client tests/unit/test-analyze-dwarf-types \
	tests/unit/test-analyze-plan-write tests/unit/test-analyze-format-value \
	tests/unit/test-analyze-symbolize tests/unit/test-analyze-pure-regions tests/unit/test-analyze-pure-spans \
	tests/unit/test-analyze-lib-search \
	tests/unit/test-analyze-header-types \
	tests/unit/test-analyze-uninstrumented-deps tests/unit/test-analyze-locks
check_PROGRAMS += $(AFX_TESTS)
TESTS += $(AFX_TESTS)

tests_unit_test_analyze_analyze_client_SOURCES = tests/unit/test-analyze-analyze-client.c tests/unit/test-analyze-util.h
tests_unit_test_analyze_analyze_client_CPPFLAGS = $(AFX_TEST_CPPFLAGS)
tests_unit_test_analyze_analyze_client_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_analyze_client_LDADD = $(AFX_TEST_LDADD)
tests_unit_test_analyze_analyze_client_DEPENDENCIES = libanalyze.a libatomics-scan.a libcommon.a $(AFX_OBJS)

tests_unit_test_analyze_header_types_SOURCES = tests/unit/test-analyze-header-types.c
tests_unit_test_analyze_header_types_CPPFLAGS = $(AFX_TEST_CPPFLAGS)
tests_unit_test_analyze_header_types_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_header_types_LDADD = $(AFX_TEST_LDADD)

tests_unit_test_analyze_dwarf_types_SOURCES = tests/unit/test-analyze-dwarf-types.c tests/unit/test-analyze-util.h
tests_unit_test_analyze_dwarf_types_CPPFLAGS = $(AFX_TEST_CPPFLAGS)
tests_unit_test_analyze_dwarf_types_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_dwarf_types_LDADD = $(AFX_TEST_LDADD)
tests_unit_test_analyze_dwarf_types_DEPENDENCIES = libanalyze.a libatomics-scan.a libcommon.a $(AFX_OBJS)

tests_unit_test_analyze_plan_write_SOURCES = tests/unit/test-analyze-plan-write.c tests/unit/test-analyze-util.h
tests_unit_test_analyze_plan_write_CPPFLAGS = $(AFX_TEST_CPPFLAGS) -DATOMICS_DIR='"$(abs_top_builddir)/tests/atomics"'
tests_unit_test_analyze_plan_write_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_plan_write_LDADD = $(AFX_TEST_LDADD)
tests_unit_test_analyze_plan_write_DEPENDENCIES = libanalyze.a libatomics-scan.a libcommon.a $(AFX_OBJS) \
	$(ATOMICS_TEST_OBJS)

tests_unit_test_analyze_format_value_SOURCES = tests/unit/test-analyze-format-value.c
tests_unit_test_analyze_format_value_CPPFLAGS = $(AFX_TEST_CPPFLAGS)
tests_unit_test_analyze_format_value_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_format_value_LDADD = $(AFX_TEST_LDADD)

tests_unit_test_analyze_symbolize_SOURCES = tests/unit/test-analyze-symbolize.c
tests_unit_test_analyze_symbolize_CPPFLAGS = $(AFX_TEST_CPPFLAGS)
tests_unit_test_analyze_symbolize_CFLAGS = $(AFX_TEST_CFLAGS) -g -fno-inline
tests_unit_test_analyze_symbolize_LDADD = $(AFX_TEST_LDADD) -ldl
tests_unit_test_analyze_symbolize_DEPENDENCIES = libanalyze.a libatomics-scan.a libcommon.a $(AFX_OBJS)

tests_unit_test_analyze_pure_regions_SOURCES = tests/unit/test-analyze-pure-regions.c
tests_unit_test_analyze_pure_regions_CPPFLAGS = $(AFX_TEST_CPPFLAGS)
tests_unit_test_analyze_pure_regions_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_pure_regions_LDADD = $(AFX_TEST_LDADD)
tests_unit_test_analyze_pure_regions_DEPENDENCIES = libanalyze.a $(AFX_PURE)

tests_unit_test_analyze_pure_spans_SOURCES = tests/unit/test-analyze-pure-spans.c
tests_unit_test_analyze_pure_spans_CPPFLAGS = $(AFX_TEST_CPPFLAGS)
tests_unit_test_analyze_pure_spans_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_pure_spans_LDADD = $(AFX_TEST_LDADD)
tests_unit_test_analyze_pure_spans_DEPENDENCIES = libanalyze.a $(AFX_SPAN)

tests_unit_test_analyze_uninstrumented_deps_SOURCES = \
	tests/unit/test-analyze-uninstrumented-deps.c
tests_unit_test_analyze_uninstrumented_deps_CPPFLAGS = $(AFX_TEST_CPPFLAGS)
tests_unit_test_analyze_uninstrumented_deps_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_uninstrumented_deps_LDADD = $(AFX_TEST_LDADD)
tests_unit_test_analyze_locks_SOURCES = tests/unit/test-analyze-locks.c
tests_unit_test_analyze_locks_CPPFLAGS = $(AFX_TEST_CPPFLAGS)
tests_unit_test_analyze_locks_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_locks_LDADD = $(AFX_TEST_LDADD)
tests_unit_test_analyze_lib_search_SOURCES = tests/unit/test-analyze-lib-search.c
tests_unit_test_analyze_lib_search_CPPFLAGS = $(AFX_TEST_CPPFLAGS)
tests_unit_test_analyze_lib_search_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_lib_search_LDADD = $(AFX_TEST_LDADD)

# The plan across the cli/preload boundary: the cli's writer, the preload's parser.
check_PROGRAMS += tests/unit/test-analyze-plan-write-roundtrip
TESTS += tests/unit/test-analyze-plan-write-roundtrip
tests_unit_test_analyze_plan_write_roundtrip_SOURCES = tests/unit/test-analyze-plan-write-roundtrip.c preload/plan.c
tests_unit_test_analyze_plan_write_roundtrip_CPPFLAGS = $(AM_CPPFLAGS)
tests_unit_test_analyze_plan_write_roundtrip_CFLAGS = $(AFX_TEST_CFLAGS)
tests_unit_test_analyze_plan_write_roundtrip_LDADD = $(AFX_TEST_LDADD)
