/* cli/run/output-check.h — output files (--json, --observations) are checked before the run,
 * so an unwritable path never costs the verdict of a whole run. */
#ifndef LINEUP_CLI_OUTPUT_CHECK_H
#define LINEUP_CLI_OUTPUT_CHECK_H

/* Dies (exit 2, one line naming option and path) unless path could be written: an
 * existing file opens for writing, or its directory exists and is writable. NULL: no-op.
 * Creates nothing and truncates nothing. */
void lp_output_check(const char *path, const char *option);

#endif
