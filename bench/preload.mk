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

# `make bench-atomics`: cost of a trapped atomic instruction against the native one, and
# Treiber-stack executions/s against the fork-server floor, in one run (bench/atomics.sh).
# The target library and its client are built like the test programs (tests/local.mk).
LP_BENCH_ATOM = bench/preload/liblockadd.so bench/preload/client-lockadd
CLEANFILES += $(LP_BENCH_ATOM)
EXTRA_DIST += bench/atomics.sh bench/preload/lockadd.h bench/preload/lockadd.c \
	bench/preload/client-lockadd.c

bench/preload/liblockadd.so: bench/preload/lockadd.c bench/preload/lockadd.h
	@$(MKDIR_P) bench/preload
	$(AM_V_CCLD)$(CC) -O1 -g -fPIC -shared -Wl,-soname,liblockadd.so -o $@ $(srcdir)/bench/preload/lockadd.c
bench/preload/client-lockadd: bench/preload/client-lockadd.c bench/preload/lockadd.h bench/preload/liblockadd.so
	$(AM_V_CCLD)$(CC) -O1 -g -pthread -I$(srcdir)/bench/preload \
		-Wl,-rpath,$(abs_top_builddir)/bench/preload -o $@ \
		$(srcdir)/bench/preload/client-lockadd.c bench/preload/liblockadd.so

.PHONY: bench-atomics
bench-atomics: all bench/preload/floor $(LP_BENCH_ATOM) $(check_DATA)
	$(SHELL) $(srcdir)/bench/atomics.sh $(abs_top_builddir)

# `make bench-phase1`: phase-1 executions, serial orders and seconds on 4x1, 6x1 and 3x3
# queue tests, against the fork floor measured in the same run (bench/phase1.sh).
EXTRA_DIST += bench/phase1.sh
.PHONY: bench-phase1
bench-phase1: all bench/preload/floor $(check_DATA)
	$(SHELL) $(srcdir)/bench/phase1.sh $(abs_top_builddir)
