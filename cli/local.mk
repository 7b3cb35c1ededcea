# cli: build rules for lineup-preload (the driver part; analysis rules are in cli/analyze.mk).
include $(srcdir)/cli/analyze.mk
include $(srcdir)/cli/atomics.mk
