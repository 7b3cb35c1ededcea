/* probe.c — see probe.h. */
#include "probe.h"

long probe_note(long value) { return value; }
