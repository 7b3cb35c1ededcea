#!/bin/sh
# t0310-correct-semaphore.sh — a wait that blocks until another thread posts is no violation.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libsemw.so client-sem

lp_run --target "$P/libsemw.so" -- "$P/client-sem"
expect_status 0
expect_verdict "no violation found"
done_testing
