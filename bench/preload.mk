# bench/preload.mk: benchmarks of lineup-preload executions.
# `make bench-exec`: executions/s of phase 1 and phase 2 on the queue test and the fork
# floor of this machine, measured in one run (bench/exec.sh).
EXTRA_PROGRAMS = bench/preload/floor
bench_preload_floor_SOURCES = bench/preload/floor.c
bench_preload_floor_LDADD = -lpthread
CLEANFILES += bench/preload/floor
EXTRA_DIST += bench/exec.sh

.PHONY: bench-exec
bench-exec: all bench/preload/floor $(check_DATA)
	$(SHELL) $(srcdir)/bench/exec.sh $(abs_top_builddir)
