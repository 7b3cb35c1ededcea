#!/bin/sh
# t0830-atomics-treiber-stack.sh — Treiber's CAS stack (nodes never freed) is linearizable: exit 0.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libstack-treiber.so client-stack-treiber

lp_run --target "$P/libstack-treiber.so" -- "$P/client-stack-treiber"
expect_status 0
expect_verdict "no violation found"
expect_all_sites_trapped
done_testing
