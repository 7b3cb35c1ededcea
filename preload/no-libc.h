/* preload/no-libc.h — the preload's rules as compile errors: code that runs inside the
 * client, on hook paths and in signal handlers, must not allocate or use stdio (the client
 * may hold malloc's or stdio's locks, or be inside them, when we run). Every preload .c file
 * includes this header LAST: the pragma poisons the names for the rest of the file, and
 * a system header included after it would trip on its own declarations.
 *
 * Allowed, and so not poisoned: getenv (constructor-only, before any client thread runs)
 * and the string functions (no locks, no allocation). Text is built with text.h and
 * written with sys_write; memory comes from the shared area or static tables. Pure policy
 * compiled into the preload (scheduler/sched-pick.c) keeps the same rule on its own: it
 * calls no libc at all, and scheduler/ includes nothing from here.
 *
 * What a pragma cannot see is checked on the built library by tests/preload/imports.sh:
 * every imported symbol is on its commented allowlist (no system-call wrapper: sys.h is
 * the way to the kernel; no allocator but glibc's __libc_* under ours), and no relocation
 * names one of the library's own exports. */
#ifndef LP_PRELOAD_NO_LIBC_H
#define LP_PRELOAD_NO_LIBC_H

/* LP_NO_LIBC_ALLOCATOR: preload/heap.c, which defines the allocator for controlled threads,
 * and preload/interposed.c, whose table names it, are the files that may name it. */
#ifndef LP_NO_LIBC_ALLOCATOR
#pragma GCC poison malloc calloc realloc reallocarray free aligned_alloc posix_memalign valloc
#endif
#pragma GCC poison strdup strndup asprintf vasprintf
#pragma GCC poison printf fprintf dprintf sprintf snprintf vprintf vfprintf vdprintf vsprintf      \
    vsnprintf
#pragma GCC poison fopen fdopen freopen fclose fflush fputs puts fputc putc putchar fwrite fread   \
    fgets
#pragma GCC poison perror

#endif
