# tests/fidelity.mk — issue 14 (fidelity and leaks): the t10xx end-to-end tests and their
# programs (included from tests/local.mk; same conventions and variables).
LP_E2E_FIDELITY_TESTS = \
	tests/e2e/t1000-fidelity-kill-leaves-nothing.sh \
	tests/e2e/t1010-fidelity-no-temporary-file.sh \
	tests/e2e/t1020-fidelity-output-checked-first.sh \
	tests/e2e/t1030-fidelity-file-offsets.sh \
	tests/e2e/t1040-fidelity-fork-in-thread.sh \
	tests/e2e/t1050-fidelity-replay-bad-schedule.sh \
	tests/e2e/t1060-fidelity-client-deadlock.sh \
	tests/e2e/t1070-fidelity-longjmp-out-of-operation.sh \
	tests/e2e/t1080-fidelity-cxx-names-demangled.sh \
	tests/e2e/t1075-fidelity-pthread-exit-in-operation.sh \
	tests/e2e/t1076-fidelity-cxx-exceptions.sh \
	tests/e2e/t1077-fidelity-pthread-cancel.sh \
	tests/e2e/t1078-fidelity-client-spin-barrier.sh \
	tests/e2e/t1085-fidelity-c11-threads.sh \
	tests/e2e/t1086-fidelity-closefrom.sh \
	tests/e2e/t1087-fidelity-refused-runtimes.sh \
	tests/e2e/t1088-fidelity-heap-placement.sh \
	tests/e2e/t1089-fidelity-variadic-shown.sh \
	tests/e2e/t1090-fidelity-exit-handlers.sh
TESTS += $(LP_E2E_FIDELITY_TESTS)
EXTRA_DIST += $(LP_E2E_FIDELITY_TESTS)

LP_FID_LIBS = $(LP_PROG_DIR)/libescape.so
LP_FID_CLIENTS = $(LP_PROG_DIR)/client-busy $(LP_PROG_DIR)/client-fdstate $(LP_PROG_DIR)/client-fork \
	$(LP_PROG_DIR)/client-selfdeadlock $(LP_PROG_DIR)/client-escape \
	$(LP_PROG_DIR)/client-escape-exit $(LP_PROG_DIR)/client-escape-cancel \
	$(LP_PROG_DIR)/client-spin-barrier
check_DATA += $(LP_FID_LIBS) $(LP_FID_CLIENTS)
CLEANFILES += $(LP_FID_LIBS) $(LP_FID_CLIENTS)

# Their rules come from the tables in tests/local.mk (LP_LIB_TABLE, LP_CLIENT_TABLE).
EXTRA_DIST += $(LP_PROG_DIR)/client-busy.c $(LP_PROG_DIR)/client-fdstate.c $(LP_PROG_DIR)/client-fork.c \
	$(LP_PROG_DIR)/client-selfdeadlock.c $(LP_PROG_DIR)/escape.c $(LP_PROG_DIR)/escape.h \
	$(LP_PROG_DIR)/client-escape.c $(LP_PROG_DIR)/client-escape-exit.c \
	$(LP_PROG_DIR)/client-escape-cancel.c $(LP_PROG_DIR)/client-spin-barrier.c

# The trylock queue and its client compiled as C++ (mangled names). Without a C++ compiler
# they are not built and t1080 fails naming g++ (build-aux/setup.sh installs it); with one,
# a compile error fails the build.
LP_FID_CXX = c++
LP_FID_CXX_PROGS = $(LP_PROG_DIR)/libqueue-trylock-cxx.so $(LP_PROG_DIR)/client-queue-trylock-cxx
check_DATA += $(LP_FID_CXX_PROGS)
CLEANFILES += $(LP_FID_CXX_PROGS)
$(LP_PROG_DIR)/libqueue-trylock-cxx.so: $(LP_PROG_DIR)/queue-trylock.c $(LP_QUEUE_H)
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)if command -v $(LP_FID_CXX) >/dev/null; then \
		$(LP_FID_CXX) -x c++ -fpermissive -w $(LP_PROG_CFLAGS) -g -fPIC -shared -Wl,-soname,$(@F) -o $@ \
		$(srcdir)/$(LP_PROG_DIR)/queue-trylock.c; \
	else echo "  SKIP     $@ (no C++ compiler $(LP_FID_CXX): install g++, t1080 fails without it)"; fi
$(LP_PROG_DIR)/client-queue-trylock-cxx: $(LP_PROG_DIR)/client-queue.c $(LP_QUEUE_H) $(LP_PROG_DIR)/libqueue-trylock-cxx.so
	$(AM_V_CCLD)if [ -e $(LP_PROG_DIR)/libqueue-trylock-cxx.so ]; then \
		$(LP_FID_CXX) -x c++ $(LP_PROG_CFLAGS) $(LP_PROG_RPATH) -g -o $@ $(srcdir)/$(LP_PROG_DIR)/client-queue.c \
		-x none $(LP_PROG_DIR)/libqueue-trylock-cxx.so; fi

# C++ libraries and their clients, when a C++ compiler is installed (their tests fail
# naming g++ without them): name -> lib<name>.so from <name>.cc and client-<name> from
# client-<name>.cc, both with <name>.h. thrower: exceptions through and inside an
# operation (t1076); registry: std::mutex, std::map, std::thread (t0920).
LP_CXX_TABLE = thrower registry
LP_FID_CXX_PAIRS = $(foreach n,$(LP_CXX_TABLE),$(LP_PROG_DIR)/lib$(n).so $(LP_PROG_DIR)/client-$(n))
check_DATA += $(LP_FID_CXX_PAIRS)
CLEANFILES += $(LP_FID_CXX_PAIRS)
EXTRA_DIST += $(foreach n,$(LP_CXX_TABLE),$(LP_PROG_DIR)/$(n).cc $(LP_PROG_DIR)/$(n).h $(LP_PROG_DIR)/client-$(n).cc)

# $(1) name
define LP_CXX_RULES
$$(LP_PROG_DIR)/lib$(1).so: $$(LP_PROG_DIR)/$(1).cc $$(LP_PROG_DIR)/$(1).h
	$$(LP_PROG_MKDIR)
	$$(AM_V_CCLD)if command -v $$(LP_FID_CXX) >/dev/null; then \
		$$(LP_FID_CXX) $$(LP_PROG_CFLAGS) -g -fPIC -shared -Wl,-soname,$$(@F) -o $$@ \
		$$(srcdir)/$$(LP_PROG_DIR)/$(1).cc; \
	else echo "  SKIP     $$@ (no C++ compiler $$(LP_FID_CXX): install g++, its test fails without it)"; fi
$$(LP_PROG_DIR)/client-$(1): $$(LP_PROG_DIR)/client-$(1).cc $$(LP_PROG_DIR)/$(1).h $$(LP_PROG_DIR)/lib$(1).so
	$$(AM_V_CCLD)if [ -e $$(LP_PROG_DIR)/lib$(1).so ]; then \
		$$(LP_FID_CXX) $$(LP_PROG_CFLAGS) $$(LP_PROG_RPATH) -g -o $$@ \
		$$(srcdir)/$$(LP_PROG_DIR)/client-$(1).cc $$(LP_PROG_DIR)/lib$(1).so; fi
endef
$(foreach n,$(LP_CXX_TABLE),$(eval $(call LP_CXX_RULES,$(n))))
