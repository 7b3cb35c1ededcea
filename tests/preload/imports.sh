#!/bin/sh
# tests/preload/imports.sh — the rules at the top of preload/preload.c that the linker can
# see, checked on the built liblineup-preload.so with binutils:
#  1. it imports nothing outside the allowlist below: no libc system-call wrapper (the
#     kernel only through preload/sys.h), no stdio, no allocator but glibc's __libc_* ones;
#  2. no dynamic relocation names a symbol it defines itself: a call to its own malloc (or
#     any export) through the PLT or the GOT would reach a client's malloc instead
#     (LP_LOCAL_ALIAS in preload/preload.h);
#  3. it exports exactly the names preload/interposed.def lists, the one table of what it
#     interposes (dlsym(RTLD_NEXT) from the client relies on it).
. "${top_srcdir:?}/tests/preload/test-lib.sh"
echo "1..3"

# What the preload may import, and why (a line in parentheses is a comment; versions are
# stripped before comparing).
allowed='
_ITM_deregisterTMCloneTable _ITM_registerTMCloneTable __gmon_start__ __cxa_finalize
	(the toolchain start files: weak, unused)
__cxa_atexit
	(atexit, from libc_nonshared: the exit handler made at the fork point)
__errno_location
	(errno: hooks save and restore it)
getenv environ __environ strtoul getauxval
	(constructor-only: the LINEUP_* environment, the auxiliary vector)
dl_iterate_phdr dladdr1 dlerror dlvsym
	(the dynamic linker: loaded objects, the real dlsym; no system call)
__libc_malloc __libc_calloc __libc_realloc __libc_memalign __libc_free
	(glibc allocator for uncontrolled threads, under our malloc: heap.c)
pthread_self pthread_getspecific pthread_setspecific pthread_attr_getdetachstate
	(thread-local reads and writes, no system call)
__sigsetjmp __pthread_register_cancel __pthread_unregister_cancel __pthread_unwind_next
	(pthread_cleanup_push and pop around a controlled thread start routine)
sigemptyset sigdelset sigismember
	(signal sets in memory, no system call)
'
printf '%s\n' "$allowed" | grep -v '^[[:space:]]*(' | tr -s ' \t' '\n\n' | sed '/^$/d' |
	sort -u >"$TMP/allowed"

nm -D --undefined-only "$PRELOAD" | awk '{ print $NF }' | sed 's/@.*//' | sort -u >"$TMP/imports"
comm -23 "$TMP/imports" "$TMP/allowed" >"$TMP/extra"
ok "the preload imports only what the allowlist names" test ! -s "$TMP/extra"
sed 's/^/# imported, not allowed: /' "$TMP/extra"

nm -D --defined-only "$PRELOAD" | awk '{ print $NF }' | sort -u >"$TMP/defined"
readelf -rW "$PRELOAD" | awk '$3 ~ /^R_X86_64_/ && NF >= 5 { print $5 }' | sed 's/@.*//' |
	sort -u >"$TMP/relocated"
comm -12 "$TMP/relocated" "$TMP/defined" >"$TMP/self"
ok "no call or pointer reaches one of its own exports through the PLT or the GOT" \
	test ! -s "$TMP/self"
sed 's/^/# relocation against its own export: /' "$TMP/self"

"$B/list-interposed" | sort -u >"$TMP/table"
comm -3 "$TMP/table" "$TMP/defined" >"$TMP/differ"
ok "it exports exactly what preload/interposed.def lists" test ! -s "$TMP/differ"
comm -23 "$TMP/table" "$TMP/defined" | sed 's/^/# listed, not exported: /'
comm -13 "$TMP/table" "$TMP/defined" | sed 's/^/# exported, not listed: /'
exit $((fails != 0))
