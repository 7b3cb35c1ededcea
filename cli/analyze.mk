# cli/analyze.mk: build rules for the analysis library (libanalyze.a) and its tests.
# The driver links libanalyze.a libcommon.a $(LIBELF_LIBS) $(LIBDW_LIBS).
noinst_LIBRARIES += libanalyze.a
libanalyze_a_SOURCES = cli/analyze.h cli/analyze-internal.h \
	cli/analyze-main.c cli/analyze-client.c cli/analyze-closure.c cli/analyze-targets.c \
	cli/elf-functions.c cli/dwarf-types.c cli/signature-parse.c cli/plan-write.c \
	cli/format-value.c cli/symbolize.c
libanalyze_a_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS) $(LIBELF_CFLAGS) $(LIBDW_CFLAGS)
