# bench: benchmark rules (checker here; executions in bench/preload.mk).
include $(srcdir)/bench/preload.mk

# make bench-checker: lineup-checker throughput on a generated stream (bench/checker.sh)
noinst_PROGRAMS += bench/checker-bench
bench_checker_bench_SOURCES = bench/checker-bench.c
EXTRA_DIST += bench/checker.sh
.PHONY: bench-checker
bench-checker: lineup-checker bench/checker-bench
	top_builddir=. top_srcdir=$(srcdir) $(SHELL) $(srcdir)/bench/checker.sh $(BENCH_ARGS)

# make bench-estimate: --time-budget's bound estimates against the real counts (bench/estimate.sh)
EXTRA_DIST += bench/estimate.sh
.PHONY: bench-estimate
bench-estimate: lineup-preload
	top_builddir=. $(SHELL) $(srcdir)/bench/estimate.sh $(BENCH_ARGS)

# make bench-por: phase-2 executions and seconds with and without the reduction (bench/por.sh)
EXTRA_DIST += bench/por.sh
.PHONY: bench-por
bench-por: all bench/preload/floor $(check_DATA)
	$(SHELL) $(srcdir)/bench/por.sh $(abs_top_builddir)

# make bench-glib: GLib's futex/atomic locks beside pthread ones, phase-2 executions and seconds
# per reduction (bench/glib.sh)
EXTRA_DIST += bench/glib.sh bench/glib-asyncq-3x3.lineup bench/glib-asyncq.lineup
.PHONY: bench-glib
bench-glib: all $(check_DATA)
	$(SHELL) $(srcdir)/bench/glib.sh $(abs_top_builddir)

# make bench-root-cause: what root-causing a violation costs against the check (bench/root-cause.sh)
EXTRA_DIST += bench/root-cause.sh
.PHONY: bench-root-cause
bench-root-cause: all $(check_DATA)
	$(SHELL) $(srcdir)/bench/root-cause.sh $(abs_top_builddir)

# make bench-gen: RandomCheck tests per minute on a correct queue, -j 1 and -j 2 (bench/gen.sh)
EXTRA_DIST += bench/gen.sh
.PHONY: bench-gen
bench-gen: all $(check_DATA)
	$(SHELL) $(srcdir)/bench/gen.sh $(abs_top_builddir)
