/* cli/analyze/instrument-refusal.h — which objects --instrument refuses, and why (by name: the
 * option parser checks the name given, the analysis the resolved file's path and soname). */
#ifndef LINEUP_CLI_INSTRUMENT_REFUSAL_H
#define LINEUP_CLI_INSTRUMENT_REFUSAL_H

/* Why an object of this name (path, basename or soname) may not be instrumented, or
 * NULL: libc, the loader, lineup-preload's own library. Pure. */
const char *lp_instrument_refusal(const char *name);

#endif
