#!/bin/sh
# t0320-correct-semaphore-stuck.sh — a wait nobody posts is stuck in serial runs too: justified, exit 0.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libsemw.so client-sem-stuck

lp_run --target "$P/libsemw.so" -- "$P/client-sem-stuck"
expect_status 0
expect_verdict "no violation found"
done_testing
