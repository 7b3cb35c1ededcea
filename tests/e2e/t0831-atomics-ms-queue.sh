#!/bin/sh
# t0831-atomics-ms-queue.sh — the Michael-Scott CAS queue (nodes never freed) is linearizable: exit 0.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-ms.so client-queue-ms

lp_run --target "$P/libqueue-ms.so" -- "$P/client-queue-ms"
expect_status 0
expect_verdict "no violation found"
expect_all_sites_trapped
done_testing
