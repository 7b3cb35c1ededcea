# tests: build rules (owned by the tests area).
#
# End-to-end tests (tests/e2e/tNNNN-<area>-<detail>.sh, TAP) run the built lineup-preload
# on small libraries and clients from tests/progs/. Those are built here with explicit
# rules, not automake programs, because the tests depend on exactly how they are compiled:
# each library with DWARF (-g) and, for some, a second copy without (-g0, stripped), with
# its soname so clients record DT_NEEDED by name and find it through their rpath.

LP_PROG_DIR = tests/progs
LP_PROG_RPATH = -Wl,-rpath,$(abs_top_builddir)/$(LP_PROG_DIR)
LP_PROG_CFLAGS = -O1 -pthread -fno-omit-frame-pointer -I$(srcdir)/$(LP_PROG_DIR)
LP_PROG_LIB = $(CC) $(LP_PROG_CFLAGS) -fPIC -shared -Wl,-soname,$(@F) -o $@
LP_PROG_STRIP = $(STRIP) --strip-unneeded $@
LP_PROG_CLIENT = $(CC) $(LP_PROG_CFLAGS) $(LP_PROG_RPATH) -o $@
LP_PROG_MKDIR = @$(MKDIR_P) $(LP_PROG_DIR)

# Libraries under test: name.so has DWARF, name-nodw.so has neither DWARF nor .symtab.
LP_PROG_LIBS = \
	$(LP_PROG_DIR)/libqueue-lock.so $(LP_PROG_DIR)/libqueue-lock-nodw.so \
	$(LP_PROG_DIR)/libqueue-trylock.so $(LP_PROG_DIR)/libqueue-trylock-nodw.so \
	$(LP_PROG_DIR)/libevent-nolock.so $(LP_PROG_DIR)/libevent-nolock-nodw.so \
	$(LP_PROG_DIR)/libsemw.so $(LP_PROG_DIR)/libticket-pid.so $(LP_PROG_DIR)/libbox-race.so \
	$(LP_PROG_DIR)/libchan-pipe.so

# Clients: built with -g (they then carry DWARF declarations of the library functions)
# unless named -nog.
LP_PROG_CLIENTS = \
	$(LP_PROG_DIR)/client-queue-lock $(LP_PROG_DIR)/client-queue-lock-nodw \
	$(LP_PROG_DIR)/client-queue-trylock $(LP_PROG_DIR)/client-queue-trylock-nodw \
	$(LP_PROG_DIR)/client-queue-trylock-nodw-nog \
	$(LP_PROG_DIR)/client-event $(LP_PROG_DIR)/client-event-nodw \
	$(LP_PROG_DIR)/client-sem $(LP_PROG_DIR)/client-sem-stuck $(LP_PROG_DIR)/client-endless \
	$(LP_PROG_DIR)/client-prethreaded $(LP_PROG_DIR)/client-dlopen-queue \
	$(LP_PROG_DIR)/client-ticket $(LP_PROG_DIR)/client-box $(LP_PROG_DIR)/client-box-null \
	$(LP_PROG_DIR)/client-chan $(LP_PROG_DIR)/client-libc-only $(LP_PROG_DIR)/client-bare \
	$(LP_PROG_DIR)/client-static

check_DATA += $(LP_PROG_LIBS) $(LP_PROG_CLIENTS)
CLEANFILES += $(LP_PROG_LIBS) $(LP_PROG_CLIENTS)

LP_QUEUE_H = $(LP_PROG_DIR)/queue.h

$(LP_PROG_DIR)/libqueue-lock.so: $(LP_PROG_DIR)/queue-lock.c $(LP_QUEUE_H)
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(srcdir)/$(LP_PROG_DIR)/queue-lock.c
$(LP_PROG_DIR)/libqueue-lock-nodw.so: $(LP_PROG_DIR)/queue-lock.c $(LP_QUEUE_H)
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g0 $(srcdir)/$(LP_PROG_DIR)/queue-lock.c && $(LP_PROG_STRIP)
$(LP_PROG_DIR)/libqueue-trylock.so: $(LP_PROG_DIR)/queue-trylock.c $(LP_QUEUE_H)
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(srcdir)/$(LP_PROG_DIR)/queue-trylock.c
$(LP_PROG_DIR)/libqueue-trylock-nodw.so: $(LP_PROG_DIR)/queue-trylock.c $(LP_QUEUE_H)
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g0 $(srcdir)/$(LP_PROG_DIR)/queue-trylock.c && $(LP_PROG_STRIP)
$(LP_PROG_DIR)/libevent-nolock.so: $(LP_PROG_DIR)/event-nolock.c $(LP_PROG_DIR)/event.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(srcdir)/$(LP_PROG_DIR)/event-nolock.c
$(LP_PROG_DIR)/libevent-nolock-nodw.so: $(LP_PROG_DIR)/event-nolock.c $(LP_PROG_DIR)/event.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g0 $(srcdir)/$(LP_PROG_DIR)/event-nolock.c && $(LP_PROG_STRIP)
$(LP_PROG_DIR)/libsemw.so: $(LP_PROG_DIR)/semw.c $(LP_PROG_DIR)/semw.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(srcdir)/$(LP_PROG_DIR)/semw.c
$(LP_PROG_DIR)/libticket-pid.so: $(LP_PROG_DIR)/ticket-pid.c $(LP_PROG_DIR)/ticket.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(srcdir)/$(LP_PROG_DIR)/ticket-pid.c
$(LP_PROG_DIR)/libbox-race.so: $(LP_PROG_DIR)/box-race.c $(LP_PROG_DIR)/box.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(srcdir)/$(LP_PROG_DIR)/box-race.c

$(LP_PROG_DIR)/client-queue-lock: $(LP_PROG_DIR)/client-queue.c $(LP_QUEUE_H) $(LP_PROG_DIR)/libqueue-lock.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-queue.c $(LP_PROG_DIR)/libqueue-lock.so
$(LP_PROG_DIR)/client-queue-lock-nodw: $(LP_PROG_DIR)/client-queue.c $(LP_QUEUE_H) $(LP_PROG_DIR)/libqueue-lock-nodw.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-queue.c $(LP_PROG_DIR)/libqueue-lock-nodw.so
$(LP_PROG_DIR)/client-queue-trylock: $(LP_PROG_DIR)/client-queue.c $(LP_QUEUE_H) $(LP_PROG_DIR)/libqueue-trylock.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-queue.c $(LP_PROG_DIR)/libqueue-trylock.so
$(LP_PROG_DIR)/client-queue-trylock-nodw: $(LP_PROG_DIR)/client-queue.c $(LP_QUEUE_H) $(LP_PROG_DIR)/libqueue-trylock-nodw.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-queue.c $(LP_PROG_DIR)/libqueue-trylock-nodw.so
$(LP_PROG_DIR)/client-queue-trylock-nodw-nog: $(LP_PROG_DIR)/client-queue.c $(LP_QUEUE_H) $(LP_PROG_DIR)/libqueue-trylock-nodw.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g0 $(srcdir)/$(LP_PROG_DIR)/client-queue.c $(LP_PROG_DIR)/libqueue-trylock-nodw.so
$(LP_PROG_DIR)/client-event: $(LP_PROG_DIR)/client-event.c $(LP_PROG_DIR)/event.h $(LP_PROG_DIR)/libevent-nolock.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-event.c $(LP_PROG_DIR)/libevent-nolock.so
$(LP_PROG_DIR)/client-event-nodw: $(LP_PROG_DIR)/client-event.c $(LP_PROG_DIR)/event.h $(LP_PROG_DIR)/libevent-nolock-nodw.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-event.c $(LP_PROG_DIR)/libevent-nolock-nodw.so
$(LP_PROG_DIR)/client-sem: $(LP_PROG_DIR)/client-sem.c $(LP_PROG_DIR)/semw.h $(LP_PROG_DIR)/libsemw.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-sem.c $(LP_PROG_DIR)/libsemw.so
$(LP_PROG_DIR)/client-prethreaded: $(LP_PROG_DIR)/client-prethreaded.c $(LP_QUEUE_H) $(LP_PROG_DIR)/libqueue-trylock.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-prethreaded.c $(LP_PROG_DIR)/libqueue-trylock.so
$(LP_PROG_DIR)/client-dlopen-queue: $(LP_PROG_DIR)/client-dlopen-queue.c
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-dlopen-queue.c -ldl
$(LP_PROG_DIR)/client-endless: $(LP_PROG_DIR)/client-endless.c $(LP_PROG_DIR)/semw.h $(LP_PROG_DIR)/libsemw.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-endless.c $(LP_PROG_DIR)/libsemw.so
$(LP_PROG_DIR)/client-sem-stuck: $(LP_PROG_DIR)/client-sem-stuck.c $(LP_PROG_DIR)/semw.h $(LP_PROG_DIR)/libsemw.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-sem-stuck.c $(LP_PROG_DIR)/libsemw.so
$(LP_PROG_DIR)/client-ticket: $(LP_PROG_DIR)/client-ticket.c $(LP_PROG_DIR)/ticket.h $(LP_PROG_DIR)/libticket-pid.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-ticket.c $(LP_PROG_DIR)/libticket-pid.so
$(LP_PROG_DIR)/client-box: $(LP_PROG_DIR)/client-box.c $(LP_PROG_DIR)/box.h $(LP_PROG_DIR)/libbox-race.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-box.c $(LP_PROG_DIR)/libbox-race.so
$(LP_PROG_DIR)/client-box-null: $(LP_PROG_DIR)/client-box-null.c $(LP_PROG_DIR)/box.h $(LP_PROG_DIR)/libbox-race.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-box-null.c $(LP_PROG_DIR)/libbox-race.so
$(LP_PROG_DIR)/libchan-pipe.so: $(LP_PROG_DIR)/chan-pipe.c $(LP_PROG_DIR)/chan.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(srcdir)/$(LP_PROG_DIR)/chan-pipe.c
$(LP_PROG_DIR)/client-chan: $(LP_PROG_DIR)/client-chan.c $(LP_PROG_DIR)/chan.h $(LP_PROG_DIR)/libchan-pipe.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-chan.c $(LP_PROG_DIR)/libchan-pipe.so
$(LP_PROG_DIR)/client-libc-only: $(LP_PROG_DIR)/client-libc-only.c
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-libc-only.c
$(LP_PROG_DIR)/client-bare: $(LP_PROG_DIR)/client-bare.c $(LP_QUEUE_H) $(LP_PROG_DIR)/libqueue-lock.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-bare.c $(LP_PROG_DIR)/libqueue-lock.so

# The queue client linked statically (library included). Without libc.a there is nothing
# to build: the test that needs it then skips.
$(LP_PROG_DIR)/client-static: $(LP_PROG_DIR)/client-queue.c $(LP_PROG_DIR)/queue-lock.c $(LP_QUEUE_H)
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(CC) $(LP_PROG_CFLAGS) -g -static -o $@ $(srcdir)/$(LP_PROG_DIR)/client-queue.c \
		$(srcdir)/$(LP_PROG_DIR)/queue-lock.c 2>/dev/null || \
		echo "  SKIP     $@ (no static C library: the statically linked client test will skip)"

EXTRA_DIST += $(LP_PROG_DIR)/queue.h $(LP_PROG_DIR)/queue-lock.c $(LP_PROG_DIR)/queue-trylock.c \
	$(LP_PROG_DIR)/client-queue.c $(LP_PROG_DIR)/event.h $(LP_PROG_DIR)/event-nolock.c \
	$(LP_PROG_DIR)/client-event.c $(LP_PROG_DIR)/semw.h $(LP_PROG_DIR)/semw.c \
	$(LP_PROG_DIR)/client-sem.c $(LP_PROG_DIR)/client-sem-stuck.c $(LP_PROG_DIR)/client-endless.c \
	$(LP_PROG_DIR)/client-prethreaded.c $(LP_PROG_DIR)/client-dlopen-queue.c $(LP_PROG_DIR)/ticket.h \
	$(LP_PROG_DIR)/ticket-pid.c $(LP_PROG_DIR)/client-ticket.c $(LP_PROG_DIR)/box.h \
	$(LP_PROG_DIR)/box-race.c $(LP_PROG_DIR)/client-box.c $(LP_PROG_DIR)/client-box-null.c \
	$(LP_PROG_DIR)/client-libc-only.c $(LP_PROG_DIR)/client-bare.c $(LP_PROG_DIR)/chan.h \
	$(LP_PROG_DIR)/chan-pipe.c $(LP_PROG_DIR)/client-chan.c

# ---- end-to-end tests ----
LP_E2E_TESTS = \
	tests/e2e/t0100-load-missing-client.sh \
	tests/e2e/t0110-load-static-client.sh \
	tests/e2e/t0120-load-target-not-loaded.sh \
	tests/e2e/t0130-load-no-matching-function.sh \
	tests/e2e/t0140-load-default-target.sh \
	tests/e2e/t0150-load-no-default-target.sh \
	tests/e2e/t0160-load-prethreaded-client.sh \
	tests/e2e/t0170-load-dlopened-target.sh \
	tests/e2e/t0200-types-no-dwarf.sh \
	tests/e2e/t0210-types-signature.sh \
	tests/e2e/t0300-correct-queue-lock.sh \
	tests/e2e/t0310-correct-semaphore.sh \
	tests/e2e/t0330-correct-semaphore-max-steps-caution.sh \
	tests/e2e/t0320-correct-semaphore-stuck.sh \
	tests/e2e/t0400-wrong-queue-trylock.sh \
	tests/e2e/t0410-wrong-event-missed-wakeup.sh \
	tests/e2e/t0420-wrong-crash-under-schedule.sh \
	tests/e2e/t0500-phase1-nondeterministic.sh \
	tests/e2e/t0510-phase1-crash.sh \
	tests/e2e/t0520-phase1-uncontrolled-blocking.sh \
	tests/e2e/t0530-phase1-endless-client.sh \
	tests/e2e/t0600-replay-reproduces.sh \
	tests/e2e/t0610-json-report.sh \
	tests/e2e/t0700-options-bad-values.sh
TESTS += $(LP_E2E_TESTS)
EXTRA_DIST += $(LP_E2E_TESTS) tests/e2e/test-lib.sh tests/e2e/README

# ---- the README's quick-start example ----
LP_DEMO_DIR = examples/preload
EXTRA_DIST += $(LP_DEMO_DIR)/queue.c $(LP_DEMO_DIR)/queue.h $(LP_DEMO_DIR)/client.c
CLEANFILES += $(LP_DEMO_DIR)/libdemo-queue.so $(LP_DEMO_DIR)/demo-client

$(LP_DEMO_DIR)/libdemo-queue.so: $(LP_DEMO_DIR)/queue.c $(LP_DEMO_DIR)/queue.h
	@$(MKDIR_P) $(LP_DEMO_DIR)
	$(AM_V_CCLD)$(CC) -g -O1 -pthread -fPIC -shared -Wl,-soname,libdemo-queue.so -o $@ \
		$(srcdir)/$(LP_DEMO_DIR)/queue.c
$(LP_DEMO_DIR)/demo-client: $(LP_DEMO_DIR)/client.c $(LP_DEMO_DIR)/queue.h $(LP_DEMO_DIR)/libdemo-queue.so
	$(AM_V_CCLD)$(CC) -g -O1 -pthread -I$(srcdir)/$(LP_DEMO_DIR) \
		-Wl,-rpath,$(abs_top_builddir)/$(LP_DEMO_DIR) -o $@ \
		$(srcdir)/$(LP_DEMO_DIR)/client.c $(LP_DEMO_DIR)/libdemo-queue.so

.PHONY: demo-preload
demo-preload: all $(LP_DEMO_DIR)/libdemo-queue.so $(LP_DEMO_DIR)/demo-client
	@echo '$$ lineup-preload --target $(LP_DEMO_DIR)/libdemo-queue.so -- $(LP_DEMO_DIR)/demo-client'
	@./lineup-preload --target $(LP_DEMO_DIR)/libdemo-queue.so -- $(LP_DEMO_DIR)/demo-client; \
		echo "exit status $$?"
