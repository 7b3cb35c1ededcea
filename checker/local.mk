# checker: the checker library (libchecker.a, no I/O) and lineup-checker(1).
noinst_LIBRARIES += libchecker.a
libchecker_a_SOURCES = checker/buf.c checker/buf.h checker/intern.c checker/intern.h \
	checker/history.h checker/history-parse.c checker/trie.c checker/trie.h \
	checker/checker.h checker/checker.c checker/linearize.c checker/quasi.c \
	checker/report.c checker/observations.c
libchecker_a_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)

bin_PROGRAMS += lineup-checker
lineup_checker_SOURCES = checker/main.c
lineup_checker_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)
lineup_checker_LDADD = libchecker.a libcommon.a
lineup_checker_LDFLAGS = $(LP_SAN_CFLAGS)

dist_man_MANS += man/lineup-checker.1 man/lineup-history.5
EXTRA_DIST += examples
