#!/bin/sh
# t0910-real-glib-asyncqueue.sh — GLib's GAsyncQueue (GMutex: inline atomics + syscall(SYS_futex)), push and try_pop from two threads, the Debian library unmodified: no violation, in reasonable time.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_pc glib-2.0 libglib2.0-dev
lp_require_prog client-glib-asyncq

t0=$(date +%s.%N)
lp_run --target libglib-2.0.so.0 -f 'g_async_queue_*' -- "$P/client-glib-asyncq"
t1=$(date +%s.%N)
echo "# elapsed: $(awk "BEGIN { printf \"%.2f\", $t1 - $t0 }") s"
expect_status 0
expect_verdict "no violation found"
expect_atomics_trapped
expect_no_out 'uncontrolled blocking' "GMutex's futex calls are modelled"
done_testing
