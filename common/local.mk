# common: helpers shared by the cli and the checker (never linked into the preload).
noinst_LIBRARIES += libcommon.a
libcommon_a_SOURCES = common/die.c common/buf.c common/clock.c common/layout.c include/lineup/buf.h include/lineup/die.h include/lineup/layout.h \
	include/lineup/clock.h include/lineup/hash.h include/lineup/spinlock.h \
	include/lineup/stringify.h \
	include/lineup/exit-codes.h include/lineup/protocol.h
libcommon_a_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)

# Struct layouts (lineup/layout.h): classes, text forms, values.
check_PROGRAMS += tests/unit/test-common-layout
TESTS += tests/unit/test-common-layout
tests_unit_test_common_layout_SOURCES = tests/unit/test-common-layout.c
tests_unit_test_common_layout_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_common_layout_LDADD = libcommon.a $(CMOCKA_LIBS)
tests_unit_test_common_layout_LDFLAGS = $(LP_SAN_CFLAGS)
