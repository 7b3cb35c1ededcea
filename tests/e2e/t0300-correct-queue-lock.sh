#!/bin/sh
# t0300-correct-queue-lock.sh — a mutex-protected queue is linearizable: exit 0.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so client-queue-lock

lp_run --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0
expect_verdict "no violation found"
expect_no_out '^[[:space:]]*schedule: ' "no schedule reported"

lp_run -p 3 --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0 "-p 3: exit status 0"
expect_verdict "no violation found"

lp_run -q --target "$P/libqueue-lock.so" -- "$P/client-queue-lock"
expect_status 0 "-q: exit status 0"
expect_verdict "no violation found"
done_testing
