/* cli/run/find-programs.h — where the cli finds the programs and library it runs: next to
 * the running lineup-preload first (the build tree), then where `make install` puts them. */
#ifndef LINEUP_CLI_FIND_PROGRAMS_H
#define LINEUP_CLI_FIND_PROGRAMS_H

/* lineup-checker: next to lineup-preload, else in $(bindir). Dies with the fix if neither. */
char *lp_find_checker(void);
/* The built-in test driver (lineup-driver): next to lineup-preload, else in
 * $(pkglibexecdir). Dies with the fix if neither. */
char *lp_find_driver(void);
/* liblineup-preload.so: LINEUP_PRELOAD_LIB, else the build tree (.libs first), else
 * $(libdir). Dies with the fix if none. */
char *lp_find_preload(void);

#endif
