# checker: the checker library (libchecker.a, no I/O) and lineup-checker(1).
noinst_LIBRARIES += libchecker.a
libchecker_a_SOURCES = checker/intern.c checker/intern.h checker/huge.c checker/huge.h \
	checker/history.h checker/history-parse.c checker/trie.c checker/trie.h \
	checker/checker.h checker/checker.c checker/linearize.c checker/quasi.c checker/golden.c \
	checker/lazy.c checker/confirm.c \
	checker/report.c checker/observations.c
libchecker_a_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)

bin_PROGRAMS += lineup-checker
lineup_checker_SOURCES = checker/main.c
lineup_checker_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)
lineup_checker_LDADD = libchecker.a libcommon.a
lineup_checker_LDFLAGS = $(LP_SAN_CFLAGS)

dist_man_MANS += man/lineup-checker.1 man/lineup-history.5
# examples/ is distributed file by file (examples/local.mk): the whole folder would also
# take the build tree's built demo binaries into the tarball

# unit tests (cmocka, TAP)
LP_CHECKER_TEST_LDADD = libchecker.a libcommon.a $(CMOCKA_LIBS)
LP_CHECKER_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS) -I$(top_srcdir)
check_PROGRAMS += tests/unit/test-checker-history-parse
tests_unit_test_checker_history_parse_SOURCES = tests/unit/test-checker-history-parse.c tests/unit/test-checker-util.h
tests_unit_test_checker_history_parse_CFLAGS = $(LP_CHECKER_TEST_CFLAGS)
tests_unit_test_checker_history_parse_LDADD = $(LP_CHECKER_TEST_LDADD)
tests_unit_test_checker_history_parse_LDFLAGS = $(LP_SAN_CFLAGS)
TESTS += tests/unit/test-checker-history-parse
check_PROGRAMS += tests/unit/test-checker-intern
tests_unit_test_checker_intern_SOURCES = tests/unit/test-checker-intern.c
tests_unit_test_checker_intern_CFLAGS = $(LP_CHECKER_TEST_CFLAGS)
tests_unit_test_checker_intern_LDADD = $(LP_CHECKER_TEST_LDADD)
tests_unit_test_checker_intern_LDFLAGS = $(LP_SAN_CFLAGS)
TESTS += tests/unit/test-checker-intern
check_PROGRAMS += tests/unit/test-checker-huge
tests_unit_test_checker_huge_SOURCES = tests/unit/test-checker-huge.c
tests_unit_test_checker_huge_CFLAGS = $(LP_CHECKER_TEST_CFLAGS)
tests_unit_test_checker_huge_LDADD = $(LP_CHECKER_TEST_LDADD)
tests_unit_test_checker_huge_LDFLAGS = $(LP_SAN_CFLAGS)
TESTS += tests/unit/test-checker-huge
check_PROGRAMS += tests/unit/test-checker-checker
tests_unit_test_checker_checker_SOURCES = tests/unit/test-checker-checker.c tests/unit/test-checker-util.h
tests_unit_test_checker_checker_CFLAGS = $(LP_CHECKER_TEST_CFLAGS)
tests_unit_test_checker_checker_LDADD = $(LP_CHECKER_TEST_LDADD)
tests_unit_test_checker_checker_LDFLAGS = $(LP_SAN_CFLAGS)
TESTS += tests/unit/test-checker-checker
check_PROGRAMS += tests/unit/test-checker-checker-random
tests_unit_test_checker_checker_random_SOURCES = tests/unit/test-checker-checker-random.c tests/unit/test-checker-util.h
tests_unit_test_checker_checker_random_CFLAGS = $(LP_CHECKER_TEST_CFLAGS)
tests_unit_test_checker_checker_random_LDADD = $(LP_CHECKER_TEST_LDADD)
tests_unit_test_checker_checker_random_LDFLAGS = $(LP_SAN_CFLAGS)
TESTS += tests/unit/test-checker-checker-random
check_PROGRAMS += tests/unit/test-checker-golden
tests_unit_test_checker_golden_SOURCES = tests/unit/test-checker-golden.c tests/unit/test-checker-util.h
tests_unit_test_checker_golden_CFLAGS = $(LP_CHECKER_TEST_CFLAGS)
tests_unit_test_checker_golden_LDADD = $(LP_CHECKER_TEST_LDADD)
tests_unit_test_checker_golden_LDFLAGS = $(LP_SAN_CFLAGS)
TESTS += tests/unit/test-checker-golden
check_PROGRAMS += tests/unit/test-checker-lazy
tests_unit_test_checker_lazy_SOURCES = tests/unit/test-checker-lazy.c tests/unit/test-checker-util.h
tests_unit_test_checker_lazy_CFLAGS = $(LP_CHECKER_TEST_CFLAGS)
tests_unit_test_checker_lazy_LDADD = $(LP_CHECKER_TEST_LDADD)
tests_unit_test_checker_lazy_LDFLAGS = $(LP_SAN_CFLAGS)
TESTS += tests/unit/test-checker-lazy

# end-to-end tests of the lineup-checker program (TAP shell scripts)
TESTS += tests/checker/malformed.sh tests/checker/verdicts.sh tests/checker/man.sh
EXTRA_DIST += tests/checker/lib.sh tests/checker/malformed.sh tests/checker/verdicts.sh tests/checker/man.sh

# fuzzing: make check replays the seed corpus through the fuzz target; `make fuzz-history`
# builds the libFuzzer binary (clang), run e.g. ./fuzz-history -max_total_time=300 CORPUS_DIR
check_PROGRAMS += tests/fuzz/fuzz-replay
tests_fuzz_fuzz_replay_SOURCES = tests/fuzz/fuzz-history.c tests/fuzz/replay.c
tests_fuzz_fuzz_replay_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)
tests_fuzz_fuzz_replay_LDADD = libchecker.a libcommon.a
tests_fuzz_fuzz_replay_LDFLAGS = $(LP_SAN_CFLAGS)
TESTS += tests/fuzz/fuzz-replay
EXTRA_DIST += tests/fuzz/corpus
LP_FUZZ_SRC = common/buf.c checker/intern.c checker/huge.c checker/history-parse.c checker/trie.c \
	checker/checker.c checker/linearize.c checker/quasi.c checker/golden.c checker/lazy.c checker/confirm.c checker/report.c \
	checker/observations.c common/die.c tests/fuzz/fuzz-history.c
FUZZ_CC = clang
fuzz-history: $(libchecker_a_SOURCES) tests/fuzz/fuzz-history.c
	$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined -I$(srcdir) -I$(srcdir)/include \
		-D_GNU_SOURCE `for f in $(LP_FUZZ_SRC); do echo $(srcdir)/$$f; done` -o $@
CLEANFILES += fuzz-history
