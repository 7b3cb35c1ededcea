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
	$(LP_PROG_DIR)/libsemw.so $(LP_PROG_DIR)/libticket-pid.so $(LP_PROG_DIR)/libbox-race.so $(LP_PROG_DIR)/libbox-race-nodw.so \
	$(LP_PROG_DIR)/libchan-pipe.so $(LP_PROG_DIR)/libtally-tsd.so \
	$(LP_PROG_DIR)/libmbox.so $(LP_PROG_DIR)/libmbox-if.so $(LP_PROG_DIR)/libflag-spin.so \
	$(LP_PROG_DIR)/libprobe.so $(LP_PROG_DIR)/libqueue-c11.so $(LP_PROG_DIR)/libqueue-c11-trylock.so \
	$(LP_PROG_DIR)/libnodeset.so $(LP_PROG_DIR)/libnodeset-split.so $(LP_PROG_DIR)/liblazyreg.so $(LP_PROG_DIR)/libident.so \
	$(LP_PROG_DIR)/libquasiq.so $(LP_PROG_DIR)/libquasiq-by2.so $(LP_PROG_DIR)/libquasiq-strict.so \
	$(LP_PROG_DIR)/libpair-race.so $(LP_PROG_DIR)/libpair-futex.so $(LP_PROG_DIR)/libpair-futex-race.so $(LP_PROG_DIR)/libpair-futex-abba.so $(LP_PROG_DIR)/libpair-futex-counted.so \
	$(LP_PROG_DIR)/libbusy-pair.so \
	$(LP_PROG_DIR)/libspinsem.so $(LP_PROG_DIR)/libspinsem-short.so $(LP_PROG_DIR)/libspinsem-lost.so \
	$(LP_PROG_DIR)/libflag-pause.so $(LP_PROG_DIR)/libbusy-pause.so \
	$(LP_PROG_DIR)/libsnap.so $(LP_PROG_DIR)/libsnap-torn.so $(LP_PROG_DIR)/libforks.so \
	$(LP_PROG_DIR)/liblockspin.so $(LP_PROG_DIR)/liblockspin-short.so $(LP_PROG_DIR)/liblockspin-lost.so \
	$(LP_PROG_DIR)/libcrunch.so $(LP_PROG_DIR)/libdice-seeded.so \
	$(LP_PROG_DIR)/libpeterson-nodw.so $(LP_PROG_DIR)/libpeterson-fence-nodw.so \
	$(LP_PROG_DIR)/libspsc-ring.so $(LP_PROG_DIR)/libqueue-worker.so \
	$(LP_PROG_DIR)/libprio-lock.so $(LP_PROG_DIR)/libprio-lock-lowfence.so \
	$(LP_PROG_DIR)/libpeterson-yield.so $(LP_PROG_DIR)/libpeterson-flagfence.so \
	$(LP_PROG_DIR)/liblitmus.so $(LP_PROG_DIR)/liblitmus-fence.so $(LP_PROG_DIR)/libmpcall.so \
	$(LP_PROG_DIR)/libmpcall-noplt.so

# Clients: built with -g (they then carry DWARF declarations of the library functions)
# unless named -nog.
LP_PROG_CLIENTS = \
	$(LP_PROG_DIR)/client-queue-lock $(LP_PROG_DIR)/client-queue-lock-nodw \
	$(LP_PROG_DIR)/client-queue-trylock $(LP_PROG_DIR)/client-queue-trylock-nodw \
	$(LP_PROG_DIR)/client-queue-trylock-nodw-nog \
	$(LP_PROG_DIR)/client-event $(LP_PROG_DIR)/client-event-nodw \
	$(LP_PROG_DIR)/client-sem $(LP_PROG_DIR)/client-sem-stuck $(LP_PROG_DIR)/client-endless \
	$(LP_PROG_DIR)/client-prethreaded $(LP_PROG_DIR)/client-dlopen-queue \
	$(LP_PROG_DIR)/client-ticket $(LP_PROG_DIR)/client-box $(LP_PROG_DIR)/client-box-nodw $(LP_PROG_DIR)/client-box-null \
	$(LP_PROG_DIR)/client-chan $(LP_PROG_DIR)/client-libc-only $(LP_PROG_DIR)/client-bare \
	$(LP_PROG_DIR)/client-static $(LP_PROG_DIR)/client-tally \
	$(LP_PROG_DIR)/client-mbox $(LP_PROG_DIR)/client-mbox-if $(LP_PROG_DIR)/client-flag \
	$(LP_PROG_DIR)/client-probe $(LP_PROG_DIR)/client-probe-varargs $(LP_PROG_DIR)/client-queue-grid-lock \
	$(LP_PROG_DIR)/client-queue-grid-trylock $(LP_PROG_DIR)/client-queue-ticket \
	$(LP_PROG_DIR)/client-queue-c11 $(LP_PROG_DIR)/client-queue-c11-trylock \
	$(LP_PROG_DIR)/client-closefd $(LP_PROG_DIR)/client-closefd-trylock \
	$(LP_PROG_DIR)/client-nodeset $(LP_PROG_DIR)/client-nodeset-split $(LP_PROG_DIR)/client-lazyreg \
	$(LP_PROG_DIR)/client-ident $(LP_PROG_DIR)/client-queue-same-lock $(LP_PROG_DIR)/client-queue-same-late \
	$(LP_PROG_DIR)/client-queue-same-trylock $(LP_PROG_DIR)/client-quasiq \
	$(LP_PROG_DIR)/client-quasiq-by2 $(LP_PROG_DIR)/client-pair $(LP_PROG_DIR)/client-pair-futex \
	$(LP_PROG_DIR)/client-pair-futex-race $(LP_PROG_DIR)/client-pair-futex-abba $(LP_PROG_DIR)/client-pair-futex-counted \
	$(LP_PROG_DIR)/client-busy-pair \
	$(LP_PROG_DIR)/client-spinsem $(LP_PROG_DIR)/client-spinsem-short $(LP_PROG_DIR)/client-spinsem-lost \
	$(LP_PROG_DIR)/client-flag-pause $(LP_PROG_DIR)/client-busy-pause \
	$(LP_PROG_DIR)/client-snap $(LP_PROG_DIR)/client-snap-torn $(LP_PROG_DIR)/client-forks \
	$(LP_PROG_DIR)/client-alone $(LP_PROG_DIR)/client-lockspin $(LP_PROG_DIR)/client-lockspin-short \
	$(LP_PROG_DIR)/client-lockspin-lost $(LP_PROG_DIR)/client-line-lock $(LP_PROG_DIR)/client-crunch \
	$(LP_PROG_DIR)/client-dice $(LP_PROG_DIR)/client-peterson-nodw \
	$(LP_PROG_DIR)/client-peterson-fence-nodw $(LP_PROG_DIR)/client-spsc-ring \
	$(LP_PROG_DIR)/client-prio-lock $(LP_PROG_DIR)/client-prio-lock-lowfence \
	$(LP_PROG_DIR)/client-peterson-yield $(LP_PROG_DIR)/client-peterson-flagfence \
	$(LP_PROG_DIR)/client-litmus $(LP_PROG_DIR)/client-litmus-fence $(LP_PROG_DIR)/client-mpcall \
	$(LP_PROG_DIR)/client-mpcall-noplt

check_DATA += $(LP_PROG_LIBS) $(LP_PROG_CLIENTS)
CLEANFILES += $(LP_PROG_LIBS) $(LP_PROG_CLIENTS)

LP_QUEUE_H = $(LP_PROG_DIR)/queue.h

# The rules come from two tables, one entry a word (GNU make: $(eval), as everything here).
# Libraries, name:source:header -> lib<name>.so built -g from <source>.c, plus the define
# LP_LIB_DEFINES gives <name> (name:-DX); a name in LP_LIB_NODW also gets lib<name>-nodw.so
# (-g0, stripped).
LP_LIB_TABLE = \
	queue-lock:queue-lock:queue.h queue-trylock:queue-trylock:queue.h \
	event-nolock:event-nolock:event.h semw:semw:semw.h ticket-pid:ticket-pid:ticket.h \
	box-race:box-race:box.h chan-pipe:chan-pipe:chan.h tally-tsd:tally-tsd:tally.h \
	mbox:mbox:mbox.h mbox-if:mbox:mbox.h flag-spin:flag-spin:flag.h probe:probe:probe.h \
	counter-atomic:counter-atomic:counter.h counter-loadstore:counter-loadstore:counter.h \
	counter-plain:counter-plain:counter.h stack-treiber:stack-treiber:stack.h \
	stack-agm:stack-agm:stack.h queue-ms:queue-ms:queue.h event-cas:event-cas:event.h \
	event-cas-fig9:event-cas:event.h spin-pause:spin-counter:spin.h \
	spin-nopause:spin-counter:spin.h queue-c11:queue-c11:queue.h \
	queue-c11-trylock:queue-c11:queue.h nodeset:nodeset:nodeset.h \
	nodeset-split:nodeset:nodeset.h lazyreg:lazyreg:lazyreg.h ident:ident:ident.h \
	escape:escape:escape.h quasiq:quasiq:quasiq.h quasiq-by2:quasiq:quasiq.h \
	quasiq-strict:quasiq:quasiq.h pair-race:pair-race:pair.h pair-futex:pair-futex:pair.h \
	pair-futex-race:pair-futex:pair.h pair-futex-abba:pair-futex:pair.h pair-futex-counted:pair-futex:pair.h \
	busy-pair:busy-pair:busy-pair.h \
	spinsem:spinsem:semw.h spinsem-short:spinsem:semw.h spinsem-lost:spinsem:semw.h flag-pause:flag-spin:flag.h \
	busy-pause:busy-pair:busy-pair.h snap:snap:snap.h snap-torn:snap:snap.h \
	forks:forks:forks.h lockspin:lockspin:lockspin.h lockspin-short:lockspin:lockspin.h \
	lockspin-lost:lockspin:lockspin.h crunch:crunch:crunch.h dice-seeded:dice-seeded:dice.h \
	spin-peterson:spin-peterson:spin.h spin-ticket:spin-ticket:spin.h \
	spin-ticket-atom:spin-ticket:spin.h spin-ticket-lost:spin-ticket:spin.h \
	spin-polite-atom:spin-polite:spin.h \
	spin-polite:spin-polite:spin.h \
	peterson:peterson:peterson.h peterson-fence:peterson:peterson.h spsc-ring:spsc-ring:peterson.h \
	prio-lock:prio-lock:peterson.h prio-lock-lowfence:prio-lock:peterson.h \
	peterson-yield:peterson:peterson.h peterson-flagfence:peterson:peterson.h \
	queue-worker:queue-worker:queue.h litmus:litmus:litmus.h litmus-fence:litmus:litmus.h \
	mpcall:mpcall:mpcall.h mpcall-noplt:mpcall:mpcall.h
LP_LIB_NODW = queue-lock queue-trylock event-nolock counter-loadstore stack-agm box-race \
	peterson peterson-fence
LP_LIB_DEFINES = pair-futex-race:-DPAIR_FUTEX_RACE pair-futex-abba:-DPAIR_FUTEX_ABBA pair-futex-counted:-DPAIR_FUTEX_COUNTED mpcall-noplt:-fno-plt spin-polite-atom:-DSPIN_POLITE_ATOMIC spin-ticket-atom:-DSPIN_TICKET_ATOMIC spin-ticket-lost:-DSPIN_TICKET_LOST peterson-fence:-DPETERSON_FENCE litmus-fence:-DLITMUS_FENCE peterson-yield:-DPETERSON_YIELD peterson-flagfence:-DPETERSON_FLAG_FENCE prio-lock-lowfence:-DPRIO_LOW_FENCE quasiq-by2:-DQUASIQ_BY2 quasiq-strict:-DQUASIQ_STRICT nodeset-split:-DNODESET_SPLIT_BUG queue-c11-trylock:-DQUEUE_C11_TRYLOCK_BUG mbox-if:-DMBOX_IF_BUG event-cas-fig9:-DEVENT_FIG9_BUG spin-pause:-DSPIN_PAUSE spinsem-short:-DSPINSEM_SPINS=20 spinsem-lost:-DSPINSEM_LOST_WAKE flag-pause:-DFLAG_PAUSE busy-pause:-DBUSY_PAIR_PAUSE snap-torn:-DSNAP_TORN lockspin-short:-DLOCKSPIN_ROUNDS=20 lockspin-lost:-DLOCKSPIN_LOST

# Clients, name:source:library:header -> client-<name> built -g (-g0 when the name ends
# in -nog) from <source>.c and linked with lib<library>.so.
LP_CLIENT_TABLE = \
	queue-lock:client-queue:queue-lock:queue.h \
	queue-lock-nodw:client-queue:queue-lock-nodw:queue.h \
	queue-trylock:client-queue:queue-trylock:queue.h \
	queue-trylock-nodw:client-queue:queue-trylock-nodw:queue.h \
	queue-trylock-nodw-nog:client-queue:queue-trylock-nodw:queue.h \
	event:client-event:event-nolock:event.h event-nodw:client-event:event-nolock-nodw:event.h \
	sem:client-sem:semw:semw.h endless:client-endless:semw:semw.h \
	sem-stuck:client-sem-stuck:semw:semw.h prethreaded:client-prethreaded:queue-trylock:queue.h \
	ticket:client-ticket:ticket-pid:ticket.h box:client-box:box-race:box.h \
	box-nodw:client-box:box-race-nodw:box.h \
	box-null:client-box-null:box-race:box.h chan:client-chan:chan-pipe:chan.h \
	tally:client-tally:tally-tsd:tally.h bare:client-bare:queue-lock:queue.h \
	probe:client-probe:probe:probe.h probe-varargs:client-probe-varargs:probe:probe.h \
	flag:client-flag:flag-spin:flag.h \
	mbox:client-mbox:mbox:mbox.h mbox-if:client-mbox:mbox-if:mbox.h \
	counter-atomic:client-counter:counter-atomic:counter.h \
	counter-loadstore:client-counter:counter-loadstore:counter.h \
	counter-loadstore-nodw:client-counter:counter-loadstore-nodw:counter.h \
	counter-plain:client-counter:counter-plain:counter.h \
	stack-treiber:client-stack:stack-treiber:stack.h stack-agm:client-stack:stack-agm:stack.h \
	stack-agm-nodw:client-stack:stack-agm-nodw:stack.h queue-ms:client-queue:queue-ms:queue.h \
	queue-3x3:client-queue-3x3:queue-ms:queue.h \
	queue-ticket:client-queue-ticket:queue-lock:queue.h \
	queue-grid-lock:client-queue-grid:queue-lock:queue.h \
	queue-grid-trylock:client-queue-grid:queue-trylock:queue.h \
	event-cas:client-event:event-cas:event.h \
	event-cas-fig9:client-event:event-cas-fig9:event.h \
	spin-pause:client-spin:spin-pause:spin.h spin-nopause:client-spin:spin-nopause:spin.h \
	spin-peterson:client-spin:spin-peterson:spin.h spin-ticket:client-spin:spin-ticket:spin.h \
	spin-ticket-atom:client-spin:spin-ticket-atom:spin.h \
	spin-ticket-lost:client-spin:spin-ticket-lost:spin.h \
	spin-polite-atom:client-spin:spin-polite-atom:spin.h \
	spin-polite:client-spin:spin-polite:spin.h \
	queue-c11:client-queue-c11:queue-c11:queue.h \
	queue-c11-trylock:client-queue-c11:queue-c11-trylock:queue.h \
	closefd:client-closefd:queue-lock:queue.h closefd-trylock:client-closefd:queue-trylock:queue.h \
	nodeset:client-nodeset:nodeset:nodeset.h nodeset-split:client-nodeset:nodeset-split:nodeset.h \
	lazyreg:client-lazyreg:lazyreg:lazyreg.h ident:client-ident:ident:ident.h \
	queue-same-lock:client-queue-same:queue-lock:queue.h \
	queue-same-trylock:client-queue-same:queue-trylock:queue.h \
	queue-same-late:client-queue-same-late:queue-lock:queue.h \
	busy:client-busy:semw:semw.h fdstate:client-fdstate:queue-lock:queue.h \
	fork:client-fork:queue-lock:queue.h selfdeadlock:client-selfdeadlock:queue-lock:queue.h \
	escape:client-escape:escape:escape.h escape-exit:client-escape-exit:escape:escape.h \
	escape-cancel:client-escape-cancel:escape:escape.h \
	spin-barrier:client-spin-barrier:queue-lock:queue.h \
	quasiq:client-quasiq:quasiq:quasiq.h quasiq-by2:client-quasiq:quasiq-by2:quasiq.h \
	pair:client-pair:pair-race:pair.h pair-futex:client-pair:pair-futex:pair.h \
	pair-futex-race:client-pair:pair-futex-race:pair.h pair-futex-abba:client-pair:pair-futex-abba:pair.h \
	pair-futex-counted:client-pair:pair-futex-counted:pair.h \
	busy-pair:client-busy-pair:busy-pair:busy-pair.h \
	spinsem:client-spinsem:spinsem:semw.h spinsem-short:client-spinsem:spinsem-short:semw.h \
	spinsem-lost:client-spinsem:spinsem-lost:semw.h flag-pause:client-flag:flag-pause:flag.h \
	busy-pause:client-busy-pair:busy-pause:busy-pair.h \
	snap:client-snap:snap:snap.h snap-torn:client-snap:snap-torn:snap.h \
	forks:client-forks:forks:forks.h alone:client-alone:queue-lock:queue.h \
	lockspin:client-lockspin:lockspin:lockspin.h \
	lockspin-short:client-lockspin:lockspin-short:lockspin.h \
	lockspin-lost:client-lockspin:lockspin-lost:lockspin.h \
	line-lock:client-line-lock:queue-lock:queue.h crunch:client-crunch:crunch:crunch.h \
	dice:client-dice:dice-seeded:dice.h \
	peterson-nodw:client-peterson:peterson-nodw:peterson.h \
	peterson-fence-nodw:client-peterson:peterson-fence-nodw:peterson.h \
	spsc-ring:client-spsc-ring:spsc-ring:peterson.h \
	prio-lock:client-peterson:prio-lock:peterson.h \
	prio-lock-lowfence:client-peterson:prio-lock-lowfence:peterson.h \
	peterson-yield:client-peterson:peterson-yield:peterson.h \
	peterson-flagfence:client-peterson:peterson-flagfence:peterson.h \
	litmus:client-litmus:litmus:litmus.h litmus-fence:client-litmus:litmus-fence:litmus.h \
	mpcall:client-mpcall:mpcall:mpcall.h mpcall-noplt:client-mpcall:mpcall-noplt:mpcall.h

lp_field = $(word $(1),$(subst :, ,$(2)))

# $(1) name, $(2) source, $(3) header
define LP_LIB_RULES
$$(LP_PROG_DIR)/lib$(1).so: $$(LP_PROG_DIR)/$(2).c $$(LP_PROG_DIR)/$(3)
	$$(LP_PROG_MKDIR)
	$$(AM_V_CCLD)$$(LP_PROG_LIB) -g $(patsubst $(1):%,%,$(filter $(1):%,$(LP_LIB_DEFINES))) $$(srcdir)/$$(LP_PROG_DIR)/$(2).c
$(if $(filter $(1),$(LP_LIB_NODW)),
$$(LP_PROG_DIR)/lib$(1)-nodw.so: $$(LP_PROG_DIR)/$(2).c $$(LP_PROG_DIR)/$(3)
	$$(LP_PROG_MKDIR)
	$$(AM_V_CCLD)$$(LP_PROG_LIB) -g0 $(patsubst $(1):%,%,$(filter $(1):%,$(LP_LIB_DEFINES))) $$(srcdir)/$$(LP_PROG_DIR)/$(2).c && $$(LP_PROG_STRIP)
)
endef

# $(1) name, $(2) source, $(3) library, $(4) header
define LP_CLIENT_RULE
$$(LP_PROG_DIR)/client-$(1): $$(LP_PROG_DIR)/$(2).c $$(LP_PROG_DIR)/$(4) $$(LP_PROG_DIR)/lib$(3).so
	$$(AM_V_CCLD)$$(LP_PROG_CLIENT) $(if $(filter %-nog,$(1)),-g0,-g) $$(srcdir)/$$(LP_PROG_DIR)/$(2).c $$(LP_PROG_DIR)/lib$(3).so
endef

$(foreach e,$(LP_LIB_TABLE),$(eval $(call LP_LIB_RULES,$(call lp_field,1,$(e)),$(call lp_field,2,$(e)),$(call lp_field,3,$(e)))))
$(foreach e,$(LP_CLIENT_TABLE),$(eval $(call LP_CLIENT_RULE,$(call lp_field,1,$(e)),$(call lp_field,2,$(e)),$(call lp_field,3,$(e)),$(call lp_field,4,$(e)))))

$(LP_PROG_DIR)/client-dlopen-queue: $(LP_PROG_DIR)/client-dlopen-queue.c
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-dlopen-queue.c -ldl
$(LP_PROG_DIR)/client-libc-only: $(LP_PROG_DIR)/client-libc-only.c
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-libc-only.c

# The queue client linked statically (library included). Without libc.a (libc6-dev) there
# is nothing to build and t0110 fails naming the package; with it, an error fails the build.
$(LP_PROG_DIR)/client-static: $(LP_PROG_DIR)/client-queue.c $(LP_PROG_DIR)/queue-lock.c $(LP_QUEUE_H)
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)if [ -f "$$($(CC) -print-file-name=libc.a)" ]; then \
		$(CC) $(LP_PROG_CFLAGS) -g -static -o $@ $(srcdir)/$(LP_PROG_DIR)/client-queue.c \
		$(srcdir)/$(LP_PROG_DIR)/queue-lock.c; \
	else echo "  SKIP     $@ (no static C library libc.a: install libc6-dev, t0110 fails without it)"; fi

EXTRA_DIST += $(LP_PROG_DIR)/queue-lock.lineup $(LP_PROG_DIR)/queue-trylock.lineup \
	$(LP_PROG_DIR)/stack-treiber.lineup $(LP_PROG_DIR)/stack-agm.lineup \
	$(LP_PROG_DIR)/counter-atomic.lineup $(LP_PROG_DIR)/counter-loadstore.lineup \
	$(LP_PROG_DIR)/mbox.lineup $(LP_PROG_DIR)/mbox-if.lineup $(LP_PROG_DIR)/queue-ms.lineup \
	$(LP_PROG_DIR)/queue-c11.lineup $(LP_PROG_DIR)/queue-c11-trylock.lineup \
	$(LP_PROG_DIR)/event-nolock.lineup $(LP_PROG_DIR)/event-cas.lineup $(LP_PROG_DIR)/semw.lineup \
	$(LP_PROG_DIR)/box-race.lineup $(LP_PROG_DIR)/spin-pause.lineup $(LP_PROG_DIR)/counter-plain.lineup \
	$(LP_PROG_DIR)/nodeset.lineup $(LP_PROG_DIR)/nodeset-split.lineup $(LP_PROG_DIR)/lazyreg.lineup
EXTRA_DIST += $(LP_PROG_DIR)/client-queue-grid.c $(LP_PROG_DIR)/queue-c11.c $(LP_PROG_DIR)/client-queue-c11.c \
	$(LP_PROG_DIR)/client-closefd.c $(LP_PROG_DIR)/nodeset.h $(LP_PROG_DIR)/nodeset.c \
	$(LP_PROG_DIR)/client-nodeset.c $(LP_PROG_DIR)/lazyreg.h $(LP_PROG_DIR)/lazyreg.c \
	$(LP_PROG_DIR)/client-lazyreg.c $(LP_PROG_DIR)/ident.h $(LP_PROG_DIR)/ident.c \
	$(LP_PROG_DIR)/client-ident.c $(LP_PROG_DIR)/client-queue-same.c $(LP_PROG_DIR)/client-queue-same-late.c $(LP_PROG_DIR)/dice.h \
	$(LP_PROG_DIR)/dice-seeded.c $(LP_PROG_DIR)/client-dice.c $(LP_PROG_DIR)/client-glib-random.c \
	$(LP_PROG_DIR)/peterson.h $(LP_PROG_DIR)/peterson.c $(LP_PROG_DIR)/spsc-ring.c $(LP_PROG_DIR)/prio-lock.c \
	$(LP_PROG_DIR)/client-peterson.c $(LP_PROG_DIR)/client-spsc-ring.c \
	$(LP_PROG_DIR)/litmus.h $(LP_PROG_DIR)/litmus.c $(LP_PROG_DIR)/client-litmus.c \
	$(LP_PROG_DIR)/mpcall.h $(LP_PROG_DIR)/mpcall.c $(LP_PROG_DIR)/client-mpcall.c \
	$(LP_PROG_DIR)/outcome.h
# table-built clients no other list names (make distcheck builds them from the tarball)
EXTRA_DIST += $(LP_PROG_DIR)/client-queue-3x3.c $(LP_PROG_DIR)/client-queue-ticket.c
EXTRA_DIST += $(LP_PROG_DIR)/queue.h $(LP_PROG_DIR)/queue-lock.c $(LP_PROG_DIR)/queue-worker.c $(LP_PROG_DIR)/queue-trylock.c \
	$(LP_PROG_DIR)/client-queue.c $(LP_PROG_DIR)/event.h $(LP_PROG_DIR)/event-nolock.c \
	$(LP_PROG_DIR)/client-event.c $(LP_PROG_DIR)/semw.h $(LP_PROG_DIR)/semw.c \
	$(LP_PROG_DIR)/client-sem.c $(LP_PROG_DIR)/client-sem-stuck.c $(LP_PROG_DIR)/client-endless.c \
	$(LP_PROG_DIR)/client-prethreaded.c $(LP_PROG_DIR)/client-dlopen-queue.c $(LP_PROG_DIR)/ticket.h \
	$(LP_PROG_DIR)/ticket-pid.c $(LP_PROG_DIR)/client-ticket.c $(LP_PROG_DIR)/box.h \
	$(LP_PROG_DIR)/box-race.c $(LP_PROG_DIR)/client-box.c $(LP_PROG_DIR)/client-box-null.c \
	$(LP_PROG_DIR)/client-libc-only.c $(LP_PROG_DIR)/client-bare.c $(LP_PROG_DIR)/chan.h \
	$(LP_PROG_DIR)/chan-pipe.c $(LP_PROG_DIR)/client-chan.c $(LP_PROG_DIR)/tally.h \
	$(LP_PROG_DIR)/tally-tsd.c $(LP_PROG_DIR)/client-tally.c $(LP_PROG_DIR)/mbox.h \
	$(LP_PROG_DIR)/mbox.c $(LP_PROG_DIR)/client-mbox.c $(LP_PROG_DIR)/flag.h \
	$(LP_PROG_DIR)/flag-spin.c $(LP_PROG_DIR)/client-flag.c $(LP_PROG_DIR)/probe.h \
	$(LP_PROG_DIR)/probe.c $(LP_PROG_DIR)/client-probe.c $(LP_PROG_DIR)/client-probe-varargs.c

# ---- atomics, futexes and real libraries (issue 4) ----
# Lock-free test libraries (the 08xx tests): scheduling points are their atomic
# instructions, found by the cli's scan. -nodw copies are stripped, their clients still -g.
LP_ATOM_LIBS = \
	$(LP_PROG_DIR)/libcounter-atomic.so $(LP_PROG_DIR)/libcounter-loadstore.so \
	$(LP_PROG_DIR)/libcounter-loadstore-nodw.so $(LP_PROG_DIR)/libcounter-plain.so \
	$(LP_PROG_DIR)/libstack-treiber.so $(LP_PROG_DIR)/libstack-agm.so \
	$(LP_PROG_DIR)/libstack-agm-nodw.so $(LP_PROG_DIR)/libqueue-ms.so \
	$(LP_PROG_DIR)/libevent-cas.so $(LP_PROG_DIR)/libevent-cas-fig9.so \
	$(LP_PROG_DIR)/libspin-pause.so $(LP_PROG_DIR)/libspin-nopause.so \
	$(LP_PROG_DIR)/libspin-peterson.so $(LP_PROG_DIR)/libspin-ticket.so \
	$(LP_PROG_DIR)/libspin-polite.so $(LP_PROG_DIR)/libspin-ticket-atom.so \
	$(LP_PROG_DIR)/libspin-ticket-lost.so $(LP_PROG_DIR)/libspin-polite-atom.so
LP_ATOM_CLIENTS = \
	$(LP_PROG_DIR)/client-counter-atomic $(LP_PROG_DIR)/client-counter-loadstore \
	$(LP_PROG_DIR)/client-counter-loadstore-nodw $(LP_PROG_DIR)/client-counter-plain \
	$(LP_PROG_DIR)/client-stack-treiber $(LP_PROG_DIR)/client-stack-agm \
	$(LP_PROG_DIR)/client-stack-agm-nodw $(LP_PROG_DIR)/client-queue-ms \
	$(LP_PROG_DIR)/client-queue-3x3 \
	$(LP_PROG_DIR)/client-event-cas $(LP_PROG_DIR)/client-event-cas-fig9 \
	$(LP_PROG_DIR)/client-spin-pause $(LP_PROG_DIR)/client-spin-nopause \
	$(LP_PROG_DIR)/client-spin-peterson $(LP_PROG_DIR)/client-spin-ticket \
	$(LP_PROG_DIR)/client-spin-polite $(LP_PROG_DIR)/client-spin-ticket-atom \
	$(LP_PROG_DIR)/client-spin-ticket-lost $(LP_PROG_DIR)/client-spin-polite-atom
# Clients of real Debian libraries (the 09xx tests), built only where the -dev package is
# installed (build-aux/setup.sh installs liburcu-dev and libglib2.0-dev); the tests fail,
# saying which package is missing, when its pkg-config file is absent.
LP_REAL_CLIENTS = $(LP_PROG_DIR)/client-urcu-lfs $(LP_PROG_DIR)/client-glib-asyncq \
	$(LP_PROG_DIR)/client-glib-pool $(LP_PROG_DIR)/client-glib-hash $(LP_PROG_DIR)/client-urcu-wfcq \
	$(LP_PROG_DIR)/client-urcu-lfq $(LP_PROG_DIR)/client-glib-random
check_DATA += $(LP_ATOM_LIBS) $(LP_ATOM_CLIENTS) $(LP_REAL_CLIENTS)
CLEANFILES += $(LP_ATOM_LIBS) $(LP_ATOM_CLIENTS) $(LP_REAL_CLIENTS)

LP_COUNTER_H = $(LP_PROG_DIR)/counter.h
LP_STACK_H = $(LP_PROG_DIR)/stack.h

# Real libraries: plain -g clients of the installed shared objects (no _LGPL_SOURCE for
# liburcu: its functions would be inlined into the client instead of called).
$(LP_PROG_DIR)/client-urcu-%: $(LP_PROG_DIR)/client-urcu-%.c
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)if pkg-config --exists liburcu-cds; then \
		$(LP_PROG_CLIENT) -g $$(pkg-config --cflags liburcu-cds) \
			$< $$(pkg-config --libs liburcu-cds); \
	else echo "  SKIP     $@ (liburcu-dev is not installed: its test fails without it)"; fi
# the RCU queue also calls the RCU flavour itself (liburcu)
$(LP_PROG_DIR)/client-urcu-lfq: $(LP_PROG_DIR)/client-urcu-lfq.c
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)if pkg-config --exists liburcu-cds liburcu; then \
		$(LP_PROG_CLIENT) -g $$(pkg-config --cflags liburcu-cds liburcu) \
			$< $$(pkg-config --libs liburcu-cds liburcu); \
	else echo "  SKIP     $@ (liburcu-dev is not installed: its bench case is left out)"; fi
$(LP_PROG_DIR)/client-glib-%: $(LP_PROG_DIR)/client-glib-%.c
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)if pkg-config --exists glib-2.0; then \
		$(LP_PROG_CLIENT) -g $$(pkg-config --cflags glib-2.0) \
			$< $$(pkg-config --libs glib-2.0); \
	else echo "  SKIP     $@ (libglib2.0-dev is not installed: its test fails without it)"; fi

EXTRA_DIST += $(LP_COUNTER_H) $(LP_PROG_DIR)/counter-atomic.c $(LP_PROG_DIR)/counter-loadstore.c \
	$(LP_PROG_DIR)/counter-plain.c $(LP_PROG_DIR)/client-counter.c $(LP_STACK_H) \
	$(LP_PROG_DIR)/stack-treiber.c $(LP_PROG_DIR)/stack-agm.c $(LP_PROG_DIR)/client-stack.c \
	$(LP_PROG_DIR)/queue-ms.c $(LP_PROG_DIR)/event-cas.c $(LP_PROG_DIR)/spin.h \
	$(LP_PROG_DIR)/spin-counter.c $(LP_PROG_DIR)/client-spin.c $(LP_PROG_DIR)/spin-peterson.c \
	$(LP_PROG_DIR)/spin-ticket.c $(LP_PROG_DIR)/spin-polite.c \
	$(LP_PROG_DIR)/client-urcu-lfs.c $(LP_PROG_DIR)/client-glib-asyncq.c \
	$(LP_PROG_DIR)/client-glib-pool.c $(LP_PROG_DIR)/client-glib-hash.c $(LP_PROG_DIR)/client-urcu-wfcq.c \
	$(LP_PROG_DIR)/client-urcu-lfq.c

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
	tests/e2e/t0180-load-soname.sh \
	tests/e2e/t0181-load-dependency-atomics.sh \
	tests/e2e/t0200-types-no-dwarf.sh \
	tests/e2e/t0210-types-signature.sh \
	tests/e2e/t0300-correct-queue-lock.sh \
	tests/e2e/t0310-correct-semaphore.sh \
	tests/e2e/t0330-correct-semaphore-max-steps-caution.sh \
	tests/e2e/t0320-correct-semaphore-stuck.sh \
	tests/e2e/t0340-correct-tsd-destructor.sh tests/e2e/t0350-spurious-wakeups.sh \
	tests/e2e/t0360-execution-environment.sh \
	tests/e2e/t0400-wrong-queue-trylock.sh \
	tests/e2e/t0410-wrong-event-missed-wakeup.sh \
	tests/e2e/t0420-wrong-crash-under-schedule.sh \
	tests/e2e/t0430-wrong-reduction-keeps-bugs.sh tests/e2e/t0435-reduction-pure-regions.sh tests/e2e/t1320-reduction-spans.sh tests/e2e/t1322-lock-functions.sh tests/e2e/t1323-join-returns.sh tests/e2e/t0437-exploration-calls-commute.sh tests/e2e/t0438-reduction-library-thread-code.sh tests/e2e/t0439-reduction-why-dump.sh tests/e2e/t0440-jobs-same-result.sh tests/e2e/t0445-jobs-watchdog-at-turn.sh \
	tests/e2e/t0446-jobs-worker-servers.sh tests/e2e/t0447-jobs-worker-line.sh \
	tests/e2e/t0460-criterion-sequential.sh \
	tests/e2e/t0470-golden-quasi.sh \
	tests/e2e/t0500-phase1-nondeterministic.sh \
	tests/e2e/t0505-phase1-nondeterministic-seeded.sh \
	tests/e2e/t0510-phase1-crash.sh \
	tests/e2e/t0520-phase1-uncontrolled-blocking.sh \
	tests/e2e/t0530-phase1-endless-client.sh \
	tests/e2e/t0540-phase1-exact-orders.sh tests/e2e/t0541-phase1-exact-orders-glob.sh \
	tests/e2e/t0580-phase1-lazy.sh \
	tests/e2e/t0582-phase1-lazy-hint.sh \
	tests/e2e/t0550-phase1-client-code-interacts.sh \
	tests/e2e/t0570-phase1-symmetry.sh \
	tests/e2e/t0600-replay-reproduces.sh \
	tests/e2e/t0610-json-report.sh \
	tests/e2e/t0620-html-export.sh \
	tests/e2e/t0630-html-chromium.sh \
	tests/e2e/t0700-options-bad-values.sh \
	tests/e2e/t1100-budget-pct-finds-seeded-bugs.sh \
	tests/e2e/t1110-budget-pct-replay.sh \
	tests/e2e/t1120-budget-time-budget.sh \
	tests/e2e/t1130-budget-interrupt.sh \
	tests/e2e/t1135-budget-interrupt-prompt.sh \
	tests/e2e/t1140-budget-progress.sh \
	tests/e2e/t1150-budget-interception-coverage.sh \
	tests/e2e/t1200-test-fixed.sh tests/e2e/t1201-test-threads-stay.sh \
	tests/e2e/t1210-test-generate.sh \
	tests/e2e/t1220-test-bundled.sh \
	tests/e2e/t1230-test-descriptions-valid.sh \
	tests/e2e/t1240-test-desc-errors.sh \
	tests/e2e/t1250-test-libc-target.sh \
	tests/e2e/t1260-test-header-types.sh \
	tests/e2e/t1262-test-setup-library-thread.sh \
	tests/e2e/t1265-test-header-glib.sh \
	tests/e2e/t1270-test-html.sh \
	tests/e2e/t1280-test-slurm-campaign.sh \
	tests/e2e/t1285-test-shard-auto-merge.sh \
	tests/e2e/t1300-test-struct-args.sh \
	tests/e2e/t1301-test-struct-client.sh \
	tests/e2e/t1302-test-struct-emit-client.sh \
	tests/e2e/t1303-test-struct-errors.sh \
	tests/e2e/t1310-atomic-spin-restart.sh tests/e2e/t1311-atomic-spin-restart-bug.sh \
	tests/e2e/t1312-atomic-spin-writes.sh tests/e2e/t1330-atomics-tso-pause-spin.sh \
	tests/e2e/t1331-atomics-tso-passing-load-fence.sh
# Issue 4: atomics, futexes, real libraries (`make check-atomics` runs only these).
LP_E2E_ATOMICS_TESTS = \
	tests/e2e/t0800-atomics-counter-fetch-add.sh \
	tests/e2e/t0810-atomics-counter-load-store.sh \
	tests/e2e/t0820-atomics-plain-default-granularity.sh \
	tests/e2e/t0821-atomics-plain-memory-granularity.sh \
	tests/e2e/t0830-atomics-treiber-stack.sh \
	tests/e2e/t0831-atomics-ms-queue.sh \
	tests/e2e/t0840-atomics-agm-stack.sh \
	tests/e2e/t0850-atomics-event-fig9.sh \
	tests/e2e/t0851-atomics-event-fixed.sh \
	tests/e2e/t0860-atomics-livelock-spin.sh \
	tests/e2e/t0861-atomics-spin-pause.sh tests/e2e/t0862-atomics-spin-folding.sh \
	tests/e2e/t0863-atomics-lock-spin-folding.sh tests/e2e/t0864-atomics-spin-read-fair.sh \
	tests/e2e/t0870-atomics-summary-sites.sh \
	tests/e2e/t0880-atomics-root-causes.sh \
	tests/e2e/t0881-atomics-root-cause-time.sh \
	tests/e2e/t0890-atomics-tso-peterson.sh tests/e2e/t0891-atomics-tso-fenced.sh \
	tests/e2e/t0892-atomics-tso-fence-removes.sh tests/e2e/t0893-atomics-tso-fence-not-enough.sh \
	tests/e2e/t0894-atomics-tso-fence-budget.sh \
	tests/e2e/t0896-atomics-tso-reduction.sh \
	tests/e2e/t0897-atomics-tso-callout.sh tests/e2e/t0898-atomics-tso-callout-bug.sh \
	tests/e2e/t0900-real-urcu-lfstack.sh \
	tests/e2e/t0901-real-urcu-lfstack-signature.sh \
	tests/e2e/t0910-real-glib-asyncqueue.sh \
	tests/e2e/t0915-real-glib-threadpool.sh \
	tests/e2e/t0902-real-urcu-wfcqueue.sh \
	tests/e2e/t0911-real-glib-hashtable.sh \
	tests/e2e/t0920-real-cxx-std-thread.sh \
	tests/e2e/t0930-real-programs-byte-identical.sh \
	tests/e2e/t0940-real-gallery.sh
TESTS += $(LP_E2E_TESTS) $(LP_E2E_ATOMICS_TESTS)

.PHONY: check-atomics
check-atomics:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(LP_E2E_ATOMICS_TESTS)'
EXTRA_DIST += bench/real.sh \
	examples/real/glib-async-queue-pop.lineup \
	examples/real/glib-async-queue.lineup \
	examples/real/glib-atomic-int.lineup \
	examples/real/glib-quark.lineup \
	examples/real/glib-random.lineup \
	examples/real/urcu-lfqueue.lineup \
	examples/real/urcu-lfstack.lineup \
	examples/real/urcu-wfcqueue.lineup \
	examples/real/urcu-wfstack.lineup
EXTRA_DIST += $(LP_E2E_TESTS) $(LP_E2E_ATOMICS_TESTS) tests/e2e/test-lib.sh tests/e2e/README \
	tests/require.sh

# ---- the README's quick-start example ----
LP_DEMO_DIR = examples/preload
EXTRA_DIST += $(LP_DEMO_DIR)/queue.c $(LP_DEMO_DIR)/queue.h $(LP_DEMO_DIR)/client.c \
	$(LP_DEMO_DIR)/queue.lineup
CLEANFILES += $(LP_DEMO_DIR)/libdemo-queue.so $(LP_DEMO_DIR)/demo-client \
	$(LP_DEMO_DIR)/queue-fail-*.lineup

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
	@# the same library from a test description (its target sits next to it)
	@[ -f $(LP_DEMO_DIR)/queue.lineup ] || cp $(srcdir)/$(LP_DEMO_DIR)/queue.lineup $(LP_DEMO_DIR)/
	@echo '$$ lineup-preload -p 1 --no-root-cause --test $(LP_DEMO_DIR)/queue.lineup --random 20'
	@./lineup-preload -p 1 --no-root-cause --test $(LP_DEMO_DIR)/queue.lineup --random 20; \
		echo "exit status $$?"
include $(srcdir)/tests/fidelity.mk

# Grid queue tests (THREADS x OPS) for exact phase-1 counts and bench/phase1.sh.
LP_GRID_CLIENTS = $(LP_PROG_DIR)/client-queue-lock-4x1 $(LP_PROG_DIR)/client-queue-lock-6x1 \
	$(LP_PROG_DIR)/client-queue-lock-3x3 $(LP_PROG_DIR)/client-queue-ms-3x3 \
	$(LP_PROG_DIR)/client-queue-trylock-3x3
check_DATA += $(LP_GRID_CLIENTS)
CLEANFILES += $(LP_GRID_CLIENTS)
EXTRA_DIST += $(LP_PROG_DIR)/client-queue-grid.c $(LP_PROG_DIR)/queue-c11.c $(LP_PROG_DIR)/client-queue-c11.c \
	$(LP_PROG_DIR)/quasiq.c $(LP_PROG_DIR)/quasiq.h $(LP_PROG_DIR)/client-quasiq.c \
	$(LP_PROG_DIR)/pair-race.c $(LP_PROG_DIR)/pair-futex.c $(LP_PROG_DIR)/pair.h $(LP_PROG_DIR)/client-pair.c \
	$(LP_PROG_DIR)/busy-pair.c $(LP_PROG_DIR)/busy-pair.h $(LP_PROG_DIR)/client-busy-pair.c \
	$(LP_PROG_DIR)/spinsem.c $(LP_PROG_DIR)/client-spinsem.c \
	$(LP_PROG_DIR)/snap.c $(LP_PROG_DIR)/snap.h $(LP_PROG_DIR)/client-snap.c \
	$(LP_PROG_DIR)/forks.c $(LP_PROG_DIR)/forks.h $(LP_PROG_DIR)/client-forks.c \
	$(LP_PROG_DIR)/client-alone.c $(LP_PROG_DIR)/lockspin.c $(LP_PROG_DIR)/lockspin.h \
	$(LP_PROG_DIR)/client-lockspin.c $(LP_PROG_DIR)/client-line-lock.c \
	$(LP_PROG_DIR)/crunch.c $(LP_PROG_DIR)/crunch.h $(LP_PROG_DIR)/client-crunch.c
LP_GRID_SRC = $(LP_PROG_DIR)/client-queue-grid.c $(LP_QUEUE_H)
$(LP_PROG_DIR)/client-queue-lock-4x1: $(LP_GRID_SRC) $(LP_PROG_DIR)/libqueue-lock.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g -DTHREADS=4 -DOPS=1 $(srcdir)/$(LP_PROG_DIR)/client-queue-grid.c $(LP_PROG_DIR)/libqueue-lock.so
$(LP_PROG_DIR)/client-queue-lock-6x1: $(LP_GRID_SRC) $(LP_PROG_DIR)/libqueue-lock.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g -DTHREADS=6 -DOPS=1 $(srcdir)/$(LP_PROG_DIR)/client-queue-grid.c $(LP_PROG_DIR)/libqueue-lock.so
$(LP_PROG_DIR)/client-queue-lock-3x3: $(LP_GRID_SRC) $(LP_PROG_DIR)/libqueue-lock.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g -DTHREADS=3 -DOPS=3 $(srcdir)/$(LP_PROG_DIR)/client-queue-grid.c $(LP_PROG_DIR)/libqueue-lock.so
$(LP_PROG_DIR)/client-queue-ms-3x3: $(LP_GRID_SRC) $(LP_PROG_DIR)/libqueue-ms.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g -DTHREADS=3 -DOPS=3 $(srcdir)/$(LP_PROG_DIR)/client-queue-grid.c $(LP_PROG_DIR)/libqueue-ms.so
$(LP_PROG_DIR)/client-queue-trylock-3x3: $(LP_GRID_SRC) $(LP_PROG_DIR)/libqueue-trylock.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g -DTHREADS=3 -DOPS=3 $(srcdir)/$(LP_PROG_DIR)/client-queue-grid.c $(LP_PROG_DIR)/libqueue-trylock.so

# ---- a target handing work to another library's thread (issue 12: preload/exec-guard.c) ----
# libbghelper.so is never a target: its thread runs the target's callback between locks of
# its own. libbgcount.so (-race: the callback loses an update) links it, with an rpath, as a
# closed library would its dependency.
LP_BG_PROGS = $(LP_PROG_DIR)/libbghelper.so $(LP_PROG_DIR)/libbgcount.so \
	$(LP_PROG_DIR)/libbgcount-race.so $(LP_PROG_DIR)/client-bgcount \
	$(LP_PROG_DIR)/client-bgcount-race
check_DATA += $(LP_BG_PROGS)
CLEANFILES += $(LP_BG_PROGS)
$(LP_PROG_DIR)/libbghelper.so: $(LP_PROG_DIR)/bghelper.c $(LP_PROG_DIR)/bghelper.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(srcdir)/$(LP_PROG_DIR)/bghelper.c
$(LP_PROG_DIR)/libbgcount.so $(LP_PROG_DIR)/libbgcount-race.so: $(LP_PROG_DIR)/bgcount.c \
		$(LP_PROG_DIR)/bgcount.h $(LP_PROG_DIR)/bghelper.h $(LP_PROG_DIR)/libbghelper.so
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(if $(findstring race,$(@F)),-DBGCOUNT_RACE) $(LP_PROG_RPATH) \
		$(srcdir)/$(LP_PROG_DIR)/bgcount.c $(LP_PROG_DIR)/libbghelper.so
$(LP_PROG_DIR)/client-bgcount $(LP_PROG_DIR)/client-bgcount-race: $(LP_PROG_DIR)/client-bgcount.c \
		$(LP_PROG_DIR)/bgcount.h $(LP_PROG_DIR)/libbgcount.so $(LP_PROG_DIR)/libbgcount-race.so
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g $(srcdir)/$(LP_PROG_DIR)/client-bgcount.c \
		$(LP_PROG_DIR)/lib$(patsubst client-%,%,$(@F)).so
EXTRA_DIST += $(LP_PROG_DIR)/bghelper.h $(LP_PROG_DIR)/bghelper.c $(LP_PROG_DIR)/bgcount.h \
	$(LP_PROG_DIR)/bgcount.c $(LP_PROG_DIR)/client-bgcount.c

# ---- a target whose lock lives in a dependency (issue 35): libspincount.so links
# libspinhelper.so, the only one of the two with atomic instructions ----
LP_SPIN_PROGS = $(LP_PROG_DIR)/libspinhelper.so $(LP_PROG_DIR)/libspincount.so
check_DATA += $(LP_SPIN_PROGS)
CLEANFILES += $(LP_SPIN_PROGS)
$(LP_PROG_DIR)/libspinhelper.so: $(LP_PROG_DIR)/spinhelper.c $(LP_PROG_DIR)/spinhelper.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(srcdir)/$(LP_PROG_DIR)/spinhelper.c
$(LP_PROG_DIR)/libspincount.so: $(LP_PROG_DIR)/spincount.c $(LP_PROG_DIR)/spincount.h \
		$(LP_PROG_DIR)/spinhelper.h $(LP_PROG_DIR)/libspinhelper.so
	$(AM_V_CCLD)$(LP_PROG_LIB) -g $(LP_PROG_RPATH) $(srcdir)/$(LP_PROG_DIR)/spincount.c \
		$(LP_PROG_DIR)/libspinhelper.so
EXTRA_DIST += $(LP_PROG_DIR)/spinhelper.h $(LP_PROG_DIR)/spinhelper.c \
	$(LP_PROG_DIR)/spincount.h $(LP_PROG_DIR)/spincount.c

# The house rules on size (no product file over 800 lines, no function over 120), checked
# on the source tree.
TESTS += tests/house/limits.sh
EXTRA_DIST += tests/house/limits.sh

# ---- a stripped library and its header (issue 35): types from slotq.h alone, thread-init,
# out-parameters. Linked with -s (strip-all: no symbol table, no DWARF), -g0.
LP_HEADER_LIBS = $(LP_PROG_DIR)/libslotq-stripped.so $(LP_PROG_DIR)/libslotq-dup-stripped.so \
	$(LP_PROG_DIR)/libslotq-helper.so
check_DATA += $(LP_HEADER_LIBS)
CLEANFILES += $(LP_HEADER_LIBS)
EXTRA_DIST += $(LP_PROG_DIR)/slotq.h $(LP_PROG_DIR)/slotq.c $(LP_PROG_DIR)/slotq-helper.c
$(LP_PROG_DIR)/libslotq-helper.so: $(LP_PROG_DIR)/slotq-helper.c $(LP_PROG_DIR)/slotq.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g0 -s $(srcdir)/$(LP_PROG_DIR)/slotq-helper.c
$(LP_PROG_DIR)/libslotq-stripped.so: $(LP_PROG_DIR)/slotq.c $(LP_PROG_DIR)/slotq.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g0 -s $(srcdir)/$(LP_PROG_DIR)/slotq.c
$(LP_PROG_DIR)/libslotq-dup-stripped.so: $(LP_PROG_DIR)/slotq.c $(LP_PROG_DIR)/slotq.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g0 -s -DSLOTQ_DUP $(srcdir)/$(LP_PROG_DIR)/slotq.c

# ---- structs by value (issue 35): a stripped accumulator and its header; the lost-update
# twin, and a client built -g (its DWARF types the calls)
LP_STRUCT_PROGS = $(LP_PROG_DIR)/libstructacc-stripped.so \
	$(LP_PROG_DIR)/libstructacc-lost-stripped.so $(LP_PROG_DIR)/client-structacc
check_DATA += $(LP_STRUCT_PROGS)
CLEANFILES += $(LP_STRUCT_PROGS)
EXTRA_DIST += $(LP_PROG_DIR)/structacc.h $(LP_PROG_DIR)/structacc.c \
	$(LP_PROG_DIR)/client-structacc.c
$(LP_PROG_DIR)/libstructacc-stripped.so: $(LP_PROG_DIR)/structacc.c $(LP_PROG_DIR)/structacc.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g0 -s $(srcdir)/$(LP_PROG_DIR)/structacc.c -lpthread
$(LP_PROG_DIR)/libstructacc-lost-stripped.so: $(LP_PROG_DIR)/structacc.c $(LP_PROG_DIR)/structacc.h
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_LIB) -g0 -s -DSTRUCTACC_LOST $(srcdir)/$(LP_PROG_DIR)/structacc.c
$(LP_PROG_DIR)/client-structacc: $(LP_PROG_DIR)/client-structacc.c $(LP_PROG_DIR)/libstructacc-lost-stripped.so
	$(LP_PROG_MKDIR)
	$(AM_V_CCLD)$(LP_PROG_CLIENT) -g -pthread $(srcdir)/$(LP_PROG_DIR)/client-structacc.c \
		$(LP_PROG_DIR)/libstructacc-lost-stripped.so

# tests/tools/por-why: why the reduction ran executions of a trace seen before (a debugging
# aid over LINEUP_DEBUG_POR_LOG's dump, cli/run/por-dump.h; built with the tests, not run).
check_PROGRAMS += tests/tools/por-why
tests_tools_por_why_SOURCES = tests/tools/por-why.c
tests_tools_por_why_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)
tests_tools_por_why_LDADD = libexplore.a
