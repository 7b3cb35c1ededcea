# bench: benchmark rules (checker here; executions in bench/preload.mk).
include $(srcdir)/bench/preload.mk

# make bench-checker: lineup-checker throughput on a generated stream (bench/checker.sh)
noinst_PROGRAMS += bench/checker-bench
bench_checker_bench_SOURCES = bench/checker-bench.c
EXTRA_DIST += bench/checker.sh
.PHONY: bench-checker
bench-checker: lineup-checker bench/checker-bench
	top_builddir=. top_srcdir=$(srcdir) $(SHELL) $(srcdir)/bench/checker.sh $(BENCH_ARGS)
