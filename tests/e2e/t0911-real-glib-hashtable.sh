#!/bin/sh
# t0911-real-glib-hashtable.sh — GLib's GHashTable under the client's GMutex (inline
# atomics and syscall(SYS_futex) in libglib): no violation, the GMutex controlled.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_pc glib-2.0 libglib2.0-dev
lp_require_prog client-glib-hash

lp_run -f 'g_hash_table_*' -- "$P/client-glib-hash"
expect_status 0
expect_verdict "no violation found"
expect_no_out 'uncontrolled blocking' "GMutex's futex calls are modelled"
lp_run --replay c: -f 'g_hash_table_*' -- "$P/client-glib-hash"
expect_out '^0\.2 call g_hash_table_lookup\(0x[0-9a-f]+, 0x1\)$' "the lookups are operations"
expect_out '^0\.2 ret 0x1$' "thread 0.2's lookup finds thread 0.1's key"
done_testing
