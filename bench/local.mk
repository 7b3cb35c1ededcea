# bench: benchmark rules (checker here; executions in bench/preload.mk).
include $(srcdir)/bench/preload.mk
