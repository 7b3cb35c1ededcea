/* cli/analyze/demangle.h — C++ symbol names as people write them, for reports. */
#ifndef LINEUP_CLI_DEMANGLE_H
#define LINEUP_CLI_DEMANGLE_H

/* The demangled form of a mangled C++ name ("_Z..."), malloc'ed; NULL for other names,
 * or when libstdc++ (its __cxa_demangle, loaded on first use) is not installed. */
char *lp_demangle(const char *name);

#endif
